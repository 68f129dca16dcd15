import FactoryImaging
import Foundation

/// Renders a scene and its soundtrack to an MP4: composes each frame straight into the encoder's
/// picture on one thread, encodes it on another, and the sound on a third, kept just ahead.
public enum SceneRenderer {
    /// What a render did, for the bundle's metadata and for benchmarks.
    public struct Stats: Sendable, Codable, Equatable {
        public var frames: Int
        public var seconds: Double
        public var composeSeconds: Double
        public var encodeSeconds: Double
    }

    /// `audio` shorter than the video is padded with silence; longer is cut. Every video gets an
    /// audio track, silent when there is no sound.
    public static func render(_ scene: consuming Scene, audio: AudioBuffer?, to path: String, settings: VideoSettings,
                              scan: FrameScan.Recorder? = nil) throws -> Stats {
        try render(consume scene, source: audio.map { AudioBufferSource($0) }, to: path, settings: settings, scan: scan)
    }

    /// Renders with a soundtrack pulled from `source` frame by frame (memory stays flat however long
    /// the video is). A source shorter than the video is padded with silence; longer is cut.
    /// `scan`, when given, measures every composed picture (for checks that need no decoding).
    /// The scene is handed over: each layer is let go once no later frame shows it (`RetiringScene`),
    /// so a caller that keeps no copy of it gets that memory back during the render.
    public static func render(_ scene: consuming Scene, source: AudioSource?, to path: String, settings: VideoSettings,
                              scan: FrameScan.Recorder? = nil) throws -> Stats {
        let live = RetiringScene(consume scene, ring: settings.tuning.ringDepth)
        // Layers rasterised on the way (subtitles, bubbles) never repeat: nothing worth caching.
        return try Vips.withoutOperationCache {
            try renderFrames(live, source: source, to: path, settings: settings, scan: scan)
        }
    }

    private static func renderFrames(_ live: RetiringScene, source: AudioSource?, to path: String, settings: VideoSettings,
                                     scan: FrameScan.Recorder?) throws -> Stats {
        let started = Date()
        let frames = max(1, Int((live.scene.duration * Double(settings.fps)).rounded()))
        let tuning = settings.tuning
        Self.letGoBeforeEncoding(tuning)
        let encoder = try VideoEncoder(path: path, settings: settings)
        // As deep as the scene expects: it trims the heap once the ring has gone round.
        let pipeline = try FramePipeline(encoder: encoder, depth: live.ring)
        let fps = Double(settings.fps)
        let composeNanos = ManagedAtomicCounter()
        let dump = tuning.frameDump.flatMap(FrameDump.init(path:))
        let redraw = tuning.fullRedraw
        pipeline.start(count: frames) { index, frame in
            let c0 = DispatchTime.now().uptimeNanoseconds
            var picture = frame.picture
            // Each frame of the ring is drawn over what it held a turn of the ring before: only what changed.
            frame.drawn = Compositor.draw(live.scene, at: Double(index) / fps, into: &picture, over: redraw ? nil : frame.drawn)
            scan?.add(picture, time: Double(index) / fps)
            live.drawn(index, fps: fps)
            composeNanos.add(DispatchTime.now().uptimeNanoseconds - c0)
        }
        // The soundtrack is encoded on its own thread, a little ahead of the frames sent.
        let sound = AudioTrackThread(encoder: encoder, source: source, fps: settings.fps, frames: frames)
        sound.start()
        do {
            for index in 0..<frames {
                try pipeline.next(index) { frame in
                    dump?.write(frame.picture)
                    try encoder.encode(frame)
                }
                Self.letGoAfterFirstFrames(sent: index + 1, tuning)
                try sound.videoSent(index + 1)
            }
            pipeline.join()
            try sound.join()
            try encoder.finish()
        } catch {
            pipeline.cancel()
            sound.cancel()
            try? encoder.finish()
            try? FileManager.default.removeItem(atPath: path)
            throw error
        }
        let compose = Double(composeNanos.value) / 1e9
        let total = Date().timeIntervalSince(started)
        return Stats(frames: frames, seconds: total, composeSeconds: compose, encodeSeconds: total - compose)
    }

    /// The frame at `time` as RGB, drawn by the same compositor (for covers, previews and tests).
    public static func snapshot(_ scene: Scene, at time: Double) -> [UInt8] {
        let w = scene.width, h = scene.height
        var y = [UInt8](repeating: 0, count: w * h), u = [UInt8](repeating: 0, count: w * h / 4), v = u
        return y.withUnsafeMutableBufferPointer { yb in u.withUnsafeMutableBufferPointer { ub in v.withUnsafeMutableBufferPointer { vb in
            var picture = PictureBuffer(width: w, height: h, y: yb.baseAddress!, u: ub.baseAddress!, v: vb.baseAddress!,
                                        yStride: w, cStride: w / 2)
            Compositor.draw(scene, at: time, into: &picture)
            return ColourMatrix.rgbRaster(picture)
        } } }
    }
}

/// A counter shared between the composing thread and the caller.
///
/// `@unchecked Sendable`: every access goes through the lock.
final class ManagedAtomicCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var total: UInt64 = 0
    func add(_ n: UInt64) { lock.withLock { total += n } }
    var value: UInt64 { lock.withLock { total } }
}

/// Writes every composed picture as packed I420 to a file, for the benchmark's quality figure
/// (`RenderTuning.frameDump`, `FACTORY_FRAME_DUMP=FILE`; the file is replaced by each render). Never used otherwise.
final class FrameDump {
    private let file: UnsafeMutablePointer<FILE>

    init?(path: String) {
        guard let file = fopen(path, "wb") else { return nil }
        self.file = file
    }

    deinit { fclose(file) }

    func write(_ p: PictureBuffer) {
        for row in 0..<p.height { fwrite(p.y + row * p.yStride, 1, p.width, file) }
        for plane in [p.u, p.v] {
            for row in 0..<(p.height / 2) { fwrite(plane + row * p.cStride, 1, p.width / 2, file) }
        }
    }
}

extension SceneRenderer {
    /// Before the encoder opens: the heap freed while the scene was built (rasters converted to
    /// layers) need not stay resident under the encoder's own memory, and the pages of ~200
    /// libraries that start-up and the stills touched and encoding never reads again (about 60 MB
    /// of the resident set) are unmapped; only the render's own come back.
    static func letGoBeforeEncoding(_ tuning: RenderTuning) {
        Vips.trimHeap()
        if !tuning.keepFilePages { Vips.releaseFilePages() }
    }

    /// After the second frame: opening the encoders and the first frames (video and sound) ran
    /// set-up code that never runs again, dropped as well (wed-recipe's peak 192 -> 183 MiB, 3 runs each).
    static func letGoAfterFirstFrames(sent: Int, _ tuning: RenderTuning) {
        if sent == 2 && !tuning.keepFilePages { Vips.releaseFilePages() }
    }
}
