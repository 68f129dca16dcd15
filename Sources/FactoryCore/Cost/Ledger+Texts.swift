import Foundation
import GRDB

/// Texts set by hand for a version of an item on a platform (`post_texts`, migration
/// "v4-post-texts"), beside the approvals in the ledger's file.
extension Ledger {
    static func registerTexts(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v4-post-texts") { db in
            try db.execute(sql: """
                CREATE TABLE post_texts (
                    week TEXT NOT NULL,
                    item TEXT NOT NULL,
                    version TEXT NOT NULL,
                    platform TEXT NOT NULL,
                    title TEXT,
                    caption TEXT NOT NULL,
                    edited_by TEXT NOT NULL,
                    edited_at TEXT NOT NULL,
                    PRIMARY KEY (week, item, version, platform)
                );
                """)
        }
    }

    public func setText(_ text: PostText) throws {
        let stamp = clock.stamp()
        try db.write { db in
            try db.execute(sql: """
                INSERT INTO post_texts (week, item, version, platform, title, caption, edited_by, edited_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (week, item, version, platform) DO UPDATE SET title = excluded.title, caption = excluded.caption,
                    edited_by = excluded.edited_by, edited_at = excluded.edited_at
                """, arguments: [text.week, text.item, text.version, text.platform.rawValue, text.title, text.caption, text.by, stamp])
        }
    }

    public func texts(week: String) throws -> [PostText] {
        try db.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM post_texts WHERE week = ? ORDER BY edited_at, item", arguments: [week]).compactMap { row in
                guard let platform = Platform(rawValue: row["platform"]) else { return nil }
                return PostText(week: row["week"], item: row["item"], version: row["version"], platform: platform, title: row["title"],
                                caption: row["caption"], by: row["edited_by"], editedAt: row["edited_at"])
            }
        }
    }
}
