@testable import FactoryCore
import Foundation
import Testing

/// The run's peak memory: read from the kernel, its own apart from its largest helper's, said in
/// the summary and kept in report.json under snake-case keys that read back.
@Suite struct PeakMemoryTests {
    @Test func ownPeakGrowsWithWhatThisProcessTouchesAndAHelperIsCountedApart() throws {
        let before = PeakMemory.now()
        // 64 MiB touched page by page: the process's own peak is at least that far past what it was.
        let size = 64 << 20
        let block = UnsafeMutablePointer<UInt8>.allocate(capacity: size)
        defer { block.deallocate() }
        for page in stride(from: 0, to: size, by: 4096) { block[page] = UInt8(truncatingIfNeeded: page >> 12) }
        let after = PeakMemory.now()
        #expect(after.factoryMB >= 64, "own peak \(after.factoryMB) MB")
        #expect(after.factoryMB >= before.factoryMB)
        // A finished child that touches 120 MB: its peak is the helper's figure, not added to our own.
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        child.arguments = ["-c", "b = bytearray(120 << 20); print(len(b))"]
        child.standardOutput = FileHandle.nullDevice
        try child.run()
        child.waitUntilExit()
        #expect(child.terminationStatus == 0)
        let withChild = PeakMemory.now()
        let helper = try #require(withChild.largestHelperMB)
        #expect(helper >= 120, "the child's peak: \(helper) MB")
        #expect(withChild.factoryMB < after.factoryMB + 16, "our own peak stays ours: \(after.factoryMB) → \(withChild.factoryMB) MB")
    }

    @Test func aRunningHelperCountsFromItsHighWaterMarkUntilItIsWaitedFor() throws {
        // A helper that stays up (as Piper's workers do): it touches 600 MB, says so, and waits for stdin.
        let child = Process(), input = Pipe(), output = Pipe()
        child.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        child.arguments = ["-c", "import sys; b = bytearray(600 << 20); print(len(b), flush=True); sys.stdin.read()"]
        child.standardInput = input
        child.standardOutput = output
        try child.run()
        defer {
            try? input.fileHandleForWriting.close()
            child.waitUntilExit()
            PeakMemory.helperEnded(child.processIdentifier)
        }
        _ = output.fileHandleForReading.availableData
        let running = try #require(PeakMemory.highWaterMB(child.processIdentifier))
        #expect(running >= 600, "the running child's VmHWM: \(running) MB")
        #expect(PeakMemory.highWaterMB(-1) == nil)
        // Not yet waited for: only the registration makes it count.
        PeakMemory.helperStarted(child.processIdentifier)
        let counted = try #require(PeakMemory.now().largestHelperMB)
        #expect(counted >= running, "helper figure \(counted) MB against the child's \(running) MB")
    }

    @Test func reportKeepsBothUnderSnakeCaseKeysAndTheSummarySaysThem() throws {
        var report = RunReport(week: "2026-W48", manifest: "m.yaml", startedAt: "s", finishedAt: "f", seconds: 1,
                               providers: [:], items: [], calls: nil)
        report.peakMemory = PeakMemory(factoryMB: 182, largestHelperMB: 399)
        let json = try SnakeJSON.encoder().encode(report)
        let text = String(decoding: json, as: UTF8.self)
        #expect(text.contains("\"factory_mb\" : 182") && text.contains("\"largest_helper_mb\" : 399"), "\(text)")
        let back = try SnakeJSON.decoder().decode(RunReport.self, from: json)
        #expect(back.peakMemory == report.peakMemory)
        #expect(report.summary.contains("peak memory: 182 MB (factory), 399 MB (largest helper process)"))
        // A report written before the figure was kept still reads, without it.
        var old = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        old["peak_memory"] = nil
        let saved = try SnakeJSON.decoder().decode(RunReport.self, from: JSONSerialization.data(withJSONObject: old))
        #expect(saved.peakMemory == nil && !saved.summary.contains("peak memory"))
    }
}
