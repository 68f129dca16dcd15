import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Test hook for the kill-and-resume tests: SIGKILLs the process the n-th time (default 1st) it
/// passes `label` (reserved, responded, cached, settled, staged, renamed). The command layer makes
/// one from `FACTORY_CRASH_AT=label[:n]` and hands it to the gateway and the runner's bundle writers.
///
/// `@unchecked Sendable`: the only mutable state, the pass count, is read and written under `lock`.
public final class CrashPoint: @unchecked Sendable {
    public let label: String
    public let nth: Int
    private var passes = 0
    private let lock = NSLock()

    public init(label: String, nth: Int = 1) {
        self.label = label
        self.nth = nth
    }

    /// `label[:n]` as `FACTORY_CRASH_AT` writes it; nil when empty. An unreadable `n` counts as 1.
    public convenience init?(setting: String) {
        let parts = setting.split(separator: ":")
        guard let first = parts.first, !first.isEmpty else { return nil }
        self.init(label: String(first), nth: parts.count > 1 ? Int(parts[1]) ?? 1 : 1)
    }

    public func pass(_ label: String) {
        guard label == self.label else { return }
        let count = lock.withLock { passes += 1; return passes }
        if count == nth { kill(getpid(), SIGKILL) }
    }
}
