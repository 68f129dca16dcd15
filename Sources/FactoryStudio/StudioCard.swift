import FactoryCore
import FactoryKinds
import FactoryReview
import Foundation

/// One item as the week's calendar shows it (docs/studio.md, `GET /api/week`): its still, kind,
/// status, QA figures, cost, failed checks, approval, and per platform when it is due and where its
/// post stands. Built from the bundle (through `WeekReview`), the manifest and the journal.
struct StudioCard: Codable, Sendable, Equatable {
    struct QA: Codable, Sendable, Equatable {
        var loudness: String?
        var contrast: String?
        var drift: String?
    }

    struct FailedCheck: Codable, Sendable, Equatable {
        var name: String
        var detail: String
    }

    struct ApprovalState: Codable, Sendable, Equatable {
        /// approved, stale (an earlier version), not-approved, auto (`approval: auto`) or not-needed (no publish).
        var state: String
        var version: String?
        var by: String?
        var at: String?
    }

    struct Figures: Codable, Sendable, Equatable {
        var platform: String
        var views: Double?
        var likes: Double?
        var comments: Double?
        var shares: Double?
        var saves: Double?
        var note: String?
    }

    struct Post: Codable, Sendable, Equatable {
        var platform: String
        var title: String
        /// ISO 8601 in the manifest's zone; nil when the item is not scheduled.
        var due: String?
        /// waiting (approved, due or not), not-due, uploading, processing, posted, failed, skipped.
        var state: String
        var url: String?
        var reason: String?
    }

    var id: String
    var kind: String
    var series: String?
    var template: String?
    var title: String
    var day: String
    var date: String?
    var status: ReviewEntry.Status
    var reason: String?
    var costUSD: Double
    var thumb: String?
    var qa: QA
    var failedChecks: [FailedCheck]
    var approval: ApprovalState
    var posts: [Post]
    /// What each platform's post did (the latest snapshot; absent figures are null, never 0), and
    /// the chart of views over time when there are any.
    var figures: [Figures] = []
    var viewsChart: String?
    /// The bundle's version (its video's sha256), for the text edits and approvals.
    var version: String?
}

extension StudioCard {
    /// The card of `entry`, with the manifest's `item` (nil when the manifest no longer lists it).
    static func make(_ entry: ReviewEntry, item: Item?, manifest: Manifest, approvals: [Approval], posts: [PostRecord],
                     now: Date) -> StudioCard {
        let checks = entry.metadata?.checks ?? []
        let figure = { (name: String) in checks.first { $0.name == name }?.detail }
        let version = entry.metadata?.files.first { $0.name == "video.mp4" }?.sha256
        let cover = entry.metadata?.files.contains { $0.name == "cover.jpg" } == true
        return StudioCard(
            id: entry.id, kind: entry.kind.rawValue, series: item?.content.memorySeries,
            template: entry.metadata?.measurements?[.template], title: entry.title, day: entry.day, date: entry.date,
            status: entry.status, reason: entry.reason, costUSD: entry.costUSD,
            thumb: cover ? "/thumbs/\(entry.id).jpg" : nil,
            qa: QA(loudness: short(figure("audio:loudness"), unit: "LUFS"), contrast: short(figure("text:contrast"), unit: ":1"),
                   drift: short(figure("readalong:drift"), unit: "ms")),
            failedChecks: entry.failedChecks.map { FailedCheck(name: $0.name, detail: $0.detail) },
            approval: approval(entry.id, version: version, manifest: manifest, approvals: approvals),
            posts: platformPosts(entry.id, item: item, version: version, manifest: manifest, approvals: approvals, posts: posts, now: now),
            figures: (entry.sharing?.figures ?? []).map { f in
                Figures(platform: f.platform.rawValue, views: f.latest.views, likes: f.latest.likes, comments: f.latest.comments,
                        shares: f.latest.shares, saves: f.latest.saves, note: f.latest.views == nil ? f.reason : nil)
            },
            viewsChart: entry.sharing?.figures.isEmpty == false ? "/api/items/\(entry.id)/views.svg" : nil,
            version: version)
    }

    /// The check's headline figure ("-14.0 LUFS", "6.40:1", "38 ms") from its detail; the detail
    /// itself when it has none (a bundle without a soundtrack says so).
    static func short(_ detail: String?, unit: String) -> String? {
        guard let detail else { return nil }
        let words = detail.replacingOccurrences(of: ",", with: " ").split(separator: " ").map(String.init)
        for (index, word) in words.enumerated() {
            if unit == ":1", word.hasSuffix(":1"), Double(word.dropLast(2)) != nil { return word }
            if unit != ":1", word == unit, index > 0, Double(words[index - 1].replacingOccurrences(of: "−", with: "-")) != nil {
                return "\(words[index - 1]) \(unit)"
            }
        }
        // No figure ("no soundtrack (no music set); target …"): its first clause.
        let clause = detail.split(whereSeparator: { "(;,".contains($0) }).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? detail
        return clause.count <= 40 ? clause : String(clause.prefix(39)) + "…"
    }

    static func approval(_ id: String, version: String?, manifest: Manifest, approvals: [Approval]) -> ApprovalState {
        if manifest.publish?.approval == .auto { return ApprovalState(state: "auto", version: version) }
        guard let found = approvals.first(where: { $0.item == id }) else {
            return ApprovalState(state: manifest.publish == nil ? "not-needed" : "not-approved")
        }
        return ApprovalState(state: found.version == version ? "approved" : "stale", version: found.version, by: found.by,
                             at: found.approvedAt)
    }

    static func platformPosts(_ id: String, item: Item?, version: String?, manifest: Manifest, approvals: [Approval],
                              posts: [PostRecord], now: Date) -> [Post] {
        guard let settings = manifest.publish, let item else { return [] }
        let platforms = item.publishing.platforms ?? settings.platforms
        let due = (item.publishing.postAt ?? settings.at).moment(on: item.date, in: manifest.timezone)
        let stamp = ISO8601DateFormatter()
        stamp.timeZone = manifest.timezone
        let approved = settings.approval == .auto || approvals.contains { $0.item == id && $0.version == version }
        return platforms.map { platform in
            let mine = posts.filter { $0.item == id && $0.platform == platform }
            let latest = mine.last { $0.version == version } ?? mine.last
            var post = Post(platform: platform.rawValue, title: platform.title, due: due.map(stamp.string(from:)), state: "not-due")
            if let latest {
                post.url = latest.url
                post.reason = latest.reason
                switch latest.state {
                case .posted: post.state = "posted"
                case .failed: post.state = "failed"
                case .intent, .started: post.state = "uploading"
                case .uploaded, .publishing: post.state = "processing"
                }
                if latest.version != version, latest.state == .posted { post.reason = "an earlier version is posted" }
            } else if approved {
                post.state = "waiting"
            } else if let due, due <= now {
                post.state = "skipped"
                post.reason = "not approved"
            }
            return post
        }
    }
}
