import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A run's peak memory as the kernel counts it (`getrusage`): this process's own, and the largest
/// helper process it started and waited for (the Piper voice, whose model's working memory grows
/// with its longest sentence). Kept apart because they never add up: each is its own process.
public struct PeakMemory: Sendable, Codable, Equatable {
    /// MiB (`ru_maxrss` / 1024).
    public var factoryMiB: Int
    /// The largest finished child's peak; nil when the run started none.
    public var largestHelperMiB: Int?

    public init(factoryMiB: Int, largestHelperMiB: Int?) {
        self.factoryMiB = factoryMiB
        self.largestHelperMiB = largestHelperMiB
    }

    /// The figures so far.
    public static func now() -> PeakMemory {
        var own = rusage(), children = rusage()
        getrusage(RUSAGE_SELF.rawValue, &own)
        getrusage(RUSAGE_CHILDREN.rawValue, &children)
        let helper = Int(children.ru_maxrss) / 1024
        return PeakMemory(factoryMiB: Int(own.ru_maxrss) / 1024, largestHelperMiB: helper > 0 ? helper : nil)
    }

    /// "peak memory: 180 MB (factory), 402 MB (largest helper process)".
    public var summary: String {
        "peak memory: \(factoryMiB) MB (factory)" + (largestHelperMiB.map { ", \($0) MB (largest helper process)" } ?? "")
    }
}
