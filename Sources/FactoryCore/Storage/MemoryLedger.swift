import Foundation
import Synchronization

/// The ledger's in-memory twin, with the same rules as the SQLite one: what counts against a cap
/// (settled at their cost, open and uncertain at their reservation, released at nothing), one
/// atomic check-and-reserve, and what a run paid. For unit tests of the executor.
public final class MemoryLedger: LedgerStore {
    struct Row {
        var reservation: Ledger.Reservation
        var state: Ledger.CallState
        var reservedUSD: Double
        var actualUSD: Double?
        var createdAt: String
        var settledAt: String?
    }

    private let rows = Mutex<[Int64: Row]>([:])
    public let location = "memory"
    /// What stamps a call's reservation and settlement, as the SQLite ledger's columns.
    public let clock: WallClock

    public init(clock: WallClock = .system) { self.clock = clock }

    /// Every call's state by id, for assertions.
    public var states: [Int64: Ledger.CallState] { rows.withLock { $0.mapValues(\.state) } }

    /// Every call's `created_at` and `settled_at` stamps by id, for assertions.
    public var stamps: [Int64: (created: String, settled: String?)] {
        rows.withLock { $0.mapValues { ($0.createdAt, $0.settledAt) } }
    }

    /// Every call by id, oldest first.
    func allRows() -> [(Int64, Row)] { rows.withLock { $0.sorted { $0.key < $1.key }.map { ($0.key, $0.value) } } }

    static func committed(_ rows: [Int64: Row], _ matches: (Ledger.Reservation) -> Bool) -> Double {
        rows.values.filter { matches($0.reservation) }.reduce(0) { sum, row in
            sum + row.state.committed(reservedUSD: row.reservedUSD, actualUSD: row.actualUSD)
        }
    }

    public func reserve(_ r: Ledger.Reservation, budget: Budget) throws -> Int64 {
        try rows.withLock { rows in
            let day = Self.committed(rows) { $0.day == r.day }, week = Self.committed(rows) { $0.week == r.week }
            let amount = r.estimate.maxUSD
            if let exceeded = BudgetExceeded.check(r, amount: amount, day: day, week: week, budget: budget) { throw exceeded }
            let id = (rows.keys.max() ?? 0) + 1
            rows[id] = Row(reservation: r, state: .reserved, reservedUSD: amount, createdAt: clock.stamp())
            return id
        }
    }

    /// A call is closed once, from `reserved`: a retry, or a late second verdict, changes nothing (as in SQLite and PostgreSQL).
    static func closable(_ row: Row?) -> Bool { row?.state == .reserved }

    public func settle(_ id: Int64, actualUSD: Double, requestId: String?, units: [String: Double]) throws {
        let stamp = clock.stamp()
        rows.withLock { rows in
            guard Self.closable(rows[id]) else { return }
            rows[id]?.state = .settled
            rows[id]?.actualUSD = actualUSD
            rows[id]?.settledAt = stamp
        }
    }

    public func release(_ id: Int64, note: String) throws {
        let stamp = clock.stamp()
        rows.withLock { rows in
            guard Self.closable(rows[id]) else { return }
            rows[id]?.state = .released
            rows[id]?.actualUSD = 0
            rows[id]?.settledAt = stamp
        }
    }

    public func markUncertain(_ id: Int64, note: String) throws {
        rows.withLock { rows in
            guard Self.closable(rows[id]) else { return }
            rows[id]?.state = .uncertain
        }
    }

    public func openCalls(excludingRun runId: String) throws -> [Ledger.OpenCall] {
        rows.withLock { rows in
            rows.filter { $0.value.state == .reserved && $0.value.reservation.runId != runId }.sorted { $0.key < $1.key }.map {
                Ledger.OpenCall(id: $0.key, requestKey: $0.value.reservation.requestKey, provider: $0.value.reservation.provider,
                                item: $0.value.reservation.item, stage: $0.value.reservation.stage, reservedUSD: $0.value.reservedUSD)
            }
        }
    }

    public func committed(day: String, week: String) throws -> (day: Double, week: Double) {
        rows.withLock { rows in (Self.committed(rows) { $0.day == day }, Self.committed(rows) { $0.week == week }) }
    }

    public func paidByStage(runId: String) throws -> [Ledger.StagePaid] {
        rows.withLock { rows in
            var order: [String] = [], paid: [String: Ledger.StagePaid] = [:]
            for (_, row) in rows.sorted(by: { $0.key < $1.key }) where row.state == .settled && row.reservation.runId == runId {
                let r = row.reservation, key = r.item + "\u{1F}" + r.stage.rawValue + "\u{1F}" + r.provider.rawValue
                if paid[key] == nil { order.append(key) }
                paid[key, default: Ledger.StagePaid(item: r.item, stage: r.stage, provider: r.provider, usd: 0)].usd += row.actualUSD ?? 0
            }
            return order.compactMap { paid[$0] }
        }
    }
}
