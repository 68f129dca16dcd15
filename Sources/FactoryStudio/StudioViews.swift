import FactoryCore
import FactoryKinds
import FactoryReview
import Foundation

/// `GET /api/week`: the week Monday to Sunday in the manifest's zone, a page of its cards, the
/// spend per day against the budget, the platforms' health and the jobs.
struct StudioWeekView: Codable, Sendable {
    struct Day: Codable, Sendable {
        var date: String
        var weekday: String
        var items: [StudioCard]
    }

    struct DaySpend: Codable, Sendable {
        var date: String
        var spentUSD: Double
        var budgetUSD: Double
    }

    struct Spend: Codable, Sendable {
        var days: [DaySpend]
        var weekUSD: Double
        var weeklyBudgetUSD: Double
    }

    var week: String
    var timezone: String
    var manifest: String
    var csrf: String
    var total: Int
    var offset: Int
    var limit: Int
    var days: [Day]
    var spend: Spend
    var platforms: [StudioPlatformHealth]
    var jobs: [StudioJobs.Job]
}

/// One platform's channel health for the header (docs/studio.md).
public struct StudioPlatformHealth: Codable, Sendable, Equatable {
    public var platform: String
    public var title: String
    /// ok, refresh-needed, expired or missing.
    public var health: String
    public var detail: String
    /// The command that mends it (`factory auth tiktok`), when it needs mending.
    public var fix: String?

    public init(platform: String, title: String, health: String, detail: String, fix: String?) {
        self.platform = platform
        self.title = title
        self.health = health
        self.detail = detail
        self.fix = fix
    }
}

/// `GET /api/items/{id}`: one item in full.
struct StudioItemView: Codable, Sendable {
    struct File: Codable, Sendable {
        var name: String
        var url: String
        var size: Int
        var type: String
    }

    struct Generation: Codable, Sendable {
        var stage: String
        var provider: String
        var model: String
        var costUSD: Double
        var cached: Bool
    }

    struct Text: Codable, Sendable, Equatable {
        var title: String?
        var caption: String
    }

    struct Limit: Codable, Sendable {
        var title: Int?
        var caption: Int
        var hashtags: Int?
    }

    struct Version: Codable, Sendable {
        var stamp: String
        var label: String
        var thumb: String?
        var video: String?
        var title: String
    }

    var card: StudioCard
    var video: String?
    var audio: String?
    var stills: [String]
    var captions: String?
    var files: [File]
    var generation: [Generation]
    var texts: [String: Text]
    var edited: Bool
    var limits: [String: Limit]
    var versions: [Version]
}

extension StudioItemView {
    static func make(card: StudioCard, entry: ReviewEntry, platforms: [Platform], edits: [PostText], weekFolder: URL) -> StudioItemView {
        let files = (entry.metadata?.files ?? []).map { file in
            File(name: file.name, url: "/files/\(entry.id)/\(file.name)", size: file.size, type: StudioFiles.contentType(file.name))
        }
        let names = Set(files.map(\.name))
        let url = { (name: String) in names.contains(name) ? "/files/\(entry.id)/\(name)" : nil }
        let stills = files.filter { $0.type.hasPrefix("image/") }.map(\.url)
        let caption = (entry.caption ?? entry.title).trimmingCharacters(in: .whitespacesAndNewlines)
        var texts: [String: Text] = [:]
        var limits: [String: Limit] = [:]
        for platform in platforms {
            let edit = card.version.flatMap { edits.text(item: entry.id, version: $0, platform: platform) }
            texts[platform.rawValue] = Text(title: platform == .youtube ? (edit?.title ?? entry.title) : nil, caption: edit?.caption ?? caption)
            let rule = PostingRules.limits(platform)
            limits[platform.rawValue] = Limit(title: rule.title, caption: rule.caption, hashtags: rule.hashtags)
        }
        return StudioItemView(
            card: card, video: url("video.mp4"), audio: url("story.mp3"), stills: stills,
            captions: url("captions.vtt"), files: files,
            generation: (entry.metadata?.generation ?? []).map {
                Generation(stage: $0.stage.rawValue, provider: $0.provider.rawValue, model: $0.model, costUSD: $0.costUSD, cached: $0.cached)
            },
            texts: texts, edited: edits.contains { $0.item == entry.id && $0.version == card.version }, limits: limits, versions: versions(of: entry.id, weekFolder: weekFolder))
    }

    /// The item's earlier bundles under `.versions/<stamp>/<item>/`, newest first.
    static func versions(of item: String, weekFolder: URL) -> [Version] {
        let root = weekFolder.appendingPathComponent(".versions")
        let stamps = ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted(by: >)
        return stamps.compactMap { stamp in
            let folder = root.appendingPathComponent(stamp).appendingPathComponent(item)
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent("metadata.json").path),
                  let metadata = try? SnakeJSON.decoder().decode(BundleMetadata.self, from: data) else { return nil }
            let has = { (name: String) in metadata.files.contains { $0.name == name } ? "/files/.versions/\(stamp)/\(item)/\(name)" : nil }
            return Version(stamp: stamp, label: label(stamp), thumb: has("cover.jpg"), video: has("video.mp4"), title: metadata.title)
        }
    }

    /// "20261122T100000Z" → "2026-11-22 10:00 UTC"; other stamps as they are.
    static func label(_ stamp: String) -> String {
        let digits = stamp.filter(\.isNumber)
        guard digits.count >= 12 else { return stamp }
        let d = Array(digits)
        return "\(String(d[0..<4]))-\(String(d[4..<6]))-\(String(d[6..<8])) \(String(d[8..<10])):\(String(d[10..<12])) UTC"
    }
}
