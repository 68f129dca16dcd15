import FactoryCore
import FactoryKinds
import FactoryReview
import Foundation
import MCP

extension FactoryTools {
    /// review_week: the week as `factory review` reads it (the CLI's reading, handed in by the
    /// command), without writing its gallery.
    func review(_ arguments: ToolArguments) async throws -> CallTool.Result {
        let week = try arguments.string("week")
        if let week { guard week.wholeMatch(of: /\d{4}-W\d{2}/) != nil else { throw ToolFailure("week \(week): write an ISO week such as 2026-W48") } }
        let folder: URL
        do {
            folder = try WeekReview.locate(week, output: configuration.output.path)
        } catch {
            throw ToolFailure("\(error)")
        }
        let review: WeekReview
        do { review = try await configuration.review(folder) } catch { throw ToolFailure("\(error)") }
        let items = review.entries.map { ReviewAnswer.Item($0, week: review.week, folder: review.folder) }
        let answer = ReviewAnswer(week: review.week, items: items, done: review.count(.done),
                                  totalCostUsd: review.entries.reduce(0) { $0 + $1.costUSD })
        return ToolAnswer.success(ReviewTable.render(review), try ToolAnswer.value(answer))
    }
}

/// review_week's answer (ToolCatalog.review's output schema).
struct ReviewAnswer: Encodable {
    struct QA: Encodable {
        var loudnessLufs: Double?
        var lowestContrast: Double?
        var readalongDriftMs: Double?
        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(loudnessLufs, forKey: .loudnessLufs)
            try c.encode(lowestContrast, forKey: .lowestContrast)
            try c.encode(readalongDriftMs, forKey: .readalongDriftMs)
        }
        enum CodingKeys: String, CodingKey {
            case loudnessLufs = "loudness_lufs", lowestContrast = "lowest_contrast", readalongDriftMs = "readalong_drift_ms"
        }
    }
    struct Check: Encodable { var name: String; var detail: String }
    struct Post: Encodable {
        var platform: String
        var state: String
        var url: String?
        var reason: String?
        var current: Bool
        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(platform, forKey: .platform)
            try c.encode(state, forKey: .state)
            try c.encode(url, forKey: .url)
            try c.encode(reason, forKey: .reason)
            try c.encode(current, forKey: .current)
        }
        enum CodingKeys: String, CodingKey { case platform, state, url, reason, current }
    }
    struct Item: Encodable {
        var id, kind, day: String
        var date: String?
        var status: ReviewEntry.Status
        var reason: String?
        var title: String
        var costUsd: Double
        var needsAttention: Bool
        var qa: QA
        var failedChecks: [Check]
        var repeats: [String]
        var approval: String?
        var posts: [Post]
        var resources: [String]

        init(_ entry: ReviewEntry, week: String, folder: URL) {
            id = entry.id
            kind = entry.kind.rawValue
            day = entry.day
            date = entry.date
            status = entry.status
            reason = entry.reason
            title = entry.title
            costUsd = entry.costUSD
            needsAttention = entry.needsAttention
            qa = QA(loudnessLufs: entry.loudness, lowestContrast: entry.lowestContrast?.ratio, readalongDriftMs: entry.readAlongDrift)
            failedChecks = entry.failedChecks.map { Check(name: $0.name, detail: $0.detail) }
            repeats = entry.repeats
            approval = entry.sharing?.approvalText
            posts = (entry.sharing?.posts ?? []).map {
                Post(platform: $0.platform.rawValue, state: $0.state.rawValue, url: $0.url, reason: $0.reason, current: $0.current)
            }
            resources = entry.hasBundle ? ResourceCatalog.bundleFiles(folder.appendingPathComponent(entry.id)).map {
                ResourceURI.file(week: week, item: entry.id, name: $0)
            } : []
        }

        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(id, forKey: .id)
            try c.encode(kind, forKey: .kind)
            try c.encode(day, forKey: .day)
            try c.encode(date, forKey: .date)
            try c.encode(status, forKey: .status)
            try c.encode(reason, forKey: .reason)
            try c.encode(title, forKey: .title)
            try c.encode(costUsd, forKey: .costUsd)
            try c.encode(needsAttention, forKey: .needsAttention)
            try c.encode(qa, forKey: .qa)
            try c.encode(failedChecks, forKey: .failedChecks)
            try c.encode(repeats, forKey: .repeats)
            try c.encode(approval, forKey: .approval)
            try c.encode(posts, forKey: .posts)
            try c.encode(resources, forKey: .resources)
        }
        enum CodingKeys: String, CodingKey {
            case id, kind, day, date, status, reason, title, qa, repeats, approval, posts, resources
            case costUsd = "cost_usd", needsAttention = "needs_attention", failedChecks = "failed_checks"
        }
    }
    var week: String
    var items: [Item]
    var done: Int
    var totalCostUsd: Double
    enum CodingKeys: String, CodingKey { case week, items, done, totalCostUsd = "total_cost_usd" }
}
