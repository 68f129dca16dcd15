import FactoryCore
import Foundation
import Testing

/// The three homes every store protocol has: the in-memory twin, the local files (SQLite and the
/// result files) and PostgreSQL. A contract suite runs each of its cases once per kind.
enum StoreKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case memory, local, postgres

    var testDescription: String { rawValue }
}

/// Moments and buckets of the contract cases, from a clock the cases move: the Saturday, Sunday
/// and Monday around the turn of ISO week 2026-W48 to 2026-W49 in Auckland (UTC+13 in November),
/// where the local day and week differ from UTC's, so a store or a caller reading UTC would show.
enum ContractTime {
    static let zone = TimeZone(identifier: "Pacific/Auckland") ?? .current
    /// Saturday 2026-11-28, 23:59:30 in Auckland.
    static let saturdayNight = Date(timeIntervalSince1970: 1_795_863_570)

    static func stamp(_ date: Date) -> String { ISO8601DateFormatter().string(from: date) }
}

/// A reservation of `usd` by `runId` for the clock's day and week in `ContractTime.zone`.
func reservation(_ n: Int, usd: Double, clock: WallClock, runId: String = "run-1", item: String = "p0",
                 stage: String = "image") -> Ledger.Reservation {
    Ledger.Reservation(requestKey: "key-\(runId)-\(n)", day: clock.day(in: ContractTime.zone), week: clock.week(in: ContractTime.zone),
                       provider: "runware", model: "m", item: item, stage: StageName(rawValue: stage),
                       estimate: CostEstimate(usd: usd * 0.8, maxUSD: usd, units: ["images": 1]), runId: runId)
}
