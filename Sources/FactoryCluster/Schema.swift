import Foundation
import Logging
import PostgresNIO

/// The cluster's tables and functions as numbered migrations, applied on first use inside one
/// transaction under an advisory lock (so workers starting together migrate once). A database
/// migrated by a newer binary is refused: this one would not know its rules.
enum Schema {
    /// The newest version this binary knows.
    static var current: Int { migrations.count }

    static let migrations: [String] = [v1, v2, v3, v4, v5, v6, v7]

    /// Any constant works; it only has to be the same in every worker.
    static let lockKey: Int64 = 0x6661_6374_6f72_79

    /// A migration's statements one by one (the extended protocol takes one at a time): each ends
    /// with a line ending in `;`, outside `$$` bodies; `--` comment lines are dropped.
    static func statements(_ sql: String) -> [String] {
        var result: [String] = [], current: [Substring] = [], inBody = false
        for line in sql.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current.isEmpty && (trimmed.isEmpty || trimmed.hasPrefix("--")) { continue }
            current.append(line)
            if line.components(separatedBy: "$$").count % 2 == 0 { inBody.toggle() }
            if !inBody && trimmed.hasSuffix(";") {
                result.append(current.joined(separator: "\n"))
                current = []
            }
        }
        return result
    }

    static func migrate(_ db: Database) async throws {
        let version = try await db.run("schema migration", statements: 4) { client in
            try await client.withTransaction(logger: db.logger) { connection -> Int in
                try await connection.query("SELECT pg_advisory_xact_lock(\(lockKey))", logger: db.logger)
                try await connection.query("""
                    CREATE TABLE IF NOT EXISTS factory_schema (
                        version bigint PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())
                    """, logger: db.logger)
                var found = 0
                for try await version in try await connection.query("SELECT COALESCE(max(version), 0) FROM factory_schema",
                                                                    logger: db.logger).decode(Int.self) {
                    found = version
                }
                guard found <= current else { return found }
                for (index, sql) in migrations.enumerated() where index + 1 > found {
                    for statement in statements(sql) {
                        try await connection.query(PostgresQuery(unsafeSQL: statement), logger: db.logger)
                    }
                    try await connection.query("INSERT INTO factory_schema (version) VALUES (\(index + 1))", logger: db.logger)
                }
                return found
            }
        }
        if version > current {
            throw ClusterError(.schema, "the database at \(db.url.redacted) has cluster schema version \(version), newer than "
                               + "the \(current) this factory knows: a newer factory migrated it. Run the same factory "
                               + "version on every worker (upgrade this one); it changed nothing")
        }
    }
}
