import FactoryMedia
import Foundation
import Testing

/// Beats found in synthetic drum tracks land on the true ones; cuts snap to them in order.
@Suite struct BeatDetectorTests {
    /// A kick (pitch-swept sine) with a click on every beat, every fourth accented, over a
    /// slowly swelling three-note pad and white noise; the first beat is at `offset` seconds.
    static func drumTrack(bpm: Double, seconds: Double, offset: Double = 0.31, seed: UInt64 = 7, noise level: Double = 0.03) -> (AudioBuffer, [Double]) {
        let rate = Double(AudioBuffer.rate), count = Int(seconds * rate)
        var samples = [Float](repeating: 0, count: count * 2)
        var state = seed
        func noise() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53) * 2 - 1
        }
        for i in 0..<count {
            let t = Double(i) / rate
            let swell = 0.6 + 0.4 * sin(2 * Double.pi * 0.25 * t)
            let pad = [220.0, 277.18, 329.63].reduce(0) { $0 + 0.07 * sin(2 * Double.pi * $1 * t) } * swell
            let hiss = level * noise()
            samples[2 * i] = Float(pad * 0.9 + hiss)
            samples[2 * i + 1] = Float(pad * 1.1 + hiss)
        }
        let period = 60 / bpm
        var beats: [Double] = []
        var beat = offset
        while beat < seconds - 0.3 {
            let accent = beats.count % 4 == 0 ? 1.0 : 0.7
            let start = Int(beat * rate)
            for j in 0..<min(Int(0.3 * rate), count - start) {
                let t = Double(j) / rate
                let phase = 2 * Double.pi * (50 * t + 70 * 0.04 * (1 - exp(-t / 0.04)))   // 120 → 50 Hz
                let kick = 0.6 * exp(-t / 0.12) * sin(phase)
                let click = 0.25 * exp(-t / 0.004) * sin(2 * Double.pi * 3000 * t)
                let v = Float(accent * (kick + click))
                samples[2 * (start + j)] += v
                samples[2 * (start + j) + 1] += v
            }
            beats.append(Double(start) / rate)
            beat += period
        }
        return (AudioBuffer(samples: samples), beats)
    }

    /// For each true beat, the error of the nearest detected one; and how many detections match nothing.
    static func score(_ found: [Double], _ truth: [Double], within tolerance: Double = 0.03) -> (errors: [Double], hits: Int, falsePositives: Int) {
        let errors = truth.map { t in found.map { $0 - t }.min { abs($0) < abs($1) } ?? .infinity }
        let hits = errors.filter { abs($0) <= tolerance }.count
        let falsePositives = found.filter { f in !truth.contains { abs($0 - f) <= tolerance } }.count
        return (errors, hits, falsePositives)
    }

    @Test(arguments: [120.0, 95.0])
    func beatsLandOnTheKicks(bpm: Double) {
        let (audio, truth) = Self.drumTrack(bpm: bpm, seconds: 12)
        let found = BeatDetector.beats(in: audio)
        let (errors, hits, falsePositives) = Self.score(found, truth)
        #expect(Double(hits) >= 0.9 * Double(truth.count), "\(hits) of \(truth.count) beats found: \(found)")
        #expect(falsePositives <= 1, "beats where there is no kick: \(found)")
        let matched = errors.filter { abs($0) <= 0.03 }
        #expect(matched.map(abs).reduce(0, +) / Double(max(1, matched.count)) < 0.01, "mean error over 10 ms: \(errors)")
        let tempo = BeatDetector.tempo(found)
        #expect(tempo.map { abs($0 - bpm) <= 2 } == true, "tempo \(String(describing: tempo))")
    }

    @Test func louderNoiseStillFindsTheBeats() {
        let (audio, truth) = Self.drumTrack(bpm: 128, seconds: 10, offset: 0.2, seed: 3, noise: 0.1)
        let found = BeatDetector.beats(in: audio)
        let (_, hits, falsePositives) = Self.score(found, truth)
        #expect(Double(hits) >= 0.9 * Double(truth.count) && falsePositives <= 2, "\(hits)/\(truth.count), \(falsePositives) extra")
    }

    @Test func silenceHasNoBeats() {
        #expect(BeatDetector.beats(in: .silence(seconds: 5)).isEmpty)
        #expect(BeatDetector.beats(in: AudioBuffer(samples: [])).isEmpty)
        #expect(BeatDetector.tempo([]) == nil && BeatDetector.tempo([1.0]) == nil)
    }

    @Test func minimumIntervalKeepsTheStrongerOfTwoCloseOnsets() {
        // Beats 0.15 s apart: with the default 0.25 s only one of each pair survives.
        let (a, truth) = Self.drumTrack(bpm: 60, seconds: 8, offset: 0.5, seed: 5)
        let (b, _) = Self.drumTrack(bpm: 60, seconds: 8, offset: 0.65, seed: 9)
        let both = AudioBuffer(samples: zip(a.samples, b.samples).map { $0 + 0.5 * $1 })
        let found = BeatDetector.beats(in: both)
        #expect(zip(found.dropFirst(), found).allSatisfy { $0 - $1 >= 0.25 }, "\(found)")
        #expect(Self.score(found, truth).hits >= truth.count - 1, "the louder kicks win: \(found)")
        #expect(BeatDetector.beats(in: both, minimumInterval: 0.1).count > found.count)
    }

    @Test func tempoIgnoresAMissedBeat() throws {
        let beats = [0.0, 0.5, 1.0, 1.5, 2.5, 3.0, 3.5]      // 2.0 missing
        #expect(abs(try #require(BeatDetector.tempo(beats)) - 120) < 0.01)
    }

    @Test(arguments: [
        // (wanted, expected) against beats every 0.5 s from 0.5 to 4.0
        ([0.45, 1.2, 1.3, 9.0], [0.5, 1.0, 1.5, 9.0]),      // snap, snap, next beat (1.0 taken), too far
        ([1.7, 2.3], [1.5, 2.5]),                          // nearest either side
        ([0.9, 0.95], [0.9, 1.0]),                         // 0.9 may not jump past the next wanted cut
        ([2.2], [2.0]),                                    // within the 0.35 s tolerance
        ([2.26], [2.5]),                                   // closer to the later beat
        ([0.1], [0.1]),                                    // no beat within 0.35 s
        ([], []),
    ])
    func cutsSnapToBeatsInOrder(wanted: [Double], expected: [Double]) {
        let beats = stride(from: 0.5, through: 4.0, by: 0.5).map { $0 }
        let cuts = BeatDetector.cuts(beats: beats, wanted: wanted)
        #expect(cuts.count == expected.count)
        for (c, e) in zip(cuts, expected) { #expect(abs(c - e) < 1e-9, "\(cuts) != \(expected)") }
        #expect(zip(cuts.dropFirst(), cuts).allSatisfy { $0 > $1 })
    }

    @Test func toleranceBoundsTheSnap() {
        #expect(BeatDetector.cuts(beats: [1.0], wanted: [1.3], tolerance: 0.2) == [1.3])
        #expect(BeatDetector.cuts(beats: [1.0], wanted: [1.3], tolerance: 0.35) == [1.0])
    }
}
