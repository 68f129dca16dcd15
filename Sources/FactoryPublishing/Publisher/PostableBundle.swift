import FactoryCore
import Foundation

/// A finished bundle as the publisher reads it: its video, caption and title, and its version
/// (the video's sha256 in metadata.json: a regenerated bundle is a new version).
public struct PostableBundle: Sendable, Equatable {
    public var item: String
    public var folder: URL
    public var video: URL
    public var videoBytes: Int64
    public var duration: Double
    public var version: String
    public var title: String
    public var caption: String
    public var hashtags: [String]
    /// False when one of metadata.json's checks failed (such a bundle is never posted).
    public var checksPassed: Bool

    /// Reads `<week folder>/<item>/`; nil when the item has no published bundle yet.
    public static func load(item: String, weekFolder: URL) throws -> PostableBundle? {
        let folder = weekFolder.appendingPathComponent(item, isDirectory: true)
        let metadataURL = folder.appendingPathComponent("metadata.json")
        guard let data = FileManager.default.contents(atPath: metadataURL.path) else { return nil }
        guard let metadata = try? JSONDecoder().decode(Metadata.self, from: data) else {
            throw PublishError(.input, "item \(item): \(metadataURL.path) does not read; run `factory review --check` and regenerate the item")
        }
        guard let video = metadata.files.first(where: { $0.name == "video.mp4" }) else {
            throw PublishError(.input, "item \(item): its bundle has no video.mp4 in metadata.json; only video bundles are posted")
        }
        let videoURL = folder.appendingPathComponent("video.mp4")
        let size = ((try? FileManager.default.attributesOfItem(atPath: videoURL.path))?[.size] as? NSNumber)?.int64Value
        guard let size, size == Int64(video.size) else {
            throw PublishError(.input, "item \(item): video.mp4 is missing or not the size metadata.json records; regenerate the item")
        }
        let caption = (try? String(contentsOf: folder.appendingPathComponent("caption.txt"), encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? metadata.title
        return PostableBundle(item: item, folder: folder, video: videoURL, videoBytes: size, duration: video.media?.duration ?? 0,
                              version: video.sha256, title: metadata.title, caption: caption,
                              hashtags: PostingRules.hashtags(in: caption), checksPassed: metadata.checks.allSatisfy(\.passed))
    }

    /// The parts of metadata.json the publisher reads.
    struct Metadata: Decodable {
        struct File: Decodable {
            struct Media: Decodable { var duration: Double? }
            var name: String
            var size: Int
            var sha256: String
            var media: Media?
        }
        struct Check: Decodable { var passed: Bool }
        var title: String
        var files: [File]
        var checks: [Check]
    }
}
