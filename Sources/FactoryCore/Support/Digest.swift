import Crypto
import Foundation

/// SHA-256 helpers (swift-crypto) for files, manifests and cache keys.
public enum Digest {
    public static func sha256(_ data: Data) -> String {
        hex(SHA256.hash(data: data))
    }

    /// Lower-case hex from a lookup table (String(format:) per byte dominated hashing small keys).
    static func hex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(64)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    public static func sha256(_ text: String) -> String { sha256(Data(text.utf8)) }

    /// Hashes a file in 1 MiB pieces, so large videos are never held in memory.
    public static func sha256(file path: String) throws -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: path])
        }
        defer { try? handle.close() }
        var hasher = SHA256()
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty { hasher.update(data: chunk) }
        return hex(hasher.finalize())
    }
}
