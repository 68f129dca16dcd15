import Foundation

/// What happened to one item in a run.
public struct ItemOutcome: Sendable, Codable, Equatable {
    /// The end state of an item.
    public enum Status: String, Sendable, Codable { case done, failed, unsupported }
    public var id: String
    public var kind: String
    public var day: String
    public var status: Status
    public var message: String?
    public var costUSD: Double
    public var seconds: Double
    public var bundle: String?
}

/// report.json: the last run of a week, item by item.
public struct RunReport: Sendable, Codable {
    public var week: String
    public var manifest: String
    public var startedAt: String
    public var finishedAt: String
    public var seconds: Double
    public var providers: [String: String]
    public var items: [ItemOutcome]

    public var done: Int { items.filter { $0.status == .done }.count }
    public var failed: [ItemOutcome] { items.filter { $0.status != .done } }
    public var totalCostUSD: Double { items.reduce(0) { $0 + $1.costUSD } }

    /// 0 when every item is done, 1 when some failed (SPEC §1).
    public var exitCode: Int32 { failed.isEmpty ? 0 : 1 }

    /// A few lines for the terminal or the cron log.
    public var summary: String {
        var lines = ["\(done)/\(items.count) items done in \(String(format: "%.1f", seconds)) s, spent $\(String(format: "%.4f", totalCostUSD))"]
        for item in failed {
            lines.append("  \(item.status == .unsupported ? "not supported" : "FAILED") \(item.id): \(item.message ?? "")")
        }
        return lines.joined(separator: "\n")
    }
}
