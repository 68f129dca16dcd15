import FactoryCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One run of the `factory` binary, as the studio runs its actions: the tool gets exactly what the
/// CLI does (its lock, its journal, its cost shown first, its messages). Standard output and error
/// are kept apart (the JSON a command prints stays parseable); each output line is handed on as it
/// comes, for progress. Cancelling the awaiting task sends SIGINT, as Ctrl-C would: a run stops new
/// paid calls, lets in-flight ones finish and writes its report; the call then waits for the exit,
/// so a rerun never finds the lock still held.
struct ChildCommand: Sendable {
    struct Outcome: Sendable {
        var code: Int32
        var stdout: String
        var stderr: String
        /// True when the call was cancelled and the child was sent SIGINT.
        var interrupted: Bool

        /// What the CLI said on standard error, or (when it said nothing there) on standard output.
        var message: String {
            let text = stderr.trimmingCharacters(in: .whitespacesAndNewlines)
            return text.isEmpty ? stdout.trimmingCharacters(in: .whitespacesAndNewlines) : text
        }
    }

    let binary: String
    /// The children's environment; nil inherits the server's.
    let environment: [String: String]?

    func run(_ arguments: [String], onLine: (@Sendable (String) async -> Void)? = nil) async -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        let signal = Interrupt()
        do {
            try process.run()
        } catch {
            return Outcome(code: 127, stdout: "", stderr: "cannot start \(binary): \(error)", interrupted: false)
        }
        signal.started(process.processIdentifier)
        RunningChildren.shared.add(signal)
        defer { RunningChildren.shared.remove(signal) }
        return await withTaskCancellationHandler {
            async let errText = Self.collect(err.fileHandleForReading, onLine: nil)
            let outText = await Self.collect(out.fileHandleForReading, onLine: onLine)
            let stderr = await errText
            // Both pipes are at their end: the child has exited or is about to.
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                Thread.detachNewThread {
                    process.waitUntilExit()
                    done.resume()
                }
            }
            return Outcome(code: process.terminationStatus, stdout: Secrets.redact(outText), stderr: Secrets.redact(stderr),
                           interrupted: signal.sent)
        } onCancel: {
            signal.send()
        }
    }

    /// Reads `handle` to its end with blocking reads on a thread of its own (never a cooperative
    /// thread, and not Foundation's readability handler, which missed an end of file here now and
    /// then), handing each complete line, redacted, to `onLine`.
    private static func collect(_ handle: FileHandle, onLine: (@Sendable (String) async -> Void)?) async -> String {
        let (chunks, continuation) = AsyncStream<Data>.makeStream()
        Thread.detachNewThread {
            while true {
                let data = handle.availableData
                if data.isEmpty { break }
                continuation.yield(data)
            }
            continuation.finish()
        }
        var all = Data()
        var pending = Data()
        for await chunk in chunks {
            all.append(chunk)
            guard let onLine else { continue }
            pending.append(chunk)
            while let newline = pending.firstIndex(of: 0x0A) {
                let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                pending.removeSubrange(pending.startIndex...newline)
                // A terminal's redraws are not lines: keep the last state of each.
                if let last = line.split(separator: "\r").last, !last.isEmpty { await onLine(Secrets.redact(String(last))) }
            }
        }
        if let onLine, !pending.isEmpty { await onLine(Secrets.redact(String(decoding: pending, as: UTF8.self))) }
        return String(decoding: all, as: UTF8.self)
    }
}

/// The children still running, so a server whose host went away stops them as Ctrl-C would
/// instead of leaving them to die on a closed pipe.
final class RunningChildren: @unchecked Sendable {
    // @unchecked: `children` is read and written under `lock`.
    static let shared = RunningChildren()
    private let lock = NSLock()
    private var children: [ObjectIdentifier: Interrupt] = [:]

    fileprivate func add(_ child: Interrupt) { lock.withLock { children[ObjectIdentifier(child)] = child } }
    fileprivate func remove(_ child: Interrupt) { lock.withLock { children[ObjectIdentifier(child)] = nil } }
    var count: Int { lock.withLock { children.count } }

    /// Sends each running child SIGINT and waits for all to end, at most `seconds` (a run's grace is 30 s).
    func stopAll(seconds: Double = 45) async {
        for child in lock.withLock({ Array(children.values) }) { child.send() }
        let deadline = Date().addingTimeInterval(seconds)
        while count > 0, Date() < deadline { try? await Task.sleep(for: .milliseconds(100)) }
    }
}

/// SIGINT for a child that may not have started yet when the call is cancelled.
fileprivate final class Interrupt: @unchecked Sendable {
    // @unchecked: every field is read and written under `lock`.
    private let lock = NSLock()
    private var pid: pid_t?
    private var wanted = false
    private var done = false

    func started(_ pid: pid_t) {
        let now = lock.withLock { () -> Bool in
            self.pid = pid
            if wanted { done = true }
            return wanted
        }
        if now { kill(pid, SIGINT) }
    }

    func send() {
        let target = lock.withLock { () -> pid_t? in
            wanted = true
            guard let pid, !done else { return nil }
            done = true
            return pid
        }
        if let target { kill(target, SIGINT) }
    }

    var sent: Bool { lock.withLock { done } }
}
