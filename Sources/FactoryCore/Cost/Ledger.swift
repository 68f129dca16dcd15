import Foundation
import GRDB

/// The SQLite ledger of paid calls (WAL, synchronous=FULL): every call is reserved against the
/// daily and weekly caps before it is made and settled to its actual cost after.
public final class Ledger: Sendable {
    /// A call about to be made.
    public struct Reservation: Sendable {
        public var requestKey: String
        public var day: String
        public var week: String
        public var provider: StageProvider
        public var model: String
        public var item: String
        public var stage: StageName
        public var estimate: CostEstimate
        public var runId: String

        public init(requestKey: String, day: String, week: String, provider: StageProvider, model: String, item: String,
                    stage: StageName, estimate: CostEstimate, runId: String) {
            self.requestKey = requestKey
            self.day = day
            self.week = week
            self.provider = provider
            self.model = model
            self.item = item
            self.stage = stage
            self.estimate = estimate
            self.runId = runId
        }
    }

    /// A reservation left open by a run that stopped before the call's answer was saved.
    public struct OpenCall: Sendable, Equatable {
        public var id: Int64
        public var requestKey: String
        public var provider: StageProvider
        public var item: String
        public var stage: StageName
        public var reservedUSD: Double

        public init(id: Int64, requestKey: String, provider: StageProvider, item: String, stage: StageName, reservedUSD: Double) {
            self.id = id
            self.requestKey = requestKey
            self.provider = provider
            self.item = item
            self.stage = stage
            self.reservedUSD = reservedUSD
        }
    }

    let db: DatabaseQueue
    public let path: URL
    /// What stamps `created_at` and `settled_at` (and the content memory's `recorded_at`).
    let clock: WallClock

