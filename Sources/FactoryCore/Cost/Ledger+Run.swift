import Foundation
import GRDB

extension Ledger {
    /// What one run paid, by item and stage: settled calls at their actual cost, failed items and
    /// rejected answers included (the summary's "paid" comes from here, not from finished stages).
    public struct StagePaid: Sendable, Equatable {
        public var item: String
        public var stage: StageName
        public var provider: StageProvider
        public var usd: Double

        public init(item: String, stage: StageName, provider: StageProvider, usd: Double) {
            self.item = item
            self.stage = stage
            self.provider = provider
            self.usd = usd
        }
    }

    public func paidByStage(runId: String) throws -> [StagePaid] {
        try db.read { db in
            try Row.fetchAll(db, sql: """
                SELECT item, stage, provider, SUM(actual_usd) AS usd FROM calls
                WHERE run_id = ? AND state = \(CallState.settled.sql) GROUP BY item, stage, provider ORDER BY MIN(id)
                """, arguments: [runId]).map {
                StagePaid(item: $0["item"], stage: $0["stage"], provider: $0["provider"], usd: $0["usd"] ?? 0)
            }
        }
    }
}
