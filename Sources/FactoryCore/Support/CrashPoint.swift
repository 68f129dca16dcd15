import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Test hook for the kill-and-resume tests: `FACTORY_CRASH_AT=label[:n]` SIGKILLs the process the
/// n-th time (default 1st) it passes `label` (reserved, responded, cached, settled, staged, renamed).
public enum CrashPoint {
    static let target: (label: String, nth: Int)? = {
        guard let value = ProcessInfo.processInfo.environment["FACTORY_CRASH_AT"], !value.isEmpty else { return nil }
        let parts = value.split(separator: ":")
        return (String(parts[0]), parts.count > 1 ? Int(parts[1]) ?? 1 : 1)
    }()
    nonisolated(unsafe) static var passes = 0
    static let lock = NSLock()

    public static func pass(_ label: String) {
        guard let target, target.label == label else { return }
        let count = lock.withLock { passes += 1; return passes }
        if count == target.nth { kill(getpid(), SIGKILL) }
    }
}
