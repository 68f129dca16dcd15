import Foundation
import GRDB

extension Ledger {
    /// One row of the `calls` table as it reads back, for inspection (and the test that a state
    /// folder written by an earlier version still reads).
    public struct CallRow: Sendable, Equatable {
        public var id: Int64
        public var requestKey: String
        public var day: String
        public var week: String
        public var provider: StageProvider
        public var item: String
        public var stage: StageName
        public var state: CallState
        public var reservedUSD: Double
        public var actualUSD: Double?
        public var note: String?
        public var runId: String
        public var createdAt: String
        public var settledAt: String?
    }

    /// Every call, oldest first.
    public func calls() throws -> [CallRow] {
        try db.read { db in
            try Row.fetchAll(db, sql: """
                SELECT id, request_key, day, week, provider, item, stage, state, reserved_usd, actual_usd, note, run_id,
                       created_at, settled_at FROM calls ORDER BY id
                """).map { row in
                let text: String = row["state"]
                guard let state = CallState(rawValue: text) else {
                    throw FactoryError(.budget, "the ledger \(path.path) holds call \(row["id"] as Int64) in state \"\(text)\", which "
                                       + "this factory does not know: a newer factory wrote it; run that version")
                }
                return CallRow(id: row["id"], requestKey: row["request_key"], day: row["day"], week: row["week"],
                               provider: row["provider"], item: row["item"], stage: row["stage"], state: state,
                               reservedUSD: row["reserved_usd"], actualUSD: row["actual_usd"], note: row["note"], runId: row["run_id"],
                               createdAt: row["created_at"], settledAt: row["settled_at"])
            }
        }
    }
}
