import FactoryMedia
import FactoryTesting
import Foundation

/// Synthetic "speech", WAV helpers, and the ffmpeg reference meter for the narration tests.
enum SpeechFixture {
    /// s16le mono PCM: `lead` s of faint noise (−70 dBFS), `speech` s of a harmonic tone whose
    /// level swings like syllables (4 Hz, never below a quarter), then `tail` s of faint noise.
    /// `offset` starts the speech that many seconds into its waveform (mid-syllable, off zero).
    static func chunk(rate: Int = 24_000, lead: Double, speech: Double, tail: Double, pitch: Double = 180,
                      level: Double = 0.3, offset: Double = 0) -> Data {
        var generator = SeededNoise(seed: UInt64(pitch * 1000 + lead * 10))
        var data = Data()
        func put(_ x: Double) {
            let v = Int16(max(-32768, min(32767, (x * 32767).rounded())))
            withUnsafeBytes(of: v.littleEndian) { data.append(contentsOf: $0) }
        }
        let floor = pow(10, -70.0 / 20)
        for _ in 0..<Int(lead * Double(rate)) { put(generator.next() * floor) }
        // Speech after or before silence starts and ends softly (5 ms), as a voice does; a chunk with
        // no silence at an end is cut mid-word there.
        let count = Int(speech * Double(rate)), ramp = Double(rate) * 0.005
        for i in 0..<count {
            var g = 1.0
            if lead > 0 { g = min(g, Double(i) / ramp) }
            if tail > 0 { g = min(g, Double(count - 1 - i) / ramp) }
            put(g * speechSample(i + Int(offset * Double(rate)), rate: rate, pitch: pitch, level: level))
        }
        for _ in 0..<Int(tail * Double(rate)) { put(generator.next() * floor) }
        return data
    }

    static func speechSample(_ i: Int, rate: Int, pitch: Double, level: Double) -> Double {
        let t = Double(i) / Double(rate)
        let envelope = 0.25 + 0.75 * abs(sin(2 * .pi * 2 * t))
        var x = 0.0
        for h in 1...4 { x += sin(2 * .pi * pitch * Double(h) * t) / Double(h) }
        return level * envelope * x / 2.08
    }

    /// Writes mono Float samples as a 16-bit PCM WAV (what NarrationReader and ffmpeg both read).
    static func wav(path: String, samples: [Float], rate: Int = 44_100) throws {
        var data = Data()
        func le32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { data.append(contentsOf: $0) } }
        func le16(_ v: UInt16) { withUnsafeBytes(of: v.littleEndian) { data.append(contentsOf: $0) } }
        let bytes = samples.count * 2
        data.append(contentsOf: Array("RIFF".utf8)); le32(UInt32(36 + bytes)); data.append(contentsOf: Array("WAVE".utf8))
        data.append(contentsOf: Array("fmt ".utf8)); le32(16); le16(1); le16(1); le32(UInt32(rate)); le32(UInt32(rate * 2)); le16(2); le16(16)
        data.append(contentsOf: Array("data".utf8)); le32(UInt32(bytes))
        for s in samples { le16(UInt16(bitPattern: Int16(max(-32768, min(32767, (Double(s) * 32767).rounded()))))) }
        try data.write(to: URL(fileURLWithPath: path))
    }

    /// Every sample of a mono WAV.
    static func read(_ path: String) throws -> [Float] {
        let reader = try NarrationReader(path: path)
        var out = [Float](repeating: 0, count: reader.frameCount * reader.channels)
        let n = try out.withUnsafeMutableBufferPointer { try reader.read(into: $0, frames: reader.frameCount) }
        return Array(out[0..<(n * reader.channels)])
    }

    /// Stretches whose 10 ms windows are above −50 dBFS, merging gaps under 100 ms.
    static func speechRegions(_ x: [Float], rate: Int = 44_100) -> [Range<Int>] {
        let window = rate / 100, threshold = pow(10, -50.0 / 10)
        var regions: [Range<Int>] = []
        var start = 0
        while start + window <= x.count {
            var sum = 0.0
            for i in start..<(start + window) { sum += Double(x[i] * x[i]) }
            if sum / Double(window) > threshold {
                if let last = regions.last, start - last.upperBound < rate / 10 {
                    regions[regions.count - 1] = last.lowerBound..<(start + window)
                } else {
                    regions.append(start..<(start + window))
                }
            }
            start += window
        }
        return regions
    }

    /// The ffmpeg the cross-checks run, if installed (`make test` installs it).
    static let ffmpeg = FFmpegLoudness.ffmpeg

    /// ffmpeg's `ebur128` integrated loudness (LUFS) and true peak (dBTP); throws without ffmpeg
    /// or when its summary cannot be read (the cross-checks are enabled only where it is installed).
    static func ffmpegLoudness(_ path: String) throws -> (integrated: Double, truePeak: Double) { try FFmpegLoudness.measure(path) }

    /// Amplitude of the `frequency` component of x[range] (Goertzel), for separating voice and music.
    static func amplitude(of frequency: Double, in x: [Float], _ range: Range<Int>, rate: Int = 44_100) -> Double {
        let w = 2 * Double.pi * frequency / Double(rate), c = 2 * cos(w)
        var s1 = 0.0, s2 = 0.0
        for i in range { let s = Double(x[i]) + c * s1 - s2; s2 = s1; s1 = s }
        let power = s1 * s1 + s2 * s2 - c * s1 * s2
        return 2 * power.squareRoot() / Double(range.count)
    }
}

/// A small deterministic noise source (xorshift), uniform in −1…1.
struct SeededNoise {
    var state: UInt64
    init(seed: UInt64) { state = seed | 1 }
    mutating func next() -> Double {
        state ^= state << 13; state ^= state >> 7; state ^= state << 17
        return Double(state >> 11) / Double(1 << 52) - 1
    }
}
