import FactoryCore
import Foundation
import PostgresNIO

/// The ledger in PostgreSQL, for every worker of a cluster: reservations are conditional updates
/// of the day's and the week's budget rows (in that order) made by `factory_reserve`, and belong
/// to the lease that made them; `factory_close_call` refuses a worker whose lease was taken over.
public final class PostgresLedger: LedgerStore {
    let db: Database
    /// This process: the ledger's run id and the queue's lease owner.
    public let runId: String
    let leases: LeaseBook
    /// `regenerate` (outside the queue) also recovers reservations other such runs left open;
    /// workers do not, as such a run may still be in flight.
    let recoversUnleased: Bool
    /// What stamps `created_at` and `settled_at` (leases are timed by the database's clock).
    public let clock: WallClock

    public init(db: Database, runId: String, leases: LeaseBook, recoversUnleased: Bool = false, clock: WallClock = .system) {
        self.db = db
        self.clock = clock
        self.recoversUnleased = recoversUnleased
        self.runId = runId
        self.leases = leases
    }

    public var location: String { "postgres \(db.url.redacted)" }

    public func reserve(_ r: Ledger.Reservation, budget: Budget) async throws -> Int64 {
        let lease = leases[r.item]
        let units = Self.json(r.estimate.units), amount = r.estimate.maxUSD
        let row = try await db.rows("reserve item \(r.item) stage \(r.stage)", """
            SELECT call_id, refusal, total FROM factory_reserve_at(\(clock.now()), \(r.requestKey), \(r.day), \(r.week), \(r.provider.rawValue), \(r.model),
                \(r.item), \(r.stage.rawValue), \(r.estimate.usd), \(amount), \(units), \(runId), \(lease?.job), \(lease?.attempt),
                \(budget.dailyUSD), \(budget.weeklyUSD))
            """).first
        guard let (id, refusal, total) = try row?.decode((Int64?, String?, Double?).self) else {
            throw ClusterError(.query, "reserve item \(r.item) stage \(r.stage): the database returned nothing")
        }
        switch refusal {
        case nil:
            guard let id else { throw ClusterError(.query, "reserve item \(r.item) stage \(r.stage): no reservation id") }
            return id
        case let refusal?:
            // 'daily' or 'weekly' name the cap (Ledger.Cap's raw values); 'fenced' the lost lease.
            guard let cap = Ledger.Cap(rawValue: refusal) else { throw Self.fenced(item: r.item, stage: r.stage) }
            throw BudgetExceeded(cap: cap, period: cap == .daily ? r.day : r.week, limit: cap.limit(budget), committed: total ?? 0,
                                 amount: amount)
        }
    }

    public func settle(_ id: Int64, actualUSD: Double, requestId: String?, units: [String: Double]) async throws {
        try await close(id, state: .settled, actualUSD: actualUSD, requestId: requestId, units: Self.json(units), note: nil)
    }

    public func release(_ id: Int64, note: String) async throws {
        try await close(id, state: .released, actualUSD: 0, requestId: nil, units: nil, note: note)
    }

    public func markUncertain(_ id: Int64, note: String) async throws {
        try await close(id, state: .uncertain, actualUSD: 0, requestId: nil, units: nil, note: note)
    }

    func close(_ id: Int64, state: Ledger.CallState, actualUSD: Double, requestId: String?, units: String?, note: String?) async throws {
        let row = try await db.rows("mark call \(id) \(state.rawValue)", """
            SELECT factory_close_call_at(\(clock.now()), \(id), \(state.rawValue), \(actualUSD), \(requestId), \(units), \(note.map(Secrets.redact)), \(runId))
            """).first
        let answer = try row?.decode(String.self)
        guard answer == "done" else {
            throw ClusterError(.fenced, "call \(id) was not marked \(state.rawValue) (\(answer ?? "no answer")): this worker's "
                               + "lease on its item was taken over by another worker, which settles it")
        }
    }

    /// Open reservations whose lease is gone (their worker died or was fenced off), plus, for
    /// `regenerate`, open ones other runs made outside the queue.
    public func openCalls(excludingRun runId: String) async throws -> [Ledger.OpenCall] {
        try await db.rows("find open calls", """
            SELECT id, request_key, provider, item, stage, reserved_usd FROM factory_calls c
             WHERE state = \(Ledger.CallState.reserved.rawValue) AND (
                   (job_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM factory_jobs j WHERE j.id = c.job_id AND j.owner = c.run_id
                                                        AND j.attempt = c.attempt AND j.state = \(WorkQueue.JobState.running.rawValue)))
                OR (job_id IS NULL AND run_id <> \(runId) AND \(recoversUnleased)))
             ORDER BY id
            """).map { row in
            let (id, key, provider, item, stage, reserved) = try row.decode((Int64, String, String, String, String, Double).self)
            return Ledger.OpenCall(id: id, requestKey: key, provider: StageProvider(rawValue: provider), item: item, stage: StageName(rawValue: stage), reservedUSD: reserved)
        }
    }

    /// What counts against a cap, as the SQLite ledger counts it.
    static let committedSQL = "COALESCE(SUM(CASE state WHEN \(Ledger.CallState.settled.sql) THEN actual_usd "
        + "WHEN \(Ledger.CallState.released.sql) THEN 0 ELSE reserved_usd END), 0)"

    public func committed(day: String, week: String) async throws -> (day: Double, week: Double) {
        let row = try await db.rows("read committed spend", """
            SELECT (SELECT \(unescaped: Self.committedSQL) FROM factory_calls WHERE day = \(day)),
                   (SELECT \(unescaped: Self.committedSQL) FROM factory_calls WHERE week = \(week))
            """).first
        return try row.map { try $0.decode((Double, Double).self) } ?? (0, 0)
    }

    public func paidByStage(runId: String) async throws -> [Ledger.StagePaid] {
        try await db.rows("read what run \(runId) paid", """
            SELECT item, stage, provider, SUM(actual_usd) FROM factory_calls
             WHERE run_id = \(runId) AND state = \(Ledger.CallState.settled.rawValue) GROUP BY item, stage, provider ORDER BY MIN(id)
            """).map { row in
            let (item, stage, provider, usd) = try row.decode((String, String, String, Double?).self)
            return Ledger.StagePaid(item: item, stage: StageName(rawValue: stage), provider: StageProvider(rawValue: provider), usd: usd ?? 0)
        }
    }

    static func fenced(item: String, stage: StageName) -> ClusterError {
        ClusterError(.fenced, "item \(item) stage \(stage): this worker no longer holds the item's lease (another worker took "
                     + "it over after the lease expired); it stops the item and changes nothing")
    }

    static func json(_ units: [String: Double]) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: units, options: [.sortedKeys]) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}
