import FactoryCore
import Foundation

/// Immutable files on the shared volume named by the sha256 of their bytes (`ab/abcdef…`): an
/// answer and the result made from it, or two requests with the same image, are stored once.
/// Written durably before the index row that names them, so no worker finds a row without its file.
public struct ContentStore: Sendable {
    public let folder: URL

    public init(folder: URL) { self.folder = folder }

    func file(_ sha256: String) -> URL {
        folder.appendingPathComponent(String(sha256.prefix(2)), isDirectory: true).appendingPathComponent(sha256)
    }

    /// Stores `data` unless a file with its hash is already there; returns the hash.
    public func put(_ data: Data) throws -> String {
        let sha = Digest.sha256(data)
        let url = file(sha)
        if let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int, size == data.count { return sha }
        try AtomicFile.write(data, to: url, durable: true)
        return sha
    }

    /// The bytes of `sha256`. A file another host wrote a moment ago may take a moment to show on
    /// a network file system, so a miss is retried briefly before it is an error.
    public func get(_ sha256: String) throws -> Data {
        let url = file(sha256)
        for attempt in 0..<20 {
            if let data = try? Data(contentsOf: url), Digest.sha256(data) == sha256 { return data }
            Thread.sleep(forTimeInterval: 0.05 * Double(attempt + 1))
        }
        throw ClusterError(.content, "the cached bytes \(url.path) are missing or damaged; the answer index names them. "
                           + "Check that every worker mounts the same shared volume at --output")
    }
}
