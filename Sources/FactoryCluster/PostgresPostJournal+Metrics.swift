import FactoryCore
import Foundation
import PostgresNIO

/// The posts' figures (migration 7), one history for every host of the cluster.
extension PostgresPostJournal {
    public func record(_ snapshot: MetricSnapshot) async throws -> Bool {
        let rows = try await db.rows("record the figures of \(snapshot.item) on \(snapshot.platform)", """
            INSERT INTO factory_post_metrics (platform, post_id, slot, week, item, fetched_at, metrics, visibility, reason)
            VALUES (\(snapshot.platform.rawValue), \(snapshot.postId), \(snapshot.slot), \(snapshot.week), \(snapshot.item),
                    \(snapshot.fetchedAt), \(MetricSnapshot.encode(snapshot.values)), \(snapshot.visibility), \(snapshot.reason))
            ON CONFLICT (platform, post_id, slot) DO NOTHING RETURNING 1
            """)
        return !rows.isEmpty
    }

    public func snapshots(week: String) async throws -> [MetricSnapshot] {
        let rows = try await db.rows("read the week's figures", """
            SELECT platform, post_id, slot, week, item, fetched_at, metrics, visibility, reason FROM factory_post_metrics
             WHERE week = \(week) ORDER BY fetched_at, slot, item, platform
            """)
        return try rows.compactMap { row in
            let (platform, postId, slot, week, item, fetched, metrics, visibility, reason) =
                try row.decode((String, String, String, String, String, String, String, String?, String?).self)
            guard let platform = Platform(rawValue: platform) else { return nil }
            return MetricSnapshot(week: week, item: item, platform: platform, postId: postId, slot: slot, fetchedAt: fetched,
                                  values: MetricSnapshot.decode(metrics), visibility: visibility, reason: reason)
        }
    }
}
