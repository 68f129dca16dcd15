import FactoryCore
import FactoryKinds
import Foundation

/// report.json as the review reads it: every field optional, unknown statuses kept as written and
/// unknown keys ignored, so a report written by an older or newer `factory run` still reads.
public struct ReviewReport: Sendable, Decodable {
    /// One item of the run.
    public struct Item: Sendable, Decodable {
        public var id: String
        public var kind: String?
        public var day: String?
        public var status: ReviewEntry.Status?
        public var message: String?
        public var deferral: String?
        public var costUSD: Double?
        public var seconds: Double?
    }

    /// What the run's paid calls cost.
    public struct Calls: Sendable, Decodable {
        public var spentUSD: Double?
    }

    public var week: String?
    public var manifest: String?
    public var startedAt: String?
    public var finishedAt: String?
    public var seconds: Double?
    public var items: [Item]?
    public var calls: Calls?
    public var stopped: Bool?
    /// `memory.weeks` of the run (the window repeats were refused in).
    public var memoryWeeks: Int?

    /// Reads `<week>/report.json`; nil when there is none.
    public static func load(weekFolder: URL) throws -> ReviewReport? {
        let url = weekFolder.appendingPathComponent("report.json")
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        do {
            return try SnakeJSON.decoder().decode(ReviewReport.self, from: Data(contentsOf: url))
        } catch {
            throw FactoryError(.bundle, "\(url.path) cannot be read; run the week again to rewrite it, or move it aside", underlying: error)
        }
    }
}
