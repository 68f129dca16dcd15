import Foundation

/// Composes frames on a second thread while the calling thread encodes, so composition of frame
/// N+1 overlaps encoding of frame N. Frames are drawn straight into a small ring of the
/// encoder's own frames, which the encoding thread sends to libx264 as they are.
///
/// `@unchecked Sendable`: each slot is owned by exactly one thread at a time; ownership passes
/// through the `free`/`filled` semaphores, which order all memory accesses to it.
final class FramePipeline: @unchecked Sendable {
    private let slots: [EncoderFrame]
    private let free: DispatchSemaphore
    private let filled = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)
    private var cancelled = false
    private var joined = false
    private let lock = NSLock()

    /// A ring of `depth` frames from `encoder`: one being encoded, the others being drawn or
    /// ready (two are enough to overlap: `RenderTuning.defaultRingDepth`).
    init(encoder: VideoEncoder, depth: Int = RenderTuning.defaultRingDepth) throws {
        slots = try (0..<depth).map { _ in try encoder.makeFrame() }
        // Made at 0 and raised: libdispatch traps when a semaphore is freed below the value it
        // was made with, which a render stopped mid-way (slots taken, never given back) leaves.
        free = DispatchSemaphore(value: 0)
        for _ in 0..<depth { free.signal() }
    }

    private var isCancelled: Bool { lock.withLock { cancelled } }

    /// Starts composing `count` frames with `draw(index, frame)` on a new thread.
    func start(count: Int, draw: @escaping @Sendable (Int, EncoderFrame) -> Void) {
        let thread = Thread { [self] in
            for index in 0..<count {
                free.wait()
                if isCancelled { break }
                draw(index, slots[index % slots.count])
                filled.signal()
            }
            done.signal()
        }
        thread.name = "factory-compose"
        thread.stackSize = 1 << 20
        thread.start()
    }

    /// Waits for frame `index` (frames arrive in order) and lends it to `use`.
    func next(_ index: Int, _ use: (EncoderFrame) throws -> Void) rethrows {
        filled.wait()
        defer { free.signal() }
        try use(slots[index % slots.count])
    }

    /// Stops the composer early (after an error) and waits for its thread to end, unless
    /// `join()` already saw it end (an error after the last frame: `done` is signalled once).
    func cancel() {
        let ended = lock.withLock { cancelled = true; return joined }
        for _ in slots { free.signal() }
        if !ended { done.wait() }
    }

    /// Waits for the composer's thread to finish after the last frame.
    func join() {
        done.wait()
        lock.withLock { joined = true }
    }
}

extension PictureBuffer {
    /// Copies another picture of the same size into this one, plane by plane.
    func copy(from source: PictureBuffer) {
        for row in 0..<height { (y + row * yStride).update(from: source.y + row * source.yStride, count: width) }
        for row in 0..<(height / 2) {
            (u + row * cStride).update(from: source.u + row * source.cStride, count: width / 2)
            (v + row * cStride).update(from: source.v + row * source.cStride, count: width / 2)
        }
    }
}
