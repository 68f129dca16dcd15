import FactoryCore
import FactoryImaging
import Foundation
import Synchronization

/// The offline narrator's warm voice: one Piper worker per voice, started at the first chunk and
/// kept across chunks, items and the week (it loads the model once: 0.4–1.1 s and about 160 MB
/// before its first word), its onnxruntime using every core. Requests to a voice wait their turn
/// (`PiperVoice.processes`). A worker that dies mid-request is started again once and asked again;
/// `close()` ends them all when the run ends, and a worker whose parent is gone (the factory was
/// killed) ends itself (`PiperVoice.workerScript`). A worker left idle for `idleLimit` is ended too:
/// a cluster worker's session claims jobs for hours and never ends a run's fetches, and its voice
/// (160 MB and more) would otherwise wait beside every render that follows.
public final class PiperWorkers: Sendable {
    /// A worker waiting for its next request, and since when.
    private struct Idle: Sendable {
        var worker: PiperWorker
        var voice: PiperVoice
        var since: ContinuousClock.Instant
    }

    /// How long a worker may wait for its next request before it is ended. A week's chunks come
    /// seconds apart (a story's paragraphs, the next story once its text is written), so a minute
    /// keeps the voice warm through a run; starting it again costs 0.4–1.1 s.
    public static let defaultIdleLimit: Duration = .seconds(60)

    private let idle = Mutex<[Idle]>([])
    private let started = Mutex(0)
    private let restarted = Mutex(0)
    private let endedIdle = Mutex(0)
    /// When this process last let its clean file pages go for the voice (`makeRoom()`).
    private let lastRoomMade = Mutex<ContinuousClock.Instant?>(nil)
    /// At most one release a second: each reads /proc/self/smaps (about 2 ms).
    static let roomInterval: Duration = .seconds(1)
    /// onnxruntime threads a worker: every core, since one worker speaks at a time.
    let threads: Int
    /// Where workers keep the voice's optimised graph (`PiperVoice.cacheFolder`); nil for none.
    let cacheFolder: String?
    /// See `defaultIdleLimit`.
    let idleLimit: Duration

    public init(threads: Int = ProcessInfo.processInfo.activeProcessorCount, cacheFolder: String? = PiperVoice.cacheFolder(),
                idleLimit: Duration = PiperWorkers.defaultIdleLimit) {
        self.threads = threads
        self.cacheFolder = cacheFolder
        self.idleLimit = idleLimit
    }

    deinit { close() }

    /// Workers started so far (a reused one is not counted again).
    var startedCount: Int { started.withLock { $0 } }
    /// Workers started again because one died in the middle of a request.
    var restartCount: Int { restarted.withLock { $0 } }
    /// Workers ended for idling, counted once each has exited and been waited for.
    var endedIdleCount: Int { endedIdle.withLock { $0 } }
    /// Workers waiting now.
    var idleCount: Int { idle.withLock { $0.count } }

    /// Closes every waiting worker (their stdin closes, they finish and exit) and waits for them, so
    /// their memory counts as finished children's. The next request starts a new one.
    public func close() {
        for slot in idle.withLock({ slots in defer { slots.removeAll() }; return slots }) { slot.worker.close() }
    }

    /// Ends the workers that have waited `idleLimit` or longer (and waits for them); one given back
    /// since is kept. Returns how many it ended.
    @discardableResult
    func closeIdle(now: ContinuousClock.Instant = .now) -> Int {
        let stale = idle.withLock { slots -> [Idle] in
            let (old, fresh) = (slots.filter { now - $0.since >= idleLimit }, slots.filter { now - $0.since < idleLimit })
            slots = fresh
            return old
        }
        for slot in stale { slot.worker.close() }
        endedIdle.withLock { $0 += stale.count }
        return stale.count
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

    /// Keeps the worker for the next request, and looks again once it could have waited too long
    /// (off the caller's thread: ending a worker waits for its exit). The look comes 50 ms late:
    /// Dispatch's clock and `ContinuousClock` are not the same clock, and a look a moment early
    /// would keep the worker for good.
    private func giveBack(_ worker: PiperWorker, _ voice: PiperVoice) {
        idle.withLock { $0.append(Idle(worker: worker, voice: voice, since: .now)) }
        let (seconds, attoseconds) = idleLimit.components
        let nanoseconds = Int(clamping: seconds) &* 1_000_000_000 &+ Int(attoseconds / 1_000_000_000)
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + .nanoseconds(max(0, nanoseconds) &+ 50_000_000)) { [weak self] in
            self?.closeIdle()
        }
    }
}
