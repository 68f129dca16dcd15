@testable import FactoryCore
@testable import FactoryKinds
@testable import FactoryMedia
import Foundation
import Testing

/// The drift check hears the speech in the audio alone: syllable-like bursts at known instants
/// are found as onsets within a few milliseconds, a highlight on time passes, and one put a known
/// offset late or early is measured at that offset (median and lag) and fails past 100 ms.
@Suite struct ReadAlongDriftTests {
    /// Voiced "syllables" (a 180 Hz buzz with harmonics, 15 ms attack, 90–200 ms long) at `starts`,
    /// over a faint noise floor, as 44.1 kHz stereo.
    static func bursts(at starts: [Double], seconds: Double) -> AudioBuffer {
        let rate = Double(AudioBuffer.rate)
        var samples = [Float](repeating: 0, count: Int(seconds * rate) * 2)
        var noise: UInt64 = 7
        for i in 0..<(samples.count / 2) {
            noise = noise &* 6364136223846793005 &+ 1442695040888963407
            let n = Float(Int64(bitPattern: noise) >> 40) / Float(1 << 23) * 0.0005
            samples[2 * i] = n
            samples[2 * i + 1] = n
        }
        for (k, start) in starts.enumerated() {
            let length = 0.09 + 0.11 * Double(k % 3) / 2
            let first = Int(start * rate), count = Int(length * rate)
            for j in 0..<count where first + j < samples.count / 2 {
                let t = Double(j) / rate
                let attack: Double = min(1, t / 0.015), release: Double = min(1, (length - t) / 0.03)
                var v = 0.0
                for h in 1...8 {
                    let phase: Double = 2 * Double.pi * 180 * Double(h) * t
                    v += sin(phase) / Double(h)
                }
                let s = Float(0.18 * attack * release * v)
                samples[2 * (first + j)] += s
                samples[2 * (first + j) + 1] += s
            }
        }
        return AudioBuffer(samples: samples)
    }

    /// Word starts a read-along might have: 0.28–0.45 s apart, with a longer pause now and then.
    static let starts: [Double] = {
        var list: [Double] = [0.5]
        for k in 0..<40 {
            let gap: Double = 0.28 + 0.17 * Double((k * 7) % 5) / 4
            let pause: Double = k % 9 == 8 ? 0.6 : 0
            list.append(list[list.count - 1] + gap + pause)
        }
        return list
    }()

    @Test func onsetsAreHeardWhereTheSyllablesStart() {
        let onsets = SpeechOnsets.detect(Self.bursts(at: Self.starts, seconds: (Self.starts.last ?? 0) + 1))
        #expect(onsets.count >= Self.starts.count && onsets.count <= Self.starts.count + 4)
        for start in Self.starts {
            let nearest = onsets.map { abs($0 - start) }.min() ?? .infinity
            #expect(nearest < 0.012, "the burst at \(start) s: nearest onset \(nearest * 1000) ms away")
        }
    }

    // 80 ms late: the median passes (under 100 ms), the lag does not (over 50 ms).
    @Test(arguments: [(0.0, true), (0.03, true), (-0.03, true), (0.08, false), (0.15, false), (-0.15, false)])
    func aKnownOffsetIsMeasured(offset: Double, passes: Bool) {
        let audio = Self.bursts(at: Self.starts, seconds: (Self.starts.last ?? 0) + 1)
        let drift = ReadAlongDrift.measure(changes: Self.starts.map { $0 + offset }, onsets: SpeechOnsets.detect(audio))
        #expect(drift.changes == Self.starts.count && drift.matched >= Self.starts.count * 9 / 10)
        #expect(abs(drift.medianMilliseconds - abs(offset) * 1000) < 12, "median \(drift.medianMilliseconds) ms for an offset of \(offset) s")
        #expect(abs(drift.signedMedianMilliseconds - offset * 1000) < 12)
        // Slid back by the offset, the changes meet the onsets best.
        #expect(abs(drift.lagMilliseconds - offset * 1000) <= 12, "lag \(drift.lagMilliseconds) ms for an offset of \(offset) s")
        #expect(drift.passed == passes && drift.check.passed == passes && drift.check.name == "readalong:drift")
    }

    @Test func aHighlightWithNothingToHearFails() {
        // Words lit where the audio is silent: hardly any find an onset, so the check fails.
        let audio = Self.bursts(at: [0.5, 0.9], seconds: 12)
        let drift = ReadAlongDrift.measure(changes: (0..<20).map { 2 + 0.45 * Double($0) }, onsets: SpeechOnsets.detect(audio))
        #expect(drift.matched < 3 && !drift.passed)
        #expect(ReadAlongDrift.measure(changes: [], onsets: [1]).check.passed)
    }

    /// The detector is fed a piece at a time (a long story's track is never held whole): any
    /// cut of the same sound gives the very same onsets, and a file decoded piece by piece hears
    /// the bursts where they start.
    @Test func onsetsDoNotDependOnHowTheSoundArrives() throws {
        let audio = Self.bursts(at: Self.starts, seconds: (Self.starts.last ?? 0) + 1)
        let whole = SpeechOnsets.detect(audio)
        #expect(whole.count >= Self.starts.count)
        for piece in [1, 333, 4_097, 48_000] {
            var flux = SpeechOnsets.Flux(rate: AudioBuffer.rate)
            audio.samples.withUnsafeBufferPointer { all in
                var at = 0
                while at < all.count {
                    let end = min(all.count, at + piece * 2)
                    flux.add(stereo: UnsafeBufferPointer(rebasing: all[at..<end]))
                    at = end
                }
            }
            #expect(flux.onsets(minimumRise: SpeechOnsets.minimumRise) == whole, "pieces of \(piece) frames")
            #expect(flux.pending.count < flux.n, "only the samples of an unfinished frame are held")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("onsets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A plain 16-bit stereo WAV of the same sound at the same rate (no resampling on the way back).
        let file = folder.appendingPathComponent("bursts.wav").path
        var pcm = Data(capacity: audio.samples.count * 2)
        for sample in audio.samples {
            let value = Int16(max(-32767, min(32767, (sample * 32767).rounded())))
            withUnsafeBytes(of: value.littleEndian) { pcm.append(contentsOf: $0) }
        }
        var wav = Data("RIFF".utf8)
        func put<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { wav.append(contentsOf: $0) } }
        put(UInt32(36 + pcm.count)); wav += Data("WAVEfmt ".utf8)
        put(UInt32(16)); put(UInt16(1)); put(UInt16(2)); put(UInt32(AudioBuffer.rate)); put(UInt32(AudioBuffer.rate * 4)); put(UInt16(4)); put(UInt16(16))
        wav += Data("data".utf8); put(UInt32(pcm.count)); wav += pcm
        try wav.write(to: URL(fileURLWithPath: file))
        let heard = try SpeechOnsets.detect(path: file)
        for start in Self.starts {
            let nearest = heard.map { abs($0 - start) }.min() ?? .infinity
            #expect(nearest < 0.012, "the burst at \(start) s in the file: nearest onset \(nearest * 1000) ms away")
        }
    }
}
