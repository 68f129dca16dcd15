import FactoryCore
import FactoryImaging
import Foundation
import Synchronization

/// The offline narrator's warm voice: one Piper worker per voice, started at the first chunk and
/// kept across chunks, items and the week (it loads the model once: 0.4–1.1 s and about 160 MB
/// before its first word), its onnxruntime using every core. Requests to a voice wait their turn
/// (`PiperVoice.processes`). A worker that dies mid-request is started again once and asked again;
/// `close()` ends them all when the run ends, and a worker whose parent is gone (the factory was
/// killed) ends itself (`PiperVoice.workerScript`).
public final class PiperWorkers: Sendable {
    /// A worker waiting for its next request.
    private struct Idle: Sendable {
        var worker: PiperWorker
        var voice: PiperVoice
    }

    private let idle = Mutex<[Idle]>([])
    private let started = Mutex(0)
    private let restarted = Mutex(0)
    /// When this process last let its clean file pages go for the voice (`makeRoom()`).
    private let lastRoomMade = Mutex<ContinuousClock.Instant?>(nil)
    /// At most one release a second: each reads /proc/self/smaps (about 2 ms).
    static let roomInterval: Duration = .seconds(1)
    /// onnxruntime threads a worker: every core, since one worker speaks at a time.
    let threads: Int
    /// Where workers keep the voice's optimised graph (`PiperVoice.cacheFolder`); nil for none.
    let cacheFolder: String?

    public init(threads: Int = ProcessInfo.processInfo.activeProcessorCount, cacheFolder: String? = PiperVoice.cacheFolder()) {
        self.threads = threads
        self.cacheFolder = cacheFolder
    }

    deinit { close() }

    /// Workers started so far (a reused one is not counted again).
    var startedCount: Int { started.withLock { $0 } }
    /// Workers started again because one died in the middle of a request.
    var restartCount: Int { restarted.withLock { $0 } }
    /// Workers waiting now.
    var idleCount: Int { idle.withLock { $0.count } }

    /// Closes every waiting worker (their stdin closes, they finish and exit) and waits for them, so
    /// their memory counts as finished children's. The next request starts a new one.
    public func close() {
        for slot in idle.withLock({ slots in defer { slots.removeAll() }; return slots }) { slot.worker.close() }
    }

    /// Speaks the request's text with the worker of `voice` (the waiting one, else a new one), and keeps it for
    /// the next request unless it broke. A worker that died without answering (not one that ran out
    /// of time) is replaced once and the text asked again. Blocks: call it off the concurrency
    /// pool's threads.
    func speak(_ request: PiperRequest, voice: PiperVoice, python: URL, timeout: TimeInterval) throws -> PiperSpeech {
        var attempt = 0
        makeRoom()
        while true {
            attempt += 1
            let worker = try take(voice, python: python)
            do {
                let speech = try worker.speak(request, timeout: timeout)
                giveBack(worker, voice)
                return speech
            } catch {
                if error.usable { giveBack(worker, voice) } else { worker.close() }
                guard !error.usable, !error.timedOut, attempt == 1 else {
                    throw FactoryError(.provider, "piper (through \(python.path)) \(error.message)"
                                       + (attempt > 1 ? " (a second worker, after the first died)" : ""))
                }
                restarted.withLock { $0 += 1 }
            }
        }
    }

    /// Lets this process's clean file pages go (`Vips.releaseFilePages`) before the voice reads, at
    /// most once a `roomInterval`. While the voice reads (about 190 MB of its own), the factory is
    /// fetching the week's other items and holds 80-88 MB of library pages that start-up and the
    /// offline art touched once: the sample week peaked there at 341 MB across its processes, near
    /// the 350 MB budget (7 Dec 2026, docs/performance.md). A page needed again is mapped back
    /// from the page cache on its next touch. Returns whether it released now.
    @discardableResult
    func makeRoom(now: ContinuousClock.Instant = .now) -> Bool {
        let due = lastRoomMade.withLock { last -> Bool in
            guard last.map({ now - $0 >= Self.roomInterval }) ?? true else { return false }
            last = now
            return true
        }
        if due { Vips.releaseFilePages() }
        return due
    }

    private func take(_ voice: PiperVoice, python: URL) throws -> PiperWorker {
        var ended: [PiperWorker] = []
        defer { ended.forEach { $0.close() } }
        let found = idle.withLock { slots -> PiperWorker? in
            while let index = slots.lastIndex(where: { $0.voice == voice }) {
                let slot = slots.remove(at: index)
                if slot.worker.isRunning { return slot.worker }
                ended.append(slot.worker)
            }
            return nil
        }
        if let found { return found }
        let worker = try PiperWorker(voice: voice, python: python, threads: threads, cacheFolder: cacheFolder)
        started.withLock { $0 += 1 }
        return worker
    }

    private func giveBack(_ worker: PiperWorker, _ voice: PiperVoice) {
        idle.withLock { $0.append(Idle(worker: worker, voice: voice)) }
    }
}
