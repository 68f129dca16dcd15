import FactoryCore
import Foundation
import Synchronization

/// One Python process running `PiperVoice.workerScript`: the voice loaded once, then a request at a
/// time on stdin and its answer on stdout. Used by one caller at a time (`PiperWorkers` hands it
/// out); stderr is drained on its own thread, and its last lines are kept for error messages.
final class PiperWorker: @unchecked Sendable {
    // @unchecked Sendable: `pending` is touched by the one caller `PiperWorkers` lends the worker to;
    // the stderr tail sits behind a Mutex.
    let process = Process()
    private let input: FileHandle
    private let output: FileHandle
    private var pending = Data()
    private let errors = Tail()
    /// Set by the watchdog when it ends a worker that did not answer in time.
    private let expired = Mutex(false)
    private let drained = DispatchGroup()

    /// The longest stderr tail kept for a message.
    static let errorTail = 4096

    init(voice: PiperVoice, python: URL, threads: Int, cacheFolder: String? = nil) throws {
        let inPipe = Pipe(), outPipe = Pipe(), errPipe = Pipe()
        process.executableURL = python
        process.arguments = ["-c", PiperVoice.workerScript, voice.model.path, voice.config.path, String(threads)]
            + (cacheFolder.map { [$0] } ?? [])
        process.standardInput = inPipe
        process.standardOutput = outPipe
        process.standardError = errPipe
        input = inPipe.fileHandleForWriting
        output = outPipe.fileHandleForReading
        // A worker that dies before reading its request must not kill us with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        do {
            try process.run()
        } catch {
            throw FactoryError(.provider, "piper's Python \(python.path) could not start", underlying: error)
        }
        PeakMemory.helperStarted(process.processIdentifier)
        let reader = errPipe.fileHandleForReading, errors = self.errors
        drained.enter()
        DispatchQueue.global().async { [drained] in
            while case let data = reader.availableData, !data.isEmpty {
                errors.append(data)
            }
            drained.leave()
        }
    }

    deinit { close() }

    var isRunning: Bool { process.isRunning }

    /// Speaks the request's text; throws when the worker dies, says nothing for `timeout` seconds (it is then
    /// ended), or answers with an error. `Failure.usable` tells the pool whether to keep it.
    func speak(_ request: PiperRequest, timeout: TimeInterval) throws(Failure) -> PiperSpeech {
        let watchdog = DispatchWorkItem { [weak self] in
            guard let self, process.isRunning else { return }
            expired.withLock { $0 = true }
            // SIGKILL: a worker stuck in onnxruntime, or one that inherited an ignored SIGTERM, must still end.
            kill(process.processIdentifier, SIGKILL)
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        defer { watchdog.cancel() }
        do {
            try input.write(contentsOf: JSONEncoder().encode(request) + Data("\n".utf8))
        } catch {
            throw died("could not be sent the text (\(error.localizedDescription))")
        }
        guard let line = readLine() else { throw died("ended before it answered") }
        guard let answer = try? JSONDecoder().decode(Answer.self, from: line) else {
            throw died("answered something that is not its JSON header (\(String(decoding: line.prefix(120), as: UTF8.self)))")
        }
        if let error = answer.error {
            throw Failure(message: "could not speak \(request.text.count) characters: \(error)", usable: true, timedOut: false)
        }
        guard let count = answer.bytes, let pcm = read(count) else { throw died("ended in the middle of its audio") }
        let phonemes = answer.aligned == true ? zip(answer.phonemes ?? [], answer.samples ?? []).map { PiperPhoneme($0, $1) } : []
        return PiperSpeech(pcm: pcm.count % 2 == 0 ? pcm : pcm.dropLast(), phonemes: phonemes, decoderRuns: answer.decoded ?? 0)
    }

    /// Closes stdin, which ends the worker's loop, and waits for it: its peak memory then counts as a
    /// finished child's.
    func close() {
        try? input.close()
        if process.isRunning || process.processIdentifier != 0 {
            process.waitUntilExit()
            drained.wait()
            PeakMemory.helperEnded(process.processIdentifier)
        }
    }

    /// Why a request failed, and whether the worker can take the next one.
    struct Failure: Error, CustomStringConvertible {
        var message: String
        var usable: Bool
        /// Its watchdog ended it: asking another worker would wait as long again.
        var timedOut: Bool
        var description: String { message }
    }

    /// The last `errorTail` bytes of stderr, written by the draining thread.
    final class Tail: Sendable {
        let bytes = Mutex(Data())
        func append(_ data: Data) {
            bytes.withLock { tail in
                tail.append(data)
                if tail.count > PiperWorker.errorTail { tail.removeFirst(tail.count - PiperWorker.errorTail) }
            }
        }
    }

    /// The JSON line before the audio.
    struct Answer: Decodable {
        var bytes: Int?
        var aligned: Bool?
        var phonemes: [String]?
        var samples: [Int]?
        var decoded: Int?
        var error: String?
    }

    /// A worker that cannot go on: ended, waited for, and described by its exit status, whether its
    /// watchdog ended it, and the last lines it wrote on stderr.
    private func died(_ what: String) -> Failure {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        close()
        let said = String(decoding: errors.bytes.withLock { $0 }, as: UTF8.self)
            .split(whereSeparator: \.isNewline).suffix(2).joined(separator: " | ")
        let status = process.terminationReason == .uncaughtSignal ? "signal \(process.terminationStatus)" : "status \(process.terminationStatus)"
        let timedOut = expired.withLock { $0 }
        return Failure(message: "the worker \(what); it exited with \(status)" + (timedOut ? " (ended: no answer in time)" : "")
                       + (said.isEmpty ? "" : ": \(said)"), usable: false, timedOut: timedOut)
    }

    /// The next line of stdout without its newline; nil at the end of the stream.
    private func readLine() -> Data? {
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = pending[pending.startIndex..<newline]
                pending = Data(pending[(newline + 1)...])
                return Data(line)
            }
            let more = output.availableData
            if more.isEmpty { return nil }
            pending.append(more)
        }
    }

    /// Exactly `count` bytes of stdout; nil when the stream ends first.
    private func read(_ count: Int) -> Data? {
        pending.reserveCapacity(count)
        while pending.count < count {
            let more = output.availableData
            if more.isEmpty { return nil }
            pending.append(more)
        }
        let bytes = Data(pending.prefix(count))
        pending = Data(pending.dropFirst(count))
        return bytes
    }
}
