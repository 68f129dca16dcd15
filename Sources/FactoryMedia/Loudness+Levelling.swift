import Foundation

extension Loudness {
    /// How far under the true-peak ceiling the limiter aims: AAC at 128–160 kbit/s rebuilds peaks
    /// a few tenths of a dB above the PCM it was given (measured on our videos: up to +0.5 dB).
    public static let codecHeadroom = 0.8

    /// A finished soundtrack made to read `target` LUFS integrated: one gain, then the true-peak
    /// limiter wherever that gain would lift a peak past `ceiling − codecHeadroom`. Limiting lowers
    /// the loudness, so the gain is raised by the shortfall and the pass run again until within
    /// 0.1 LU (five passes at most). Silence comes back unchanged. Returns the levelled
    /// audio and its measurement (true peak measured, 4× oversampled).
    public static func levelled(_ audio: AudioBuffer, target: Double, ceiling: Double) -> (audio: AudioBuffer, measured: Measurement) {
        let before = analyse(audio)
        guard before.integrated.isFinite else { return (audio, before) }
        let limit = ceiling - codecHeadroom
        var gain = target - before.integrated
        var out = gained(audio, by: gain, limit: before.truePeak + gain > limit ? limit : nil)
        // The passes look at the loudness alone; the true peak (most of the meter's work) is
        // measured once, on what is returned.
        var after = analyse(out.audio, truePeak: false)
        // Under the limiter a dB of gain buys less than a dB of loudness: each pass steps by the
        // shortfall over the slope the last two passes measured (a secant step), clamped to 1…10×.
        var previous = (gain: gain, loudness: after.integrated)
        for _ in 0..<4 where out.limited && abs(target - after.integrated) > 0.1 {
            let slope = previous.gain == gain ? 1 : (after.integrated - previous.loudness) / (gain - previous.gain)
            previous = (gain, after.integrated)
            gain += (target - after.integrated) / min(1, max(0.1, slope))
            out.audio = AudioBuffer(samples: [])  // the last pass's output goes before the next is made
            out = gained(audio, by: gain, limit: limit)
            after = analyse(out.audio, truePeak: false)
        }
        return (out.audio, analyse(out.audio))
    }

    /// `audio` × gain (in dB), through the limiter at `limit` dBTP when one is given.
    static func gained(_ audio: AudioBuffer, by gain: Double, limit: Double?) -> (audio: AudioBuffer, limited: Bool) {
        let linear = Float(pow(10, gain / 20))
        guard let limit else { return (AudioBuffer(samples: audio.samples.map { $0 * linear }), false) }
        var limiter = PeakLimiter(channels: 2, rate: AudioBuffer.rate, ceiling: limit)
        var out: [Float] = []
        out.reserveCapacity(audio.samples.count + 4096)
        // Scaled a block at a time on its way into the limiter (which streams): no whole scaled
        // copy beside the input and the output (12 MB for a 34 s chat, made beside its scene).
        var block = [Float](repeating: 0, count: 2 * 4096)
        audio.samples.withUnsafeBufferPointer { source in
            var start = 0
            while start < source.count {
                let n = min(block.count, source.count - start)
                for i in 0..<n { block[i] = source[start + i] * linear }
                block.withUnsafeBufferPointer { limiter.process(UnsafeBufferPointer(rebasing: $0[0..<n]), into: &out) }
                start += n
            }
        }
        limiter.flush(into: &out)
        return (AudioBuffer(samples: out), limiter.deepest < 1)
    }

    /// Plays `source` to its end into a stereo WAV at `work`, levels that file to `target` LUFS
    /// with the true peak under `ceiling − codecHeadroom` (`normalise`), and returns the levelled
    /// file's path (`work` + "-levelled.wav", for `WAVAudioSource`: the levelling may run on another
    /// thread than the render that plays it), with its loudness (and sample peak: the true peak is
    /// the encoded sound's to measure). The soundtrack is never held whole:
    /// a 20-minute story's mix stays on disk. `work` is a path prefix; the caller removes its files.
    public static func levelled(_ source: AudioSource, work: String, target: Double,
                                ceiling: Double) throws -> (path: String, measured: Measurement) {
        let raw = work + "-mix.wav", level = work + "-levelled.wav"
        let writer = try NarrationFileWriter(path: raw, channels: 2)
        // The mix is measured as it is written: `normalise` then needs no pass of its own to read it.
        var meter = LoudnessMeter(channels: 2, rate: AudioBuffer.rate)
        do {
            var block = [Float](repeating: 0, count: 2 * 4096)
            while true {
                let n = try block.withUnsafeMutableBufferPointer { try source.read(into: $0, frames: 4096) }
                if n > 0 {
                    let played = Array(block[0..<(2 * n)])
                    played.withUnsafeBufferPointer { meter.add($0) }
                    try writer.write(played)
                }
                if n < 4096 { break }
            }
        } catch {
            try? writer.finish()
            throw error
        }
        try writer.finish()
        meter.flush()
        defer { try? FileManager.default.removeItem(atPath: raw) }
        // `normalise` keeps its limiter 0.3 dB under the ceiling it is given. Its passes measure
        // loudness alone: the true peak that matters is the encoded sound's, measured from the video.
        let measured = try normalised(input: raw, output: level, target: target, ceiling: ceiling - codecHeadroom + 0.3,
                                      before: meter.measurement, truePeak: false)
        return (level, measured)
    }
}

/// A stereo WAV at 44.1 kHz played once as a soundtrack (a levelled mix written by `Loudness.levelled`).
public final class WAVAudioSource: AudioSource {
    private let reader: NarrationReader

    public init(path: String) throws {
        reader = try NarrationReader(path: path)
        guard reader.channels == 2, reader.sampleRate == AudioBuffer.rate else {
            throw MediaError(.settings, "soundtrack \(path) must be stereo at \(AudioBuffer.rate) Hz "
                             + "(it has \(reader.channels) channels at \(reader.sampleRate) Hz)")
        }
    }

    /// Seconds of sound.
    public var duration: Double { reader.duration }

    public func read(into out: UnsafeMutableBufferPointer<Float>, frames: Int) throws -> Int {
        let wanted = min(frames, out.count / 2)
        let real = try reader.read(into: out, frames: wanted)
        for i in (2 * real)..<(2 * wanted) { out[i] = 0 }
        return real
    }
}
