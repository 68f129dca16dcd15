import Foundation

/// Runs one render's code on a thread of its own instead of the cooperative pool.
///
/// A render holds its thread for its whole length (composing, encoding, checks), and the pool has
/// one thread per core: two renders on a 2-core machine held all of it, so the other items' async
/// stages (a narration chunk coming back from espeak-ng, an image) waited for a render to end
/// before they could go on, and the week's longest render started last. Each render gets a serial
/// queue, which libdispatch runs on a thread outside the pool's width.
final class RenderExecutor: TaskExecutor {
    private let queue: DispatchQueue

    init(label: String) {
        queue = DispatchQueue(label: label, qos: .userInitiated)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
