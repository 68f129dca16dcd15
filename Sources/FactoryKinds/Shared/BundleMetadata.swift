import FactoryCore
import FactoryImaging
import FactoryMedia
import Foundation

/// metadata.json: what the bundle holds, how each part was made, what it cost and how it checked.
public struct BundleMetadata: Sendable, Codable {
    /// A file of the bundle with its size, hash and, for media, probed facts.
    public struct File: Sendable, Codable, Equatable {
        public var name: String
        public var size: Int
        public var sha256: String
        public var media: MediaProbe?
        public var image: ImageFacts?
    }

    /// Pixel size of a still image.
    public struct ImageFacts: Sendable, Codable, Equatable {
        public var width: Int
        public var height: Int
    }

    /// One quality check and its outcome (Core's, which the runner enforces).
    public typealias Check = QualityCheck

    /// How the video was rendered.
    public struct Render: Sendable, Codable, Equatable {
        public var width: Int
        public var height: Int
        public var fps: Int
        public var bitrate: Int
        public var preset: String
        public var x264Preset: String
        public var seconds: Double
        public var frames: Int
        /// What libx264 was told the picture holds (`VideoSettings.Content`: footage, illustration,
        /// screen), which picks its frames and search; absent in bundles made before 7 Dec 2026.
        public var content: String? = nil
    }

    public var schemaVersion = 1
    public var itemId: String
    public var kind: Kind
    public var week: String
    public var scheduledDate: String
    public var title: String
    public var files: [File] = []
    public var generation: [GenerationRecord]
    public var totalCostUSD: Double
    public var render: Render?
    public var layout: [String: Box]
    public var checks: [Check]
    /// What the bundle measured and facts particular to its kind (theme, message count, where the
    /// text came from, …); `details` in the file.
    public var measurements: Measurements? = nil
    /// The text layers' measured contrast (nil: a bundle made before it was measured).
    public var textContrast: TextContrast? = nil
    public var manifestSha256: String
    public var toolVersion: String
    public var createdAt: String

    // The names the properties have always had in the file, through the snake-case strategy.
    enum CodingKeys: String, CodingKey {
        case schemaVersion, itemId, kind, week, scheduledDate, title, files, generation, totalCostUSD, render, layout, checks
        case measurements = "details"
        case textContrast, manifestSha256, toolVersion, createdAt
    }
}

extension BundleWriter {
    /// Describes every file in the staging folder (metadata.json excluded): size, sha256, probe.
    public func describeFiles() throws -> [BundleMetadata.File] {
        let names = try FileManager.default.contentsOfDirectory(atPath: staging.path).filter { $0 != "metadata.json" }.sorted()
        return try names.map { name in
            let full = path(name)
            let size = (try FileManager.default.attributesOfItem(atPath: full)[.size] as? Int) ?? 0
            var file = BundleMetadata.File(name: name, size: size, sha256: try Digest.sha256(file: full))
            let ext = (name as NSString).pathExtension.lowercased()
            if ["mp4", "mp3", "m4a", "wav"].contains(ext) { file.media = try MediaProbe.probe(path: full) }
            if ["jpg", "jpeg", "png"].contains(ext) {
                let image = try Image.load(path: full)
                file.image = .init(width: image.width, height: image.height)
            }
            return file
        }
    }

    /// Describes the staged files and writes metadata.json: the one place a bundle's metadata is
    /// built, whatever the kind. `title` is the kind's own; the item's `title:` wins over it.
    @discardableResult
    public func writeMetadata(item: Item, manifest: Manifest, title: String, records: [GenerationRecord],
                              settings: VideoSettings, stats: SceneRenderer.Stats, layout: [String: Box] = [:],
                              checks: [BundleMetadata.Check], measurements: Measurements? = nil,
                              textContrast: BundleMetadata.TextContrast? = nil) throws -> BundleMetadata {
        let render = BundleMetadata.Render(width: settings.width, height: settings.height, fps: settings.fps, bitrate: settings.bitrate,
                                           preset: item.quality.rawValue, x264Preset: settings.preset.x264, seconds: stats.seconds,
                                           frames: stats.frames, content: settings.content.rawValue)
        return try metadata(item: item, manifest: manifest, title: title, records: records, render: render, layout: layout,
                            checks: checks, measurements: measurements, textContrast: textContrast)
    }

    /// metadata.json for a bundle without a video (a kind that makes stills only).
    @discardableResult
    public func writeStillMetadata(item: Item, manifest: Manifest, title: String, records: [GenerationRecord],
                                   layout: [String: Box] = [:], checks: [BundleMetadata.Check],
                                   measurements: Measurements? = nil) throws -> BundleMetadata {
        try metadata(item: item, manifest: manifest, title: title, records: records, render: nil, layout: layout,
                     checks: checks, measurements: measurements)
    }

    private func metadata(item: Item, manifest: Manifest, title: String, records: [GenerationRecord], render: BundleMetadata.Render?,
                          layout: [String: Box], checks: [BundleMetadata.Check], measurements: Measurements?,
                          textContrast: BundleMetadata.TextContrast? = nil) throws -> BundleMetadata {
        var metadata = BundleMetadata(
            itemId: item.id, kind: item.kind, week: manifest.week.description, scheduledDate: item.date,
            title: item.title ?? title, files: try describeFiles(), generation: records,
            totalCostUSD: records.reduce(0) { $0 + $1.costUSD }, render: render,
            layout: layout, checks: checks, measurements: measurements,
            manifestSha256: manifest.sha256, toolVersion: ToolVersion.current, createdAt: ISO8601DateFormatter().string(from: Date()))
        metadata.textContrast = textContrast
        try SnakeJSON.encoder().encode(metadata).write(to: staging.appendingPathComponent("metadata.json"), options: .atomic)
        return metadata
    }
}
