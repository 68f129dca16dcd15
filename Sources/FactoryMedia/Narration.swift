import CAV
import CAVShim
import Foundation

/// Joins speech chunks (s16le mono PCM from a speech provider) into one mono 44.1 kHz Float32 WAV,
/// streaming: each chunk is resampled with libswresample in blocks and written as it goes.
///
/// Every chunk is trimmed to `keep` seconds of silence at each end, faded in and out over `fade`
/// seconds so a join never clicks, and followed by its pause. `finish()` must run before release.
public final class NarrationWriter {
    /// Speech starts where a 10 ms window first rises above this level (dBFS).
    public static let silenceThreshold = -50.0
    /// Silence kept before and after the speech of each chunk (seconds).
    public static let keep = 0.040
    /// Length of the fade at both ends of each chunk (seconds).
    public static let fade = 0.008
    private let file: NarrationFileWriter
    /// Where sample 0 of the last appended chunk falls in the file (seconds; before its trimmed
    /// silence), so times measured in a chunk's own audio (word timings) map onto the narration.
    public private(set) var lastOrigin = 0.0

    public init(path: String) throws {
        _ = AV.quiet
        file = try NarrationFileWriter(path: path)
    }

    /// Appends one chunk (s16le mono PCM at `sampleRate`), resampled to 44.1 kHz; leading and
    /// trailing silence (below −50 dBFS) trimmed to 40 ms; 8 ms fades at both ends; then
    /// `pauseAfter` seconds of silence. Returns where the chunk's speech starts in the file and how
    /// long the speech lasts (from the first to the last window above the threshold, in seconds).
    /// A chunk with no speech adds only its pause and reports a duration of 0.
    @discardableResult
    public func append(pcm: Data, sampleRate: Int, pauseAfter: Double) throws -> (start: Double, duration: Double) {
        guard sampleRate >= 8_000, sampleRate <= 192_000 else {
            throw MediaError(.settings, "speech sample rate \(sampleRate) Hz is not plausible (8 kHz to 192 kHz)")
        }
        let out = Double(AudioBuffer.rate)
        let here = Double(file.frames) / out
        let samples = pcm.count / 2
        let speech = Self.withSamples(pcm) { Self.speechRange($0, rate: sampleRate, count: samples) }
        var result = (start: here, duration: 0.0)
        if let speech {
            let pad = Int(Self.keep * Double(sampleRate))
            let from = max(0, speech.lowerBound - pad), to = min(samples, speech.upperBound + pad)
            lastOrigin = here - Double(from) / Double(sampleRate)
            result = (here + Double(speech.lowerBound - from) / Double(sampleRate),
                      Double(speech.count) / Double(sampleRate))
            try Self.withSamples(pcm) { try resample(UnsafeBufferPointer(rebasing: $0[from..<to]), rate: sampleRate) }
        }
        try file.writeSilence(Int((max(0, pauseAfter) * out).rounded()))
        return result
    }

    /// Writes the header and closes the file; returns the narration's length in seconds.
    @discardableResult
    public func finish() throws -> Double {
        try file.finish()
        return Double(file.frames) / Double(AudioBuffer.rate)
    }

    /// Lends the chunk's samples as Int16, copying only when `Data` is not 2-byte aligned.
    static func withSamples<T>(_ pcm: Data, _ body: (UnsafeBufferPointer<Int16>) throws -> T) rethrows -> T {
        try pcm.withUnsafeBytes { raw in
            if let base = raw.baseAddress, Int(bitPattern: base) % 2 == 0 {
                return try body(UnsafeBufferPointer(start: base.assumingMemoryBound(to: Int16.self), count: raw.count / 2))
            }
            var copy = [Int16](repeating: 0, count: raw.count / 2)
            copy.withUnsafeMutableBytes { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[0..<$0.count])) }
            return try copy.withUnsafeBufferPointer(body)
        }
    }

    /// The samples from the first to the last 10 ms window whose RMS is above the threshold.
    static func speechRange(_ pcm: UnsafeBufferPointer<Int16>, rate: Int, count: Int) -> Range<Int>? {
        let window = max(1, rate / 100)
        let threshold = pow(10, silenceThreshold / 10) * 32768 * 32768 * Double(window)
        var first: Int?, last = 0
        var start = 0
        while start < count {
            let end = min(count, start + window)
            var sum = 0.0
            for i in start..<end { let v = Double(pcm[i]); sum += v * v }
            // The window's mean square against the threshold, scaled to a full window.
            if sum * Double(window) / Double(end - start) > threshold {
                if first == nil { first = start }
                last = end
            }
            start = end
        }
        return first.map { $0..<last }
    }

    /// Resamples one trimmed chunk in blocks, fading its ends, and writes it.
    private func resample(_ pcm: UnsafeBufferPointer<Int16>, rate: Int) throws {
        var swr = cf_av_swr_mono(AV_SAMPLE_FMT_S16, Int32(rate), AV_SAMPLE_FMT_FLT, Int32(AudioBuffer.rate))
        defer { swr_free(&swr) }
        guard let swr else { throw MediaError(.settings, "cannot resample speech from \(rate) Hz") }
        let fadeFrames = max(1, Int(Self.fade * Double(AudioBuffer.rate)))
        let block = 8192
        var scratch = [Float](repeating: 0, count: block * (AudioBuffer.rate / rate + 2) + 256)
        var held: [Float] = [], produced = 0
        func take(_ n: Int32) throws {
            try AV.check(n, .encode, "cannot resample speech from \(rate) Hz")
            for i in 0..<Int(n) {
                // Fade in on the first samples; hold back the last ones for the fade out.
                let g = produced < fadeFrames ? Float(produced) / Float(fadeFrames) : 1
                held.append(scratch[i] * g)
                produced += 1
            }
            if held.count > 4 * fadeFrames {
                try file.write(Array(held[0..<(held.count - fadeFrames)]))
                held.removeFirst(held.count - fadeFrames)
            }
        }
        var offset = 0
        while offset < pcm.count, let base = pcm.baseAddress {
            let n = min(block, pcm.count - offset)
            let input = UnsafeRawPointer(base + offset).assumingMemoryBound(to: UInt8.self)
            try take(scratch.withUnsafeMutableBytes {
                cf_av_swr_convert_mono(swr, $0.bindMemory(to: UInt8.self).baseAddress, Int32($0.count / 4), input, Int32(n))
            })
            offset += n
        }
        try take(scratch.withUnsafeMutableBytes { cf_av_swr_convert_mono(swr, $0.bindMemory(to: UInt8.self).baseAddress, Int32($0.count / 4), nil, 0) })
        let tail = min(fadeFrames, held.count)
        for i in 0..<tail { held[held.count - 1 - i] *= Float(i) / Float(fadeFrames) }
        try file.write(held)
    }
}
