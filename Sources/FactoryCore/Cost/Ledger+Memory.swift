import Foundation
import GRDB

/// The content memory in the ledger's SQLite file (tables `memory` and `memory_rejections`,
/// migration "v2-memory"): one file to back up, and `--fresh` (which bypasses the cache and the
/// bundles) leaves it alone.
extension Ledger: ContentMemory {
    /// The ledger's file, for messages.
    public var location: String { path.path }

    static func registerMemory(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v2-memory") { db in
            try db.execute(sql: """
                CREATE TABLE memory (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    series TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    week TEXT NOT NULL,
                    item TEXT NOT NULL,
                    version INTEGER NOT NULL,
                    field TEXT NOT NULL,
                    text TEXT NOT NULL,
                    seed TEXT,
                    fixed INTEGER NOT NULL DEFAULT 0,
                    run_id TEXT NOT NULL,
                    recorded_at TEXT NOT NULL
                );
                CREATE INDEX memory_series_week ON memory(series, week);
                CREATE INDEX memory_week_item ON memory(week, item);
                CREATE TABLE memory_rejections (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    series TEXT NOT NULL,
                    week TEXT NOT NULL,
                    item TEXT NOT NULL,
                    stage TEXT NOT NULL,
                    field TEXT NOT NULL,
                    text TEXT NOT NULL,
                    earlier_week TEXT NOT NULL,
                    earlier_item TEXT NOT NULL,
                    similarity REAL NOT NULL,
                    recorded_at TEXT NOT NULL
                );
                CREATE INDEX memory_rejections_series_week ON memory_rejections(series, week);
                """)
        }
    }

    public func record(_ publication: Publication) throws -> Int {
        let stamp = clock.stamp()
        return try db.write { db in
            let last = try Int.fetchOne(db, sql: "SELECT MAX(version) FROM memory WHERE week = ? AND item = ?",
                                        arguments: [publication.week, publication.item]) ?? 0
            let version = last + 1
            for entry in publication.entries {
                try db.execute(sql: """
                    INSERT INTO memory (series, kind, week, item, version, field, text, seed, fixed, run_id, recorded_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, arguments: [publication.series, publication.kind.rawValue, publication.week, publication.item, version,
                                     entry.field.rawValue, entry.text, entry.seed.map { String($0) }, entry.fixed ? 1 : 0,
                                     publication.runId, stamp])
            }
            return version
        }
    }

    public func published(series: String, from: String, to: String) throws -> [MemoryEntry] {
        try entries(where: "series = ? AND week BETWEEN ? AND ?", [series, from, to])
    }

    public func history(series: String?, from: String?, to: String?) throws -> [MemoryEntry] {
        var conditions: [String] = [], arguments: [String] = []
        if let series { conditions.append("series = ?"); arguments.append(series) }
        if let from { conditions.append("week >= ?"); arguments.append(from) }
        if let to { conditions.append("week <= ?"); arguments.append(to) }
        return try entries(where: conditions.isEmpty ? "1" : conditions.joined(separator: " AND "), arguments,
                           order: "week, item, version, field, id")
    }

    func entries(where condition: String, _ arguments: [String], order: String = "week, item, version, id") throws -> [MemoryEntry] {
        try db.read { db in
            try Row.fetchAll(db, sql: """
                SELECT series, kind, week, item, version, field, text, seed, fixed, recorded_at FROM memory
                WHERE \(condition) ORDER BY \(order)
                """, arguments: StatementArguments(arguments)).compactMap { row in
                let field = MemoryField(rawValue: row["field"])
                let seed: String? = row["seed"]
                return MemoryEntry(series: row["series"], kind: Kind(rawValue: row["kind"]), week: row["week"], item: row["item"], version: row["version"],
                                   field: field, text: row["text"], seed: seed.flatMap { UInt64($0) }, fixed: (row["fixed"] as Int) != 0,
                                   recordedAt: row["recorded_at"])
            }
        }
    }

    public func recordRejection(_ r: RepeatRejection) throws {
        let stamp = clock.stamp()
        try db.write { db in
            try db.execute(sql: """
                INSERT INTO memory_rejections (series, week, item, stage, field, text, earlier_week, earlier_item, similarity, recorded_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [r.series, r.week, r.item, r.stage, r.field.rawValue, r.text, r.earlierWeek, r.earlierItem,
                                 r.similarity, stamp])
        }
    }

    public func repeatRate(series: String, from: String, to: String, checked: [MemoryField]) throws -> RepeatRate {
        // The names are bound, not spliced: a kind's field name is its own to choose.
        let marks = Array(repeating: "?", count: max(checked.count, 1)).joined(separator: ", ")
        let names = checked.isEmpty ? [""] : checked.map(\.rawValue)
        return try db.read { db in
            let published = try Int.fetchOne(db, sql: """
                SELECT COUNT(*) FROM (SELECT DISTINCT week, item, version FROM memory
                WHERE series = ? AND week BETWEEN ? AND ? AND fixed = 0 AND field IN (\(marks)))
                """, arguments: StatementArguments([series, from, to] + names)) ?? 0
            let refused = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM memory_rejections WHERE series = ? AND week BETWEEN ? AND ?",
                                           arguments: [series, from, to]) ?? 0
            return RepeatRate(publications: published, rejections: refused)
        }
    }
}
