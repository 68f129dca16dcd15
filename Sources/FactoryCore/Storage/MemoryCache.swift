import Foundation
import Synchronization

/// The answer cache's in-memory twin: answers and results by key, and what was quarantined (kept
/// in memory, nothing written). For unit tests of the executor.
public final class MemoryCache: AnswerCache, CacheLookup {
    private let answers = Mutex<[String: (Data, ResultCache.Entry)]>([:])
    private let results = Mutex<[String: (Data, ResultCache.Entry)]>([:])
    private let rejected = Mutex<[String: String]>([:])
    public let defaultQuarantine = URL(fileURLWithPath: "/memory/quarantine")

    public init() {}

    /// Quarantined keys and their reasons, for assertions.
    public var quarantined: [String: String] { rejected.withLock { $0 } }

    public func result(_ key: String) -> (payload: Data, entry: ResultCache.Entry)? {
        results.withLock { $0[key].map { ($0.0, $0.1) } }
    }

    public func answer(_ key: String) -> (payload: Data, entry: ResultCache.Entry)? {
        answers.withLock { $0[key].map { ($0.0, $0.1) } }
    }

    public func holds(_ key: String) -> Bool { result(key) != nil || answer(key) != nil }

    public func storeAnswer(_ key: String, body: Data, entry: ResultCache.Entry) throws {
        answers.withLock { $0[key] = (Secrets.redact(body), entry) }
    }

    public func storeResult(_ key: String, payload: Data, entry: ResultCache.Entry) throws {
        results.withLock { $0[key] = (payload, entry) }
    }

    public func quarantine(_ key: String, into folder: URL, reason: String) throws -> URL {
        answers.withLock { _ = $0.removeValue(forKey: key) }
        results.withLock { _ = $0.removeValue(forKey: key) }
        rejected.withLock { $0[key] = reason }
        return folder
    }

    public func lookup() async throws -> any CacheLookup { self }
}