    public init(path: URL, clock: WallClock = .system) throws {
        self.path = path
        self.clock = clock
        try FileManager.default.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
        var config = Configuration()
        config.busyMode = .timeout(10)
        config.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        do {
            db = try DatabaseQueue(path: path.path, configuration: config)
            try db.writeWithoutTransaction { db in
                _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
                let check = try String.fetchOne(db, sql: "PRAGMA quick_check") ?? "ok"
                guard check == "ok" else {
                    throw FactoryError(.budget, "the ledger \(path.path) is damaged (\(check)); move it aside "
                                       + "(it is SQLite: `sqlite3 \(path.lastPathComponent) .recover`) before running again")
                }
            }
            try Self.migrator.migrate(db)
        } catch let error as FactoryError {
            throw error
        } catch {
            throw FactoryError(.budget, "cannot open the ledger \(path.path)", underlying: error)
        }
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: """
                CREATE TABLE calls (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    request_key TEXT NOT NULL,
                    day TEXT NOT NULL,
                    week TEXT NOT NULL,
                    provider TEXT NOT NULL,
                    model TEXT NOT NULL,
                    item TEXT NOT NULL,
                    stage TEXT NOT NULL,
                    state TEXT NOT NULL CHECK (state IN (\(CallState.sqlList))),
                    estimate_usd REAL NOT NULL,
                    reserved_usd REAL NOT NULL,
                    actual_usd REAL,
                    request_id TEXT,
                    units TEXT,
                    note TEXT,
                    run_id TEXT NOT NULL,
                    created_at TEXT NOT NULL,
                    settled_at TEXT
                );
                CREATE INDEX calls_day ON calls(day);
                CREATE INDEX calls_week ON calls(week);
                CREATE INDEX calls_state ON calls(state);
                """)
        }
        registerMemory(&migrator)
        registerPosts(&migrator)
        registerTexts(&migrator)
        registerMetrics(&migrator)
        return migrator
    }

    /// What counts against a cap: settled calls at their actual cost, open and uncertain ones at their reservation.
    static let committedSQL = """
        SELECT COALESCE(SUM(CASE state WHEN \(CallState.settled.sql) THEN actual_usd
                                       WHEN \(CallState.released.sql) THEN 0 ELSE reserved_usd END), 0)
        FROM calls
        """

    /// Reserves the call's maximum cost in one immediate transaction, or throws a budget error naming the cap.
    public func reserve(_ r: Reservation, budget: Budget) throws -> Int64 {
        try db.writeWithoutTransaction { db in
            var id: Int64 = 0
            try db.inTransaction(.immediate) {
                let day = try Double.fetchOne(db, sql: Self.committedSQL + " WHERE day = ?", arguments: [r.day]) ?? 0
                let week = try Double.fetchOne(db, sql: Self.committedSQL + " WHERE week = ?", arguments: [r.week]) ?? 0
                let amount = r.estimate.maxUSD
                if let exceeded = BudgetExceeded.check(r, amount: amount, day: day, week: week, budget: budget) { throw exceeded }
                try db.execute(sql: """
                    INSERT INTO calls (request_key, day, week, provider, model, item, stage, state, estimate_usd,
                                       reserved_usd, units, run_id, created_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, arguments: [r.requestKey, r.day, r.week, r.provider, r.model, r.item, r.stage, CallState.reserved.rawValue,
                                     r.estimate.usd, amount, Self.json(r.estimate.units), r.runId, clock.stamp()])
                id = db.lastInsertedRowID
                return .commit
            }
            return id
        }
    }

    /// Records the actual cost of a call whose answer has been saved. A call is closed (settled,
    /// released, marked uncertain) once, from `reserved`: a retry or a late second verdict changes nothing.
    public func settle(_ id: Int64, actualUSD: Double, requestId: String?, units: [String: Double]) throws {
        try db.write { db in
            try db.execute(sql: """
                UPDATE calls SET state = ?, actual_usd = ?, request_id = ?, units = ?, settled_at = ?
                WHERE id = ? AND state = ?
                """, arguments: [CallState.settled.rawValue, actualUSD, requestId, Self.json(units), clock.stamp(), id,
                                 CallState.reserved.rawValue])
        }
    }

    /// The call was not billed (refused before it was sent, or answered with an error): frees its reservation.
    public func release(_ id: Int64, note: String) throws {
        try db.write { db in
            try db.execute(sql: "UPDATE calls SET state = ?, actual_usd = 0, note = ?, settled_at = ? WHERE id = ? AND state = ?",
                           arguments: [CallState.released.rawValue, note, clock.stamp(), id, CallState.reserved.rawValue])
        }
    }

    /// The provider may or may not have billed the call: keeps its reservation against the caps, reported.
    public func markUncertain(_ id: Int64, note: String) throws {
        try db.write { db in
            try db.execute(sql: "UPDATE calls SET state = ?, note = ? WHERE id = ? AND state = ?",
                           arguments: [CallState.uncertain.rawValue, note, id, CallState.reserved.rawValue])
        }
    }

    /// Reservations left open by earlier runs (a crash or a kill between reserving and settling).
    public func openCalls(excludingRun runId: String) throws -> [OpenCall] {
        try db.read { db in
            try Row.fetchAll(db, sql: """
                SELECT id, request_key, provider, item, stage, reserved_usd FROM calls
                WHERE state = ? AND run_id != ? ORDER BY id
                """, arguments: [CallState.reserved.rawValue, runId]).map {
                OpenCall(id: $0["id"], requestKey: $0["request_key"], provider: $0["provider"], item: $0["item"],
                         stage: $0["stage"], reservedUSD: $0["reserved_usd"])
            }
        }
    }

    /// Spent (settled) and committed (settled plus open reservations) on a day and in a week.
    public func committed(day: String, week: String) throws -> (day: Double, week: Double) {
        try db.read { db in
            (try Double.fetchOne(db, sql: Self.committedSQL + " WHERE day = ?", arguments: [day]) ?? 0,
             try Double.fetchOne(db, sql: Self.committedSQL + " WHERE week = ?", arguments: [week]) ?? 0)
        }
    }

    static func json(_ units: [String: Double]) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: units, options: [.sortedKeys]) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}

