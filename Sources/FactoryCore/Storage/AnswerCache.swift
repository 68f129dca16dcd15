import Foundation

/// Provider answers and finished results by the hash of their canonical request: the files of
/// `ResultCache` on one machine, `MemoryCache` in unit tests. The gateway sees only this.
public protocol AnswerCache: Sendable {
    /// The finished result, when a previous run made it.
    func result(_ key: String) -> (payload: Data, entry: ResultCache.Entry)?
    /// The provider's raw answer, when it arrived but the result was not finished.
    func answer(_ key: String) -> (payload: Data, entry: ResultCache.Entry)?
    /// True when a result or a saved answer exists: asking again would cost nothing.
    func holds(_ key: String) -> Bool
    /// Saves an answer the moment it arrives (durably: it was paid for).
    func storeAnswer(_ key: String, body: Data, entry: ResultCache.Entry) throws
    func storeResult(_ key: String, payload: Data, entry: ResultCache.Entry) throws
    /// Moves a request's answer and result out of the cache into `folder` with the reason.
    @discardableResult
    func quarantine(_ key: String, into folder: URL, reason: String) throws -> URL
    /// Where rejected answers go when the run names no week folder.
    var defaultQuarantine: URL { get }
}

extension ResultCache: AnswerCache {
    public var defaultQuarantine: URL { folder.appendingPathComponent("quarantine", isDirectory: true) }
}
