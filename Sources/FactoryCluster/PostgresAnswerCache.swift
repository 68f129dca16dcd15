import FactoryCore
import Foundation
import PostgresNIO

/// The answer cache of a cluster: the index (request key → sha256 and entry) in PostgreSQL, the
/// bytes in a `ContentStore` on the shared volume. An answer is indexed only after its file is
/// durable, and before the gateway settles its reservation: then every worker sees it.
public final class PostgresAnswerCache: AnswerCache {
    typealias Saved = (payload: Data, entry: ResultCache.Entry)

    let db: Database
    public let store: ContentStore
    public let defaultQuarantine: URL

    public init(db: Database, store: ContentStore, quarantine: URL) {
        self.db = db
        self.store = store
        defaultQuarantine = quarantine
    }

    public func result(_ key: String) async throws -> (payload: Data, entry: ResultCache.Entry)? { try await saved(key).result }

    public func answer(_ key: String) async throws -> (payload: Data, entry: ResultCache.Entry)? { try await saved(key).answer }

    public func saved(_ key: String) async throws -> (result: (payload: Data, entry: ResultCache.Entry)?,
                                                      answer: (payload: Data, entry: ResultCache.Entry)?) {
        let rows = try await db.rows("look up a cached answer", """
            SELECT kind, sha256, entry FROM factory_answers WHERE request_key = \(key)
            """).map { try $0.decode((String, String, String).self) }
        var result: Saved?, answer: Saved?
        for (kind, sha, entry) in rows {
            let decoded = try Self.decode(entry)
            let store = self.store
            let payload = try await BlockingIO.run { try store.get(sha) }
            if kind == "result" { result = (payload, decoded) } else { answer = (payload, decoded) }
        }
        return (result, answer)
    }

    public func storeAnswer(_ key: String, body: Data, entry: ResultCache.Entry) async throws {
        try await index(key, kind: "answer", bytes: Secrets.redact(body), entry: entry, replace: false)
    }

    public func storeResult(_ key: String, payload: Data, entry: ResultCache.Entry) async throws {
        try await index(key, kind: "result", bytes: payload, entry: entry, replace: true)
    }

    /// The file first (durable), then the row naming it. An answer is never replaced: the first one
    /// paid for is the one every worker replays.
    func index(_ key: String, kind: String, bytes: Data, entry: ResultCache.Entry, replace: Bool) async throws {
        let store = self.store
        let sha = try await BlockingIO.run { try store.put(bytes) }
        let text = try Self.encode(entry)
        if replace {
            try await db.execute("store a \(kind)", """
                INSERT INTO factory_answers (request_key, kind, sha256, size, entry) VALUES (\(key), \(kind), \(sha), \(bytes.count), \(text))
                ON CONFLICT (request_key, kind) DO UPDATE SET sha256 = EXCLUDED.sha256, size = EXCLUDED.size, entry = EXCLUDED.entry
                """)
        } else {
            try await db.execute("store a \(kind)", """
                INSERT INTO factory_answers (request_key, kind, sha256, size, entry) VALUES (\(key), \(kind), \(sha), \(bytes.count), \(text))
                ON CONFLICT (request_key, kind) DO NOTHING
                """)
        }
    }

    /// Takes the request out of the index and copies its bytes beside the reason into `folder`
    /// (the content files stay: another request may share them).
    @discardableResult
    public func quarantine(_ key: String, into folder: URL, reason: String) async throws -> URL {
        let removed = try await db.rows("quarantine an answer", """
            DELETE FROM factory_answers WHERE request_key = \(key) RETURNING kind, sha256
            """).map { try $0.decode((String, String).self) }
        let store = self.store
        try await BlockingIO.run {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for (kind, sha) in removed {
                let to = folder.appendingPathComponent("\(key.prefix(16)).\(kind)")
                try? FileManager.default.removeItem(at: to)
                try FileManager.default.copyItem(at: store.file(sha), to: to)
            }
            try AtomicFile.write(Data(Secrets.redact(reason + "\n").utf8), to: folder.appendingPathComponent("\(key.prefix(16)).reason.txt"))
        }
        return folder
    }

    /// The whole index at this moment, for the planner (results read from the volume on demand).
    public func lookup() async throws -> any CacheLookup {
        var index: [String: CacheSnapshot.Indexed] = [:]
        for row in try await db.rows("read the answer index", "SELECT request_key, kind, sha256, entry FROM factory_answers") {
            let (key, kind, sha, entry) = try row.decode((String, String, String, String).self)
            var indexed = index[key] ?? CacheSnapshot.Indexed()
            if kind == "result" { indexed.result = (sha, try Self.decode(entry)) } else { indexed.answer = true }
            index[key] = indexed
        }
        return CacheSnapshot(index: index, store: store)
    }

    static func encode(_ entry: ResultCache.Entry) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(entry), as: UTF8.self)
    }

    static func decode(_ text: String) throws -> ResultCache.Entry {
        try JSONDecoder().decode(ResultCache.Entry.self, from: Data(text.utf8))
    }
}

/// The answer index as it was when read, for `estimate` and the run's plan.
struct CacheSnapshot: CacheLookup {
    struct Indexed: Sendable {
        var answer = false
        var result: (sha256: String, entry: ResultCache.Entry)?
    }

    let index: [String: Indexed]
    let store: ContentStore

    func holds(_ key: String) -> Bool { index[key].map { $0.answer || $0.result != nil } ?? false }

    func result(_ key: String) -> (payload: Data, entry: ResultCache.Entry)? {
        guard let (sha, entry) = index[key]?.result, let payload = try? store.get(sha) else { return nil }
        return (payload, entry)
    }
}
