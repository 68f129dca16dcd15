import FactoryCore
import Foundation
import PostgresNIO

/// The content memory of a cluster, in the same PostgreSQL as its ledger (migration 2): every
/// worker reads what the series published and records what it publishes there. `claim` checks an
/// accepted answer and claims it under a per-series advisory lock, so two workers making items of
/// the same series at once cannot both publish the same line.
public final class PostgresContentMemory: ContentMemory {
    let db: Database
    /// A claim of an item that never published (its worker died, the item failed) stops counting
    /// after this long; publication removes the item's claims at once.
    static let claimLifetime = "1 day"

    /// What stamps `recorded_at` (claims expire by the database's clock).
    let clock: WallClock

    public init(db: Database, clock: WallClock = .system) {
        self.db = db
        self.clock = clock
    }

    public var location: String { "\(db.url.redacted) (content memory)" }

    public func record(_ publication: Publication) async throws -> Int {
        let logger = db.logger, clock = self.clock
        return try await db.run("record \(publication.item) in the content memory", statements: publication.entries.count + 4) { client in
            try await client.withTransaction(logger: logger) { connection -> Int in
                let key = "factory-memory-version:\(publication.week)/\(publication.item)"
                try await connection.query("SELECT pg_advisory_xact_lock(hashtext(\(key)))", logger: logger)
                var last = 0
                for try await value in try await connection.query("""
                    SELECT COALESCE(max(version), 0) FROM factory_memory WHERE week = \(publication.week) AND item = \(publication.item)
                    """, logger: logger).decode(Int.self) { last = value }
                let version = last + 1, stamp = clock.now()
                for entry in publication.entries {
                    try await connection.query("""
                        INSERT INTO factory_memory (series, kind, week, item, version, field, text, seed, fixed, run_id, recorded_at)
                        VALUES (\(publication.series), \(publication.kind.rawValue), \(publication.week), \(publication.item), \(version),
                                \(entry.field.rawValue), \(entry.text), \(entry.seed.map { String($0) }), \(entry.fixed), \(publication.runId),
                                \(stamp))
                        """, logger: logger)
                }
                try await connection.query("""
                    DELETE FROM factory_memory_claims WHERE week = \(publication.week) AND item = \(publication.item)
                    """, logger: logger)
                return version
            }
        }
    }

    public func published(series: String, from: String, to: String) async throws -> [MemoryEntry] {
        try await entries("read the content memory", """
            SELECT \(unescaped: Self.columns) FROM factory_memory
            WHERE series = \(series) AND week BETWEEN \(from) AND \(to) ORDER BY week, item, version, id
            """)
    }

    public func history(series: String?, from: String?, to: String?) async throws -> [MemoryEntry] {
        try await entries("read the content memory", """
            SELECT \(unescaped: Self.columns) FROM factory_memory
            WHERE (\(series)::text IS NULL OR series = \(series)) AND (\(from)::text IS NULL OR week >= \(from))
              AND (\(to)::text IS NULL OR week <= \(to))
            ORDER BY week, item, version, field, id
            """)
    }

    public func recordRejection(_ r: RepeatRejection) async throws {
        try await db.execute("record a refused repeat", """
            INSERT INTO factory_memory_rejections (series, week, item, stage, field, text, earlier_week, earlier_item, similarity,
                                                   recorded_at)
            VALUES (\(r.series), \(r.week), \(r.item), \(r.stage.rawValue), \(r.field.rawValue), \(r.text), \(r.earlierWeek), \(r.earlierItem),
                    \(r.similarity), \(clock.now()))
            """)
    }

    public func repeatRate(series: String, from: String, to: String, checked: [MemoryField]) async throws -> RepeatRate {
        let checked = checked.map(\.rawValue)
        let rows = try await db.rows("read the repeat rate", """
            SELECT (SELECT count(*) FROM (SELECT DISTINCT week, item, version FROM factory_memory
                      WHERE series = \(series) AND week BETWEEN \(from) AND \(to) AND NOT fixed AND field = ANY(\(checked))) p),
                   (SELECT count(*) FROM factory_memory_rejections WHERE series = \(series) AND week BETWEEN \(from) AND \(to))
            """)
        guard let (published, refused) = try rows.first?.decode((Int, Int).self) else { return RepeatRate(publications: 0, rejections: 0) }
        return RepeatRate(publications: published, rejections: refused)
    }

    public func claim(_ claim: ContentClaim) async throws -> RepeatFinding? {
        let logger = db.logger
        return try await db.run("claim \(claim.item)'s answer in the content memory", statements: 4 + claim.fields.count) { client in
            try await client.withTransaction(logger: logger) { connection -> RepeatFinding? in
                let key = "factory-memory-claim:\(claim.series)"
                try await connection.query("SELECT pg_advisory_xact_lock(hashtext(\(key)))", logger: logger)
                var earlier: [MemoryEntry] = []
                let stored = try await connection.query("""
                    SELECT \(unescaped: Self.columns) FROM factory_memory
                    WHERE series = \(claim.series) AND week BETWEEN \(claim.from) AND \(claim.to)
                      AND (\(claim.includeOwn) OR NOT (week = \(claim.week) AND item = \(claim.item)))
                    """, logger: logger)
                for try await row in stored { if let entry = try Self.entry(row) { earlier.append(entry) } }
                let claims = try await connection.query("""
                    SELECT week, item, field, text, fixed FROM factory_memory_claims
                    WHERE series = \(claim.series) AND week = \(claim.week) AND item <> \(claim.item)
                      AND claimed_at > now() - \(Self.claimLifetime)::interval
                    """, logger: logger)
                for try await (week, item, field, text, fixed) in claims.decode((String, String, String, String, Bool).self) {
                    let field = MemoryField(rawValue: field)
                    earlier.append(MemoryEntry(series: claim.series, kind: "", week: week, item: item, version: 0, field: field,
                                               text: text, fixed: fixed))
                }
                for field in claim.fields where field.field.checked && !field.fixed {
                    let same = earlier.lazy.filter { $0.field == field.field }
                    if let (entry, score) = RepeatMeasure.closest(to: field.text, in: same) {
                        return RepeatFinding(field: field.field, text: field.text, earlier: entry, similarity: score)
                    }
                }
                try await connection.query("""
                    DELETE FROM factory_memory_claims WHERE week = \(claim.week) AND item = \(claim.item)
                    """, logger: logger)
                for field in claim.fields {
                    try await connection.query("""
                        INSERT INTO factory_memory_claims (series, week, item, field, text, fixed, run_id)
                        VALUES (\(claim.series), \(claim.week), \(claim.item), \(field.field.rawValue), \(field.text), \(field.fixed),
                                \(claim.runId))
                        """, logger: logger)
                }
                return nil
            }
        }
    }

    static let columns = """
        series, kind, week, item, version, field, text, seed, fixed, \
        to_char(recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
        """

    func entries(_ what: String, _ query: PostgresQuery) async throws -> [MemoryEntry] {
        try await db.rows(what, query).compactMap(Self.entry)
    }

    /// A row of `columns`.
    static func entry(_ row: PostgresRow) throws -> MemoryEntry? {
        let (series, kind, week, item, version, field, text, seed, fixed, recorded) =
            try row.decode((String, String, String, String, Int, String, String, String?, Bool, String).self)
        return MemoryEntry(series: series, kind: Kind(kind), week: week, item: item, version: version, field: MemoryField(rawValue: field), text: text,
                           seed: seed.flatMap { UInt64($0) }, fixed: fixed, recordedAt: recorded)
    }
}
