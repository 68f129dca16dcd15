import FactoryCore
import Foundation

/// `factory stats --poll`: reads the figures of every posted post of the week whose slot is due
/// (`MetricSchedule`) and appends one snapshot per post and slot. A platform's limit ends that
/// platform's reads for this poll (the rest wait for the next one, exit 3); nothing read is lost,
/// and a slot already recorded (a poll killed and run again) is not read again.
public struct MetricsPoller: Sendable {
    public var week: String
    public var journal: any PostJournal
    public var readers: [Platform: any MetricReader]
    public var now: Date
    /// The caption each post went out with (TikTok's id is found by it when status/fetch gave none).
    public var caption: @Sendable (_ item: String, _ platform: Platform) -> String
    public var log: @Sendable (String) -> Void = { _ in }

    public init(week: String, journal: any PostJournal, readers: [Platform: any MetricReader], now: Date,
                caption: @escaping @Sendable (String, Platform) -> String) {
        self.week = week
        self.journal = journal
        self.readers = readers
        self.now = now
        self.caption = caption
    }

    public struct Report: Sendable, Equatable {
        public var recorded = 0
        /// Due posts already read for their slot.
        public var alreadyRead = 0
        /// Posted posts with no slot due now.
        public var notDue = 0
        /// Per platform, why reads stopped early.
        public var deferred: [Platform: String] = [:]
        /// Posts whose platform has no reader (not set up).
        public var skipped: [Platform: Int] = [:]

        public var exitCode: Int32 { deferred.isEmpty ? 0 : 3 }

        public var summary: String {
            var parts = ["stats: \(recorded) snapshot\(recorded == 1 ? "" : "s") recorded", "\(alreadyRead) already read", "\(notDue) not due"]
            for (platform, reason) in deferred.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                parts.append("\(platform.title) deferred: \(reason)")
            }
            return parts.joined(separator: "; ")
        }
    }

    public func run() async throws -> Report {
        var report = Report()
        let posts = try await journal.posts(week: week).filter { $0.state == .posted }
        let taken = Set(try await journal.snapshots(week: week).map { "\($0.platform)|\($0.item)|\($0.slot)" })
        var due: [Platform: [(target: MetricTarget, slot: String)]] = [:]
        // The latest posted row per item and platform.
        var latest: [String: PostRecord] = [:]
        for post in posts { latest["\(post.item)|\(post.platform)"] = post }
        for post in latest.values.sorted(by: { ($0.item, $0.platform.rawValue) < ($1.item, $1.platform.rawValue) }) {
            let postedAt = ISO8601DateFormatter().date(from: post.updatedAt) ?? now
            guard let slot = MetricSchedule.slot(postedAt: postedAt, now: now, platform: post.platform) else {
                report.notDue += 1
                continue
            }
            let stamp = MetricSchedule.stamp(slot)
            if taken.contains("\(post.platform)|\(post.item)|\(stamp)") {
                report.alreadyRead += 1
                continue
            }
            guard readers[post.platform] != nil else {
                report.skipped[post.platform, default: 0] += 1
                continue
            }
            due[post.platform, default: []].append((MetricTarget(record: post, postedAt: postedAt, caption: caption(post.item, post.platform)), stamp))
        }
        let fetched = ISO8601DateFormatter().string(from: now)
        for platform in Platform.allCases {
            guard let reader = readers[platform], let targets = due[platform], !targets.isEmpty else { continue }
            let batch = try await reader.readMetrics(targets.map(\.target))
            for (target, slot) in targets {
                guard let reading = batch.readings[target.record.id] else { continue }
                let snapshot = MetricSnapshot(week: week, item: target.record.item, platform: platform, postId: reading.postId,
                                              slot: slot, fetchedAt: fetched, values: reading.values,
                                              visibility: reading.visibility, reason: reading.reason)
                if try await journal.record(snapshot) {
                    report.recorded += 1
                    log("\(target.record.item) \(platform): " + Self.describe(snapshot))
                } else {
                    report.alreadyRead += 1
                }
            }
            if let why = batch.deferred {
                report.deferred[platform] = why
                log("\(platform.title): \(why); \(targets.count - batch.readings.count) post(s) wait for the next poll")
            }
        }
        return report
    }

    static func describe(_ snapshot: MetricSnapshot) -> String {
        let given = snapshot.values.keys.sorted().compactMap { key in (snapshot.values[key] ?? nil).map { "\(key) \(Int64($0))" } }
        return given.isEmpty ? "no figures (\(snapshot.reason ?? "none given"))" : given.joined(separator: ", ")
    }
}
