import Foundation
import GRDB

/// The publication journal in the ledger's SQLite file (tables `posts` and `approvals`, migration
/// "v3-posts"): the posts sit beside the paid calls, in one file with one backup, and every step
/// is committed (synchronous=FULL) before the next byte goes to a platform.
extension Ledger: PostJournal {
    static func registerPosts(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v3-posts") { db in
            try db.execute(sql: """
                CREATE TABLE posts (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    week TEXT NOT NULL,
                    item TEXT NOT NULL,
                    platform TEXT NOT NULL,
                    version TEXT NOT NULL,
                    attempt INTEGER NOT NULL,
                    state TEXT NOT NULL,
                    remote_id TEXT,
                    details TEXT NOT NULL DEFAULT '{}',
                    url TEXT,
                    reason TEXT,
                    run_id TEXT NOT NULL,
                    created_at TEXT NOT NULL,
                    updated_at TEXT NOT NULL,
                    UNIQUE (week, item, platform, attempt)
                );
                CREATE TABLE approvals (
                    week TEXT NOT NULL,
                    item TEXT NOT NULL,
                    version TEXT NOT NULL,
                    approved_by TEXT NOT NULL,
                    approved_at TEXT NOT NULL,
                    PRIMARY KEY (week, item)
                );
                """)
        }
    }

    public func begin(week: String, item: String, platform: Platform, version: String, runId: String) throws -> PostRecord {
        let stamp = clock.stamp()
        return try db.write { db in
            let attempt = (try Int.fetchOne(db, sql: "SELECT MAX(attempt) FROM posts WHERE week = ? AND item = ? AND platform = ?",
                                            arguments: [week, item, platform.rawValue]) ?? 0) + 1
            try db.execute(sql: """
                INSERT INTO posts (week, item, platform, version, attempt, state, run_id, created_at, updated_at)
                VALUES (?, ?, ?, ?, ?, 'intent', ?, ?, ?)
                """, arguments: [week, item, platform.rawValue, version, attempt, runId, stamp, stamp])
            return PostRecord(id: db.lastInsertedRowID, week: week, item: item, platform: platform, version: version, attempt: attempt,
                              state: .intent, runId: runId, createdAt: stamp, updatedAt: stamp)
        }
    }

    public func advance(_ id: Int64, state: PostState, remoteId: String?, details: PostDetails) throws {
        let stamp = clock.stamp()
        try db.write { db in
            let saved = try String.fetchOne(db, sql: "SELECT details FROM posts WHERE id = ?", arguments: [id])
            guard let saved else { throw FactoryError(.journal, "the publication journal has no post \(id)") }
            let merged = PostRecord.decode(saved).merging(details)
            try db.execute(sql: """
                UPDATE posts SET state = ?, remote_id = COALESCE(?, remote_id), details = ?, updated_at = ? WHERE id = ?
                """, arguments: [state.rawValue, remoteId, PostRecord.encode(merged), stamp, id])
        }
    }

    public func finish(_ id: Int64, state: PostState, remoteId: String?, url: String?, reason: String?) throws {
        let stamp = clock.stamp()
        try db.write { db in
            try db.execute(sql: """
                UPDATE posts SET state = ?, remote_id = COALESCE(?, remote_id), url = ?, reason = ?, updated_at = ? WHERE id = ?
                """, arguments: [state.rawValue, remoteId, url, reason, stamp, id])
            guard db.changesCount == 1 else { throw FactoryError(.journal, "the publication journal has no post \(id)") }
        }
    }

    public func note(_ id: Int64, _ reason: String) throws {
        let stamp = clock.stamp()
        try db.write { db in
            try db.execute(sql: "UPDATE posts SET reason = ?, updated_at = ? WHERE id = ?", arguments: [reason, stamp, id])
        }
    }

    public func posts(week: String) throws -> [PostRecord] {
        try db.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM posts WHERE week = ? ORDER BY id", arguments: [week]).compactMap { row in
                guard let platform = Platform(rawValue: row["platform"]), let state = PostState(rawValue: row["state"]) else { return nil }
                return PostRecord(id: row["id"], week: row["week"], item: row["item"], platform: platform, version: row["version"],
                                  attempt: row["attempt"], state: state, remoteId: row["remote_id"],
                                  details: PostRecord.decode(row["details"]), url: row["url"], reason: row["reason"],
                                  runId: row["run_id"], createdAt: row["created_at"], updatedAt: row["updated_at"])
            }
        }
    }

    public func approve(week: String, item: String, version: String, by: String) throws {
        let stamp = clock.stamp()
        try db.write { db in
            try db.execute(sql: """
                INSERT INTO approvals (week, item, version, approved_by, approved_at) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (week, item) DO UPDATE SET version = excluded.version, approved_by = excluded.approved_by,
                    approved_at = excluded.approved_at
                """, arguments: [week, item, version, by, stamp])
        }
    }

    public func revoke(week: String, item: String) throws -> Bool {
        try db.write { db in
            try db.execute(sql: "DELETE FROM approvals WHERE week = ? AND item = ?", arguments: [week, item])
            return db.changesCount > 0
        }
    }

    public func approvals(week: String) throws -> [Approval] {
        try db.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM approvals WHERE week = ? ORDER BY item", arguments: [week]).map { row in
                Approval(week: row["week"], item: row["item"], version: row["version"], by: row["approved_by"], approvedAt: row["approved_at"])
            }
        }
    }
}
