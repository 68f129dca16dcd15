import Foundation

/// The API keys of this process, so every text that leaves it (logs, errors, reports, metadata,
/// saved responses) can be scrubbed by value: a provider error that echoes a key is redacted too.
public enum Secrets {
    // A lock-protected set; keys are registered once at start-up and read by every writer.
    nonisolated(unsafe) private static var values: Set<String> = []
    private static let lock = NSLock()

    public static func register(_ value: String) {
        guard value.count >= 6 else { return }
        lock.withLock { _ = values.insert(value) }
    }

    public static func redact(_ text: String) -> String {
        let known = lock.withLock { values }
        var out = text
        for value in known where out.contains(value) {
            out = out.replacingOccurrences(of: value, with: "[redacted]")
        }
        return out
    }

    public static func redact(_ data: Data) -> Data {
        Data(redact(String(decoding: data, as: UTF8.self)).utf8)
    }

    /// A short, stable, non-reversible label for a key (for "which key was used" questions).
    public static func fingerprint(_ value: String) -> String {
        String(Digest.sha256("factory-key-fingerprint:" + value).prefix(8))
    }
}
