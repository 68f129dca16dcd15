import FactoryCore
import Foundation
import PostgresNIO

/// The publication journal of a cluster, in the same PostgreSQL as its ledger (migration 4). A new
/// attempt's number is taken under a per-post advisory lock, so two hosts beginning the same post
/// at once get different attempts and the second sees the first's intent.
public final class PostgresPostJournal: PostJournal {
    let db: Database
    let clock: WallClock

    public init(db: Database, clock: WallClock = .system) {
        self.db = db
        self.clock = clock
    }

    public func begin(week: String, item: String, platform: Platform, version: String, runId: String) async throws -> PostRecord {
        let logger = db.logger, stamp = clock.now()
        // One statement: a retried transaction after a dropped connection cannot insert twice unseen.
        return try await db.run("record the intent to post \(item) to \(platform)", statements: 3) { client in
            try await client.withTransaction(logger: logger) { connection -> PostRecord in
                let key = "factory-post:\(week)/\(item)/\(platform.rawValue)"
                try await connection.query("SELECT pg_advisory_xact_lock(hashtext(\(key)))", logger: logger)
                var id: Int64 = 0, attempt = 0
                let rows = try await connection.query("""
                    INSERT INTO factory_posts (week, item, platform, version, attempt, state, run_id, created_at, updated_at)
                    SELECT \(week), \(item), \(platform.rawValue), \(version), COALESCE(max(attempt), 0) + 1, 'intent', \(runId), \(stamp), \(stamp)
                      FROM factory_posts WHERE week = \(week) AND item = \(item) AND platform = \(platform.rawValue)
                    RETURNING id, attempt
                    """, logger: logger)
                for try await (rowId, rowAttempt) in rows.decode((Int64, Int).self) { (id, attempt) = (rowId, rowAttempt) }
                let text = ISO8601DateFormatter().string(from: stamp)
                return PostRecord(id: id, week: week, item: item, platform: platform, version: version, attempt: attempt, state: .intent,
                                  runId: runId, createdAt: text, updatedAt: text)
            }
        }
    }

    public func advance(_ id: Int64, state: PostState, remoteId: String?, details: PostDetails) async throws {
        let logger = db.logger, stamp = clock.now()
        try await db.run("save post \(id)'s step", statements: 3) { client in
            try await client.withTransaction(logger: logger) { connection in
                var saved: String?
                for try await text in try await connection.query("SELECT details FROM factory_posts WHERE id = \(id) FOR UPDATE",
                                                                  logger: logger).decode(String.self) { saved = text }
                guard let saved else { throw FactoryError(.journal, "the publication journal has no post \(id)") }
                let merged = PostRecord.encode(PostRecord.decode(saved).merging(details))
                try await connection.query("""
                    UPDATE factory_posts SET state = \(state.rawValue), remote_id = COALESCE(\(remoteId), remote_id), details = \(merged),
                           updated_at = \(stamp) WHERE id = \(id)
                    """, logger: logger)
            }
        }
    }

    public func finish(_ id: Int64, state: PostState, remoteId: String?, url: String?, reason: String?) async throws {
        let rows = try await db.rows("close post \(id)", """
            UPDATE factory_posts SET state = \(state.rawValue), remote_id = COALESCE(\(remoteId), remote_id), url = \(url),
                   reason = \(reason), updated_at = \(clock.now()) WHERE id = \(id) RETURNING id
            """)
        guard !rows.isEmpty else { throw FactoryError(.journal, "the publication journal has no post \(id)") }
    }

    public func note(_ id: Int64, _ reason: String) async throws {
        try await db.execute("note on post \(id)", "UPDATE factory_posts SET reason = \(reason), updated_at = \(clock.now()) WHERE id = \(id)")
    }

    public func posts(week: String) async throws -> [PostRecord] {
        let rows = try await db.rows("read the week's posts", """
            SELECT id, week, item, platform, version, attempt, state, remote_id, details, url, reason, run_id,
                   \(unescaped: Self.stamp("created_at")), \(unescaped: Self.stamp("updated_at"))
              FROM factory_posts WHERE week = \(week) ORDER BY id
            """)
        return try rows.compactMap { row in
            let (id, week, item, platform, version, attempt, state, remoteId, details, url, reason, runId, created, updated) =
                try row.decode((Int64, String, String, String, String, Int, String, String?, String, String?, String?, String, String, String).self)
            guard let platform = Platform(rawValue: platform), let state = PostState(rawValue: state) else { return nil }
            return PostRecord(id: id, week: week, item: item, platform: platform, version: version, attempt: attempt, state: state,
                              remoteId: remoteId, details: PostRecord.decode(details), url: url, reason: reason, runId: runId,
                              createdAt: created, updatedAt: updated)
        }
    }

    public func approve(week: String, item: String, version: String, by: String) async throws {
        try await db.execute("approve \(item)", """
            INSERT INTO factory_approvals (week, item, version, approved_by, approved_at) VALUES (\(week), \(item), \(version), \(by), \(clock.now()))
            ON CONFLICT (week, item) DO UPDATE SET version = excluded.version, approved_by = excluded.approved_by, approved_at = excluded.approved_at
            """)
    }

    public func revoke(week: String, item: String) async throws -> Bool {
        let rows = try await db.rows("revoke \(item)'s approval", """
            DELETE FROM factory_approvals WHERE week = \(week) AND item = \(item) RETURNING item
            """)
        return !rows.isEmpty
    }

    public func approvals(week: String) async throws -> [Approval] {
        let rows = try await db.rows("read the week's approvals", """
            SELECT week, item, version, approved_by, \(unescaped: Self.stamp("approved_at")) FROM factory_approvals
             WHERE week = \(week) ORDER BY item
            """)
        return try rows.map { row in
            let (week, item, version, by, at) = try row.decode((String, String, String, String, String).self)
            return Approval(week: week, item: item, version: version, by: by, approvedAt: at)
        }
    }

    static func stamp(_ column: String) -> String {
        "to_char(\(column) AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')"
    }
}
