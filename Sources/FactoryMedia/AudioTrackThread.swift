import Foundation

/// Pulls a render's soundtrack from its source and encodes it to AAC on a thread of its own,
/// kept a short lead ahead of the video frames sent so far.
///
/// Why a thread: on the encoding thread the AAC encoder (4.3 CPU-s for the sample bedtime
/// story's 106 s) and the source's levelling ran between libx264's frames, holding up the
/// thread that feeds it; on their own they use the time libx264's two frame threads leave idle.
/// Why the lead: the muxer interleaves by timestamp, so audio far ahead of the video would only
/// wait in its queue (and a whole story's worth would be written in one block).
///
/// `@unchecked Sendable`: the source and the encoder's audio side are used by this thread alone
/// once it starts; everything else goes through `condition`.
final class AudioTrackThread: @unchecked Sendable {
    /// How far the sound may run ahead of the frames sent: half a second of samples.
    static let lead = AudioBuffer.rate / 2
    /// Samples read and encoded at a time (a little over 90 ms).
    static let block = 4096

    private let encoder: VideoEncoder
    private let source: AudioSource?
    private let fps: Int
    /// Samples up to the end of the last video frame: the track is exactly as long as the video.
    private let end: Int
    private let condition = NSCondition()
    private var framesSent = 0
    private var cancelled = false
    private var failure: Error?
    private var finished = false

    init(encoder: VideoEncoder, source: AudioSource?, fps: Int, frames: Int) {
        self.encoder = encoder
        self.source = source
        self.fps = max(1, fps)
        end = frames * AudioBuffer.rate / max(1, fps)
    }

    func start() {
        let thread = Thread { [self] in
            var failed: Error?
            do { try run() } catch { failed = error }
            condition.withLock {
                failure = failed
                finished = true
                condition.broadcast()
            }
        }
        thread.name = "factory-audio"
        thread.stackSize = 1 << 20
        thread.start()
    }

    /// The video thread reports each frame it has sent; throws what the audio thread failed with.
    func videoSent(_ frames: Int) throws {
        try condition.withLock {
            if let failure { throw failure }
            framesSent = frames
            condition.broadcast()
        }
    }

    /// Waits for the whole track; throws what the audio thread failed with.
    func join() throws {
        try condition.withLock {
            while !finished { condition.wait() }
            if let failure { throw failure }
        }
    }

    /// Stops early (after an error elsewhere) and waits for the thread.
    func cancel() {
        condition.withLock {
            cancelled = true
            condition.broadcast()
            while !finished { condition.wait() }
        }
    }

    private func run() throws {
        var chunk = [Float](repeating: 0, count: 2 * Self.block)
        var written = 0
        while written < end {
            // Wait until the video has gone far enough for the next block, or until cancelled.
            let limit: Int? = condition.withLock {
                while !cancelled && written >= allowed() { condition.wait() }
                return cancelled ? nil : allowed()
            }
            guard let limit else { return }
            while written < limit {
                let count = min(Self.block, limit - written)
                try chunk.withUnsafeMutableBufferPointer { buffer in
                    let slice = UnsafeMutableBufferPointer(rebasing: buffer[0..<(2 * count)])
                    if let source { _ = try source.read(into: slice, frames: count) } else { slice.update(repeating: 0) }
                    try encoder.encodeAudio(UnsafeBufferPointer(slice))
                }
                written += count
            }
        }
    }

    /// Samples the track may reach now (under `condition`).
    private func allowed() -> Int {
        min(end, framesSent * AudioBuffer.rate / fps + Self.lead)
    }
}
