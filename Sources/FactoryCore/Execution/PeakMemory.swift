import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A run's peak memory as the kernel counts it (`getrusage`): this process's own, and the largest
/// helper process it started and waited for (the Piper voice, whose model's working memory grows
/// with its longest sentence), whether it has finished or is still kept for the next request.
/// Kept apart because they never add up: each is its own process.
public struct PeakMemory: Sendable, Codable, Equatable {
    /// MB as `make bench` counts them: MiB (`ru_maxrss` / 1024).
    public var factoryMB: Int
    /// The largest finished child's peak; nil when the run started none.
    public var largestHelperMB: Int?

    /// `factory_mb` and `largest_helper_mb` in report.json (snake case both ways).
    enum CodingKeys: String, CodingKey {
        case factoryMB = "factoryMb", largestHelperMB = "largestHelperMb"
    }

    public init(factoryMB: Int, largestHelperMB: Int?) {
        self.factoryMB = factoryMB
        self.largestHelperMB = largestHelperMB
    }

    /// The figures so far: a finished child's peak from `getrusage`, a running helper's from its
    /// `VmHWM` in /proc (the kernel counts a child in `RUSAGE_CHILDREN` only once it is waited for).
    public static func now() -> PeakMemory {
        var own = rusage(), children = rusage()
        getrusage(RUSAGE_SELF.rawValue, &own)
        getrusage(RUSAGE_CHILDREN.rawValue, &children)
        let running = runningHelpers.withLock { $0 }.compactMap(highWaterMB).max() ?? 0
        let helper = max(Int(children.ru_maxrss) / 1024, running)
        return PeakMemory(factoryMB: Int(own.ru_maxrss) / 1024, largestHelperMB: helper > 0 ? helper : nil)
    }

    /// Helper processes that stay up between requests (Piper's workers), by process id.
    private static let runningHelpers = Mutex<Set<Int32>>([])

    /// A long-lived helper started: its peak counts while it runs.
    public static func helperStarted(_ pid: Int32) {
        _ = runningHelpers.withLock { $0.insert(pid) }
    }

    /// The helper was waited for: `getrusage` counts it from now on.
    public static func helperEnded(_ pid: Int32) {
        _ = runningHelpers.withLock { $0.remove(pid) }
    }

    /// A process's peak resident memory in MiB, from the `VmHWM:` line of /proc/<pid>/status.
    static func highWaterMB(_ pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kB = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first.flatMap({ Int($0) }) else { return nil }
        return kB / 1024
    }

    /// "peak memory: 180 MB (factory), 402 MB (largest helper process)".
    public var summary: String {
        "peak memory: \(factoryMB) MB (factory)" + (largestHelperMB.map { ", \($0) MB (largest helper process)" } ?? "")
    }
}
