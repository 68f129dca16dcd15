import FactoryCore
import Foundation
import PostgresNIO

/// Texts set by hand (migration 5), shared by every host of the cluster.
extension PostgresPostJournal {
    public func setText(_ text: PostText) async throws {
        try await db.execute("save the text of \(text.item) for \(text.platform)", """
            INSERT INTO factory_post_texts (week, item, version, platform, title, caption, edited_by, edited_at)
            VALUES (\(text.week), \(text.item), \(text.version), \(text.platform.rawValue), \(text.title), \(text.caption), \(text.by), \(clock.now()))
            ON CONFLICT (week, item, version, platform) DO UPDATE SET title = excluded.title, caption = excluded.caption,
                edited_by = excluded.edited_by, edited_at = excluded.edited_at
            """)
    }

    public func texts(week: String) async throws -> [PostText] {
        let rows = try await db.rows("read the week's texts", """
            SELECT week, item, version, platform, title, caption, edited_by, \(unescaped: Self.stamp("edited_at")) FROM factory_post_texts
             WHERE week = \(week) ORDER BY edited_at, item
            """)
        return try rows.compactMap { row in
            let (week, item, version, platform, title, caption, by, at) = try row.decode((String, String, String, String, String?, String, String, String).self)
            guard let platform = Platform(rawValue: platform) else { return nil }
            return PostText(week: week, item: item, version: version, platform: platform, title: title, caption: caption, by: by, editedAt: at)
        }
    }
}
