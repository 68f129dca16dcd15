import FactoryCore
import Foundation
import Synchronization

/// The offline narrator's Piper workers, kept between chunks: at most one a core is busy at a time
/// (`PiperVoice.processes`), and a worker idle for `idleSeconds` is closed, so a week that has
/// finished its stories does not hold a model's memory while it renders. Whatever is left is closed
/// when the narrator goes away, and a worker whose stdin closes (the factory exited) ends itself.
public final class PiperWorkers: Sendable {
    /// A worker waiting for its next request, and when it was given back.
    private struct Idle: Sendable {
        var worker: PiperWorker
        var voice: PiperVoice
        var since: UInt64
    }

    private let idle = Mutex<[Idle]>([])
    private let started = Mutex(0)
    let idleSeconds: Double
    /// onnxruntime threads a worker: one, since one worker runs a core.
    let threads: Int
    /// Where workers keep the voice's optimised graph (`PiperVoice.cacheFolder`); nil for none.
    let cacheFolder: String?

    public init(idleSeconds: Double = 20, threads: Int = 1, cacheFolder: String? = PiperVoice.cacheFolder()) {
        self.idleSeconds = idleSeconds
        self.threads = threads
        self.cacheFolder = cacheFolder
    }

    deinit {
        for slot in idle.withLock({ $0 }) { slot.worker.close() }
    }

    /// Workers started so far (a reused one is not counted again).
    var startedCount: Int { started.withLock { $0 } }
    /// Workers waiting now.
    var idleCount: Int { idle.withLock { $0.count } }

    /// Speaks `text` with a worker of `voice` (one waiting, else a new one), and keeps the worker
    /// for the next request unless it broke. Blocks: call it off the concurrency pool's threads.
    func speak(_ text: String, voice: PiperVoice, python: URL, lengthScale: String, sentenceSilence: String,
               timeout: TimeInterval) throws -> PiperSpeech {
        let worker = try take(voice, python: python)
        do {
            let speech = try worker.speak(text, lengthScale: lengthScale, sentenceSilence: sentenceSilence, timeout: timeout)
            giveBack(worker, voice)
            return speech
        } catch {
            if error.usable { giveBack(worker, voice) } else { worker.close() }
            throw FactoryError(.provider, "piper (through \(python.path)) \(error.message)")
        }
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

    /// Keeps `worker`, and closes it if nobody has taken it again `idleSeconds` later.
    private func giveBack(_ worker: PiperWorker, _ voice: PiperVoice) {
        let stamp = DispatchTime.now().uptimeNanoseconds
        idle.withLock { $0.append(Idle(worker: worker, voice: voice, since: stamp)) }
        DispatchQueue.global().asyncAfter(deadline: .now() + idleSeconds) { [weak self] in
            let expired = self?.idle.withLock { slots -> PiperWorker? in
                guard let index = slots.firstIndex(where: { $0.worker === worker && $0.since == stamp }) else { return nil }
                return slots.remove(at: index).worker
            }
            expired?.close()
        }
    }
}
