import Foundation

/// Provider results stored under the hash of their canonical request (never a key), so a re-run
/// pays for nothing twice. Two files per request: the provider's raw answer, written the moment it
/// arrives, and the finished result (an image's bytes, a quote's JSON) made from it.
public final class ResultCache: Sendable {
    /// What is known about a stored answer besides its bytes.
    public struct Entry: Sendable, Codable, Equatable {
        public var provider: StageProvider
        public var endpoint: String
        public var model: String
        public var requestId: String?
        public var costUSD: Double
        public var units: [String: Double]
        public var createdAt: String

        public init(provider: StageProvider, endpoint: String, model: String, requestId: String?, costUSD: Double,
                    units: [String: Double], createdAt: String = ISO8601DateFormatter().string(from: Date())) {
            self.provider = provider
            self.endpoint = endpoint
            self.model = model
            self.requestId = requestId
            self.costUSD = costUSD
            self.units = units
            self.createdAt = createdAt
        }
    }

    public let folder: URL

    public init(folder: URL) { self.folder = folder }

    func base(_ key: String) -> URL {
        folder.appendingPathComponent(String(key.prefix(2)), isDirectory: true).appendingPathComponent(key)
    }

    /// The finished result, when a previous run made it.
    public func result(_ key: String) -> (payload: Data, entry: Entry)? {
        read(key, "result")
    }

    /// The provider's raw answer, when it arrived but the result was not finished.
    public func answer(_ key: String) -> (payload: Data, entry: Entry)? {
        read(key, "answer")
    }

    /// True when a result or a saved answer exists: asking again would cost nothing.
    public func holds(_ key: String) -> Bool {
        // One look at the key's shard folder first: in an empty or young cache most are missing.
        let entry = base(key)
        guard access(entry.deletingLastPathComponent().path, F_OK) == 0 else { return false }
        return access(entry.path + ".result", F_OK) == 0 || access(entry.path + ".answer", F_OK) == 0
    }

    public func storeAnswer(_ key: String, body: Data, entry: Entry) throws {
        try write(key, "answer", payload: Secrets.redact(body), entry: entry)
    }

    public func storeResult(_ key: String, payload: Data, entry: Entry) throws {
        try write(key, "result", payload: payload, entry: entry)
    }

    /// Moves a request's saved answer and result out of the cache into `folder`, with the reason:
    /// the next run asks again instead of replaying an answer that could not be used.
    @discardableResult
    public func quarantine(_ key: String, into folder: URL, reason: String) throws -> URL {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["answer", "result"] {
            let from = base(key).appendingPathExtension(name)
            guard FileManager.default.fileExists(atPath: from.path) else { continue }
            let to = folder.appendingPathComponent("\(key.prefix(16)).\(name)")
            try? FileManager.default.removeItem(at: to)
            try FileManager.default.moveItem(at: from, to: to)
        }
        try AtomicFile.write(Data(Secrets.redact(reason + "\n").utf8), to: folder.appendingPathComponent("\(key.prefix(16)).reason.txt"))
        return folder
    }

    // One file per record: a line of JSON (the entry), then the payload bytes. The answer is made
    // durable (fsync); the result can always be made again from the answer, so it is only renamed into place.
    func write(_ key: String, _ name: String, payload: Data, entry: Entry) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var data = try encoder.encode(entry)
        data.append(0x0A)
        data.append(payload)
        try AtomicFile.write(data, to: base(key).appendingPathExtension(name), durable: name == "answer")
    }

    func read(_ key: String, _ name: String) -> (payload: Data, entry: Entry)? {
        guard let data = try? Data(contentsOf: base(key).appendingPathExtension(name)),
              let newline = data.firstIndex(of: 0x0A),
              let entry = try? JSONDecoder().decode(Entry.self, from: data[data.startIndex..<newline]) else { return nil }
        return (Data(data[(newline + 1)...]), entry)
    }
}
