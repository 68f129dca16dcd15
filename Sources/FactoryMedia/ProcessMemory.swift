import Foundation
import FactoryImaging

/// This process's memory use, read from /proc (Linux), for benchmarks and logs.
public enum ProcessMemory {
    /// Current and peak resident set size in KiB (VmRSS, VmHWM); zeros where /proc is missing.
    public static func resident() -> (current: Int, peak: Int) {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return (0, 0) }
        func field(_ name: String) -> Int {
            guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(name) }) else { return 0 }
            return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
        }
        return (field("VmRSS:"), field("VmHWM:"))
    }
}
