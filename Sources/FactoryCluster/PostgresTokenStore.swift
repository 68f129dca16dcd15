import FactoryCore
import Foundation
import PostgresNIO

/// The cluster's sealed platform tokens (migration 6), refreshed under a per-platform advisory
/// lock: a host that waited for another's refresh reads the token that host saved.
public struct PostgresTokenStore: SharedTokenStore {
    let db: Database
    let host: String

    public init(db: Database, host: String) {
        self.db = db
        self.host = host
    }

    public func sealedToken(_ platform: Platform) async throws -> String? {
        let rows = try await db.rows("read the \(platform.title) token",
                                     "SELECT sealed FROM factory_platform_tokens WHERE platform = \(platform.rawValue)")
        return try rows.first?.decode(String.self)
    }

    public func saveSealedToken(_ sealed: String, for platform: Platform) async throws {
        try await db.execute("save the \(platform.title) token", """
            INSERT INTO factory_platform_tokens (platform, sealed, saved_by, saved_at)
            VALUES (\(platform.rawValue), \(sealed), \(host), now())
            ON CONFLICT (platform) DO UPDATE SET sealed = excluded.sealed, saved_by = excluded.saved_by, saved_at = excluded.saved_at
            """)
    }

    public func withRefreshLease<T: Sendable>(_ platform: Platform, wait: Double,
                                              _ body: @escaping @Sendable () async throws -> T) async throws -> T {
        guard let value = try await db.withAdvisoryLock("factory-token:\(platform.rawValue)", what: "refreshing the \(platform.title) token",
                                                        wait: wait, body) else {
            throw ClusterError(.connection, "another host has been refreshing the \(platform.title) token for \(Int(wait)) s; try again later")
        }
        return value
    }
}
