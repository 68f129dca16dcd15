import Foundation

/// EBU R128 loudness of narration files, and normalisation to a target level, reading in blocks.
public enum Loudness {
    /// What `analyse` measured.
    public struct Measurement: Sendable, Equatable {
        /// Integrated loudness in LUFS (−∞ for silence).
        public var integrated: Double
        /// Largest absolute sample, in dBFS.
        public var samplePeak: Double
        /// Largest 4× oversampled value, in dBTP (never below the sample peak).
        public var truePeak: Double
    }

    static let block = 16_384

    /// ITU-R BS.1770-4 integrated loudness (K-weighting, 400 ms blocks with 75 % overlap, gates at
    /// −70 LUFS and −10 LU), sample peak and 4× oversampled true peak of a WAV, read in blocks.
    /// Mono counts as one channel (ffmpeg `ebur128`'s default), not as dual mono.
    public static func analyse(path: String) throws -> Measurement {
        let reader = try NarrationReader(path: path)
        var meter = LoudnessMeter(channels: reader.channels, rate: reader.sampleRate)
        var buffer = [Float](repeating: 0, count: block * reader.channels)
        while true {
            let n = try buffer.withUnsafeMutableBufferPointer { try reader.read(into: $0, frames: block) }
            if n == 0 { break }
            buffer.withUnsafeBufferPointer { meter.add(UnsafeBufferPointer(rebasing: $0[0..<(n * reader.channels)])) }
        }
        meter.flush()
        return meter.measurement
    }

    /// Integrated loudness (LUFS) and true peak (dBTP) of a narration file; see `analyse`.
    public static func measure(path: String) throws -> (integrated: Double, truePeak: Double) {
        let m = try analyse(path: path)
        return (m.integrated, m.truePeak)
    }

    /// Writes `output` = `input` × gain so the integrated loudness is `target` LUFS (−18 by
    /// default, a calm spoken-word level), with the true peak kept under `ceiling` dBTP by a smooth
    /// look-ahead limiter when the gain alone would exceed it. When limiting pulls the loudness more
    /// than 0.1 LU below the target, the gain is raised by the shortfall and the pass run again (twice at most).
    /// `output` is a mono or multichannel Float32 WAV at the input's rate. Returns the loudness after.
    @discardableResult
    public static func normalise(input: String, output: String, target: Double = -18, ceiling: Double = -1.5) throws -> Double {
        try normalised(input: input, output: output, target: target, ceiling: ceiling).integrated
    }

    /// `normalise`, returning what the last pass measured of `output` as it wrote it: the same
    /// figures `analyse(path: output)` reads, without another pass over the file.
    /// `before`, when the caller has already measured `input` (`analyse(path:)`), saves that pass.
    /// `truePeak: false` measures the passes' loudness alone (the true peak, most of the meter's
    /// work, is then reported as the sample peak) for a caller that measures its own result later.
    public static func normalised(input: String, output: String, target: Double = -18, ceiling: Double = -1.5,
                                  before known: Measurement? = nil, truePeak: Bool = true) throws -> Measurement {
        guard URL(fileURLWithPath: input).standardizedFileURL != URL(fileURLWithPath: output).standardizedFileURL else {
            throw MediaError(.settings, "normalise reads \(input) while writing \(output); give a different output path")
        }
        let before = try known ?? analyse(path: input)
        guard before.integrated.isFinite else {
            throw MediaError(.settings, "narration \(input) is silent (below −70 LUFS); check the speech provider's output")
        }
        var gain = target - before.integrated
        var after = try apply(input: input, output: output, gain: gain, ceiling: ceiling, peak: before.truePeak, truePeak: truePeak)
        // Limiting lowers the loudness a little; make up the shortfall (at most twice more).
        for _ in 0..<2 where after.limited && target - after.measured.integrated > 0.1 {
            gain += target - after.measured.integrated
            after = try apply(input: input, output: output, gain: gain, ceiling: ceiling, peak: before.truePeak, truePeak: truePeak)
        }
        return after.measured
    }

    /// One pass: gain, limiter (only when the gained true peak would pass the ceiling), write,
    /// and measure what was written.
    static func apply(input: String, output: String, gain: Double, ceiling: Double, peak: Double,
                      truePeak: Bool = true) throws -> (measured: Measurement, limited: Bool) {
        let reader = try NarrationReader(path: input)
        let writer = try NarrationFileWriter(path: output, channels: reader.channels, rate: reader.sampleRate)
        var meter = LoudnessMeter(channels: reader.channels, rate: reader.sampleRate, truePeak: truePeak)
        // A small margin under the ceiling: the limiter's gain moves between samples, and
        // other meters interpolate a little differently.
        let needsLimiter = peak + gain > ceiling - 0.1
        var limiter = needsLimiter ? PeakLimiter(channels: reader.channels, rate: reader.sampleRate, ceiling: ceiling - 0.3) : nil
        let linear = Float(pow(10, gain / 20))
        var buffer = [Float](repeating: 0, count: block * reader.channels)
        var out: [Float] = []
        out.reserveCapacity(buffer.count + 4096)
        func write(_ samples: [Float]) throws {
            samples.withUnsafeBufferPointer { meter.add($0) }
            try writer.write(samples)
        }
        while true {
            let n = try buffer.withUnsafeMutableBufferPointer { try reader.read(into: $0, frames: block) }
            if n == 0 { break }
            for i in 0..<(n * reader.channels) { buffer[i] *= linear }
            out.removeAll(keepingCapacity: true)
            if limiter != nil {
                buffer.withUnsafeBufferPointer { limiter?.process(UnsafeBufferPointer(rebasing: $0[0..<(n * reader.channels)]), into: &out) }
            } else {
                out.append(contentsOf: buffer[0..<(n * reader.channels)])
            }
            try write(out)
        }
        out.removeAll(keepingCapacity: true)
        limiter?.flush(into: &out)
        try write(out)
        try writer.finish()
        meter.flush()
        return (meter.measurement, (limiter?.deepest ?? 1) < 1)
    }
}
