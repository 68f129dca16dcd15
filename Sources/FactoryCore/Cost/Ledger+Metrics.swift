import Foundation
import GRDB

/// The posts' figures as read on their schedule (`post_metrics`, migration "v5-post-metrics"),
/// append-only, one row per post per slot.
extension Ledger {
    static func registerMetrics(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v5-post-metrics") { db in
            try db.execute(sql: """
                CREATE TABLE post_metrics (
                    platform TEXT NOT NULL,
                    post_id TEXT NOT NULL,
                    slot TEXT NOT NULL,
                    week TEXT NOT NULL,
                    item TEXT NOT NULL,
                    fetched_at TEXT NOT NULL,
                    metrics TEXT NOT NULL,
                    visibility TEXT,
                    reason TEXT,
                    PRIMARY KEY (platform, post_id, slot)
                );
                CREATE INDEX post_metrics_week ON post_metrics (week, fetched_at);
                """)
        }
    }

    public func record(_ snapshot: MetricSnapshot) throws -> Bool {
        try db.write { db in
            try db.execute(sql: """
                INSERT INTO post_metrics (platform, post_id, slot, week, item, fetched_at, metrics, visibility, reason)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (platform, post_id, slot) DO NOTHING
                """, arguments: [snapshot.platform.rawValue, snapshot.postId, snapshot.slot, snapshot.week, snapshot.item,
                                 snapshot.fetchedAt, MetricSnapshot.encode(snapshot.values), snapshot.visibility, snapshot.reason])
            return db.changesCount == 1
        }
    }

    public func snapshots(week: String) throws -> [MetricSnapshot] {
        try db.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM post_metrics WHERE week = ? ORDER BY fetched_at, slot, item, platform",
                             arguments: [week]).compactMap { row in
                guard let platform = Platform(rawValue: row["platform"]) else { return nil }
                return MetricSnapshot(week: row["week"], item: row["item"], platform: platform, postId: row["post_id"], slot: row["slot"],
                                      fetchedAt: row["fetched_at"], values: MetricSnapshot.decode(row["metrics"]),
                                      visibility: row["visibility"], reason: row["reason"])
            }
        }
    }
}
