import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A run's peak memory as the kernel counts it (`getrusage`): this process's own, and the largest
/// helper process it started and waited for (the Piper voice, whose model's working memory grows
/// with its longest sentence). Kept apart because they never add up: each is its own process.
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

    /// The figures so far.
    public static func now() -> PeakMemory {
        var own = rusage(), children = rusage()
        getrusage(RUSAGE_SELF.rawValue, &own)
        getrusage(RUSAGE_CHILDREN.rawValue, &children)
        let helper = Int(children.ru_maxrss) / 1024
        return PeakMemory(factoryMB: Int(own.ru_maxrss) / 1024, largestHelperMB: helper > 0 ? helper : nil)
    }

    /// "peak memory: 180 MB (factory), 402 MB (largest helper process)".
    public var summary: String {
        "peak memory: \(factoryMB) MB (factory)" + (largestHelperMB.map { ", \($0) MB (largest helper process)" } ?? "")
    }
}
