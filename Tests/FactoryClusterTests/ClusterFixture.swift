import FactoryCluster
import FactoryCore
import Foundation
import FactoryTesting

/// A scratch PostgreSQL with one fresh database for a test, and helpers to open the stores as
/// several workers would.
final class ClusterFixture: Sendable {
    let server: ScratchPostgres
    let database: String

    init() throws {
        server = try ScratchPostgres()
        database = "t_\(UUID().uuidString.prefix(8).lowercased())"
        do { try server.createDatabase(database) } catch {
            server.remove()
            throw error
        }
    }

    deinit { server.remove() }

    var url: DatabaseURL { get throws { try DatabaseURL(server.url(database: database)) } }

    func open() async throws -> Database { try await Database(url: try url, patience: 30, log: { _ in }) }

    @discardableResult
    func sql(_ text: String) throws -> String { try server.psql(database, text).trimmingCharacters(in: .whitespacesAndNewlines) }

    /// Moves every running lease of the queue into the past, as if its worker stopped heartbeating a minute ago.
    func backdateLeases(queue: String) throws {
        try sql("UPDATE factory_jobs SET lease_until = now() - interval '1 minute' WHERE queue = '\(queue)' AND state = 'running'")
    }
}

enum Reservations {
    static func make(_ n: Int, item: String = "p0", usd: Double = 0.1, day: String = "2026-11-23", runId: String) -> Ledger.Reservation {
        Ledger.Reservation(requestKey: "key-\(item)-\(n)", day: day, week: "2026-W48", provider: "runware", model: "m", item: item,
                           stage: "image", estimate: CostEstimate(usd: usd, maxUSD: usd, units: ["images": 1]), runId: runId)
    }
}
