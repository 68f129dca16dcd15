import FactoryCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// SIGINT/SIGTERM during a run: the first stops new paid calls and gives in-flight ones `grace`
/// seconds before the work is cancelled; a second signal cancels at once. The report is still written.
final class SignalWatcher: Sendable {
    // The sources live as long as the watcher; `received` is set on the signal queue and read after the run.
    nonisolated(unsafe) private var sources: [DispatchSourceSignal] = []
    nonisolated(unsafe) private(set) var received: Int32?
    private let lock = NSLock()

    init(stop: StopSignal, grace: Double, work: @escaping @Sendable () -> Void, log: @escaping @Sendable (String) -> Void) {
        let queue = DispatchQueue(label: "factory.signals")
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { [self] in
                let first = lock.withLock { () -> Bool in
                    defer { if received == nil { received = number } }
                    return received == nil
                }
                if first {
                    stop.request()
                    log("stopping (\(number == SIGINT ? "SIGINT" : "SIGTERM")): no new paid calls; in-flight work has \(Int(grace)) s to finish")
                    queue.asyncAfter(deadline: .now() + grace) { work() }
                } else {
                    log("stopping now: in-flight work is cancelled")
                    work()
                }
            }
            source.resume()
            sources.append(source)
        }
    }

    deinit {
        for source in sources { source.cancel() }
    }
}
