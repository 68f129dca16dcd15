import Foundation

/// The studio's long work: each action runs the `factory` command it stands for, as a child
/// process with the studio's own manifest, output, state and database flags, so it keeps that
/// command's guarantees (its lock, the journal, the cost shown first). Its output lines are kept
/// and sent to every open event stream as they come; a page loaded mid-run reads them back.
actor StudioJobs {
    /// One action in progress or done.
    struct Job: Sendable, Codable, Equatable {
        var id: String
        var item: String
        var action: String
        /// running, done or failed.
        var state: String
        var lines: [String]
        var exitCode: Int?
        var started: String
    }

    /// What an event stream is sent: a job as it is now, or word that the week changed.
    enum Event: Sendable {
        case job(Job)
        case week
    }

    private let binary: String
    private var jobs: [Job] = []
    private var counter = 0
    private var listeners: [UUID: AsyncStream<Event>.Continuation] = [:]
    /// At most this many finished jobs are kept.
    private let keep = 50

    init(binary: String) {
        self.binary = binary
    }

    var all: [Job] { jobs }

    func job(_ id: String) -> Job? { jobs.first { $0.id == id } }

    /// True while a job for `item` runs: a second action on the same item waits its turn.
    func busy(_ item: String) -> Bool { jobs.contains { $0.item == item && $0.state == "running" } }

    /// Starts `factory <arguments>` for `item`; returns the job at once.
    func start(item: String, action: String, arguments: [String]) -> Job {
        counter += 1
        let job = Job(id: "j\(counter)", item: item, action: action, state: "running", lines: ["$ factory " + arguments.joined(separator: " ")],
                      exitCode: nil, started: ISO8601DateFormatter().string(from: Date()))
        jobs.append(job)
        if jobs.count > keep, let old = jobs.firstIndex(where: { $0.state != "running" }) { jobs.remove(at: old) }
        broadcast(.job(job))
        let binary = binary
        Task.detached { [self] in
            let code = await Self.run(binary, arguments) { line in await self.append(job.id, line) }
            await self.finish(job.id, code: code)
        }
        return job
    }

    /// Runs a command to its end and returns its output and exit code (short actions: approve, revoke, estimate).
    func runNow(_ arguments: [String]) async -> (code: Int32, output: String) {
        let collected = LineCollector()
        let code = await Self.run(binary, arguments) { await collected.add($0) }
        return (code, await collected.text)
    }

    func weekChanged() { broadcast(.week) }

    /// A stream of every event from now on; it ends when the client goes.
    func subscribe() -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .bufferingNewest(200))
        let id = UUID()
        listeners[id] = continuation
        continuation.onTermination = { [weak self] _ in Task { await self?.unsubscribe(id) } }
        return stream
    }

    private func unsubscribe(_ id: UUID) { listeners[id] = nil }

    private func append(_ id: String, _ line: String) {
        guard let index = jobs.firstIndex(where: { $0.id == id }) else { return }
        jobs[index].lines.append(line)
        if jobs[index].lines.count > 2000 { jobs[index].lines.removeFirst(jobs[index].lines.count - 2000) }
        broadcast(.job(jobs[index]))
    }

    private func finish(_ id: String, code: Int32) {
        guard let index = jobs.firstIndex(where: { $0.id == id }) else { return }
        jobs[index].exitCode = Int(code)
        jobs[index].state = code == 0 ? "done" : "failed"
        broadcast(.job(jobs[index]))
        broadcast(.week)
    }

    private func broadcast(_ event: Event) {
        for continuation in listeners.values { continuation.yield(event) }
    }

    /// Runs the binary with stdin closed, stdout and stderr merged line by line into `line`.
    static func run(_ binary: String, _ arguments: [String], line: @escaping @Sendable (String) async -> Void) async -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            await line("cannot start \(binary): \(error)")
            return 127
        }
        let reader = pipe.fileHandleForReading
        var pending = Data()
        while true {
            let chunk = await Task.detached { reader.availableData }.value
            if chunk.isEmpty { break }
            pending.append(chunk)
            while let newline = pending.firstIndex(of: 0x0A) {
                let text = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                pending.removeSubrange(pending.startIndex...newline)
                // A terminal's progress redraws are not lines; keep the last state of each.
                let cleaned = text.split(separator: "\r").last.map(String.init) ?? ""
                if !cleaned.isEmpty { await line(cleaned) }
            }
        }
        if !pending.isEmpty { await line(String(decoding: pending, as: UTF8.self)) }
        process.waitUntilExit()
        return process.terminationStatus
    }
}

/// Lines gathered from a short command.
private actor LineCollector {
    private var lines: [String] = []
    func add(_ line: String) { lines.append(line) }
    var text: String { lines.joined(separator: "\n") }
}
