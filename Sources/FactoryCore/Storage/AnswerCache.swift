import Foundation

/// Provider answers and finished results by the hash of their canonical request: `LocalAnswerCache`
/// (the files of `ResultCache`) on one machine, `MemoryCache` in unit tests, PostgreSQL and a shared
/// volume in cluster mode (FactoryCluster). The gateway sees only this.
public protocol AnswerCache: Sendable {
    /// The finished result, when a previous run made it.
    func result(_ key: String) async throws -> (payload: Data, entry: ResultCache.Entry)?
    /// The provider's raw answer, when it arrived but the result was not finished.
    func answer(_ key: String) async throws -> (payload: Data, entry: ResultCache.Entry)?
    /// Both at once (one round trip where the store is remote).
    func saved(_ key: String) async throws -> (result: (payload: Data, entry: ResultCache.Entry)?,
                                               answer: (payload: Data, entry: ResultCache.Entry)?)
    /// Saves an answer the moment it arrives (durably: it was paid for).
    func storeAnswer(_ key: String, body: Data, entry: ResultCache.Entry) async throws
    func storeResult(_ key: String, payload: Data, entry: ResultCache.Entry) async throws
    /// Moves a request's answer and result out of the cache into `folder` with the reason.
    @discardableResult
    func quarantine(_ key: String, into folder: URL, reason: String) async throws -> URL
    /// Where rejected answers go when the run names no week folder.
    var defaultQuarantine: URL { get }
    /// What the planner reads (synchronously): the cache itself, or a snapshot of it.
    func lookup() async throws -> any CacheLookup
}

extension AnswerCache {
    public func saved(_ key: String) async throws -> (result: (payload: Data, entry: ResultCache.Entry)?,
                                                      answer: (payload: Data, entry: ResultCache.Entry)?) {
        (try await result(key), try await answer(key))
    }
}

/// The cache as the planner reads it: whether a request is paid for, and a finished result.
public protocol CacheLookup: Sendable {
    /// True when a result or a saved answer exists: asking again would cost nothing.
    func holds(_ key: String) -> Bool
    /// The finished result, when a previous run made it.
    func result(_ key: String) -> (payload: Data, entry: ResultCache.Entry)?
}

extension ResultCache: CacheLookup {}

/// The files of `ResultCache` as an `AnswerCache`: reads and fsyncs run on `BlockingIO`'s threads.
public struct LocalAnswerCache: AnswerCache {
    public let files: ResultCache
    public init(_ files: ResultCache) { self.files = files }

    public var defaultQuarantine: URL { files.folder.appendingPathComponent("quarantine", isDirectory: true) }

    public func result(_ key: String) async throws -> (payload: Data, entry: ResultCache.Entry)? {
        try await BlockingIO.run { files.result(key) }
    }

    public func answer(_ key: String) async throws -> (payload: Data, entry: ResultCache.Entry)? {
        try await BlockingIO.run { files.answer(key) }
    }

    public func saved(_ key: String) async throws -> (result: (payload: Data, entry: ResultCache.Entry)?,
                                                      answer: (payload: Data, entry: ResultCache.Entry)?) {
        let both = try await BlockingIO.run { (files.result(key), files.answer(key)) }
        return (both.0, both.1)
    }

    public func storeAnswer(_ key: String, body: Data, entry: ResultCache.Entry) async throws {
        try await BlockingIO.run { try files.storeAnswer(key, body: body, entry: entry) }
    }

    public func storeResult(_ key: String, payload: Data, entry: ResultCache.Entry) async throws {
        try await BlockingIO.run { try files.storeResult(key, payload: payload, entry: entry) }
    }

    @discardableResult
    public func quarantine(_ key: String, into folder: URL, reason: String) async throws -> URL {
        try await BlockingIO.run { try files.quarantine(key, into: folder, reason: reason) }
    }

    public func lookup() async throws -> any CacheLookup { files }
}
