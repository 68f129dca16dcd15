import FactoryMedia
import Foundation
import Testing

/// Synthesised chat sounds (length, level, clean edges, spectrum) and the soundtrack mixer
/// (placement, ducking, limiting, many effects).
@Suite struct SoundEffectsTests {
    enum Effect: String, CaseIterable, CustomTestStringConvertible {
        case swoosh, ding, click0, click1, click2, click3
        var testDescription: String { rawValue }

        func make() -> AudioBuffer {
            switch self {
            case .swoosh: SoundEffects.sendSwoosh()
            case .ding: SoundEffects.receiveDing()
            case .click0: SoundEffects.keyClick(variant: 0)
            case .click1: SoundEffects.keyClick(variant: 1)
            case .click2: SoundEffects.keyClick(variant: 2)
            case .click3: SoundEffects.keyClick(variant: 3)
            }
        }
        var seconds: ClosedRange<Double> {
            switch self {
            case .swoosh: 0.25...0.35
            case .ding: 0.45...0.55
            default: 0.025...0.040
            }
        }
        var peakDB: ClosedRange<Double> { self == .swoosh || self == .ding ? -7...(-5) : -16...(-12) }
    }

    @Test(arguments: Effect.allCases)
    func effectHasItsLengthLevelAndCleanEdges(_ effect: Effect) {
        let sound = effect.make()
        #expect(effect.seconds.contains(sound.duration))
        #expect(effect.peakDB.contains(20 * log10(Double(sound.peak))))
        let s = sound.samples
        // Silent first and last frame, and a fade over the first and last millisecond.
        #expect(s.prefix(2).allSatisfy { $0 == 0 } && s.suffix(2).allSatisfy { $0 == 0 })
        #expect(s.prefix(6).allSatisfy { abs($0) < 0.01 * sound.peak } && s.suffix(6).allSatisfy { abs($0) < 0.01 * sound.peak })
        for channel in 0..<2 {
            let mean = stride(from: channel, to: s.count, by: 2).reduce(0.0) { $0 + Double(s[$1]) } / Double(sound.frameCount)
            #expect(abs(mean) < 1e-6, "DC offset \(mean) in channel \(channel)")
        }
        #expect(effect.make() == sound)
    }

    @Test func clickVariantsDifferAndWrapAround() {
        let clicks = (0..<SoundEffects.keyClickVariants).map { SoundEffects.keyClick(variant: $0) }
        #expect(Set(clicks.map(\.samples)).count == clicks.count)
        #expect(SoundEffects.keyClick(variant: 5) == clicks[1] && SoundEffects.keyClick(variant: -1) == clicks[3])
    }

    @Test func dingEnergySitsAtItsPartials() {
        let ding = SoundEffects.receiveDing()
        let partial = goertzel(ding, frequency: 1320), high = goertzel(ding, frequency: 1980)
        for off in [300.0, 700.0, 5000.0] {
            #expect(partial > 30 * goertzel(ding, frequency: off))
            #expect(high > 30 * goertzel(ding, frequency: off))
        }
    }

    @Test func swooshSweepsUpward() {
        let swoosh = SoundEffects.sendSwoosh()
        // Zero crossings per second track the band's centre: far more in the last third.
        func crossings(_ from: Int, _ to: Int) -> Int {
            (from + 1..<to).filter { (swoosh.samples[2 * $0] < 0) != (swoosh.samples[2 * $0 - 2] < 0) }.count
        }
        let third = swoosh.frameCount / 3
        #expect(crossings(2 * third, 3 * third) > 2 * crossings(0, third))
    }

    @Test func mixerPlacesAnEffectAtItsSample() {
        var mixer = SoundtrackMixer(duration: 3)
        mixer.add(SoundEffects.receiveDing(), at: 1)
        let out = mixer.mixdown()
        #expect(out.frameCount == 3 * 44_100)
        let first = out.samples.firstIndex { $0 != 0 }.map { $0 / 2 }
        #expect(first.map { abs($0 - 44_100) <= 2 } == true)
        #expect(out.rmsDecibels(from: 0.98, length: 0.02) == -.infinity)
        #expect(out.rmsDecibels(from: 1.0, length: 0.02) > -20)
        #expect(out.rmsDecibels(from: 1.08, length: 0.02) > -20)
        #expect(mixer.events.map(\.time) == [1] && mixer.events.map(\.duration) == [0.5])
    }

    @Test func effectsOutsideTheSoundtrackAreCut() {
        var mixer = SoundtrackMixer(duration: 1)
        mixer.add(SoundEffects.receiveDing(), at: 0.8)
        mixer.add(SoundEffects.receiveDing(), at: -0.2)
        mixer.add(SoundEffects.receiveDing(), at: 1.5)
        mixer.add(SoundEffects.receiveDing(), at: .nan)
        let out = mixer.mixdown()
        #expect(out.frameCount == 44_100)
        #expect(out.rmsDecibels(from: 0, length: 0.2) > -40 && out.rmsDecibels(from: 0.8, length: 0.2) > -30)
        #expect(mixer.events.map(\.time) == [0.8, -0.2])
    }

    @Test func musicDucksByTheDepthUnderAnEffectAndRecovers() {
        var mixer = SoundtrackMixer(duration: 8)
        mixer.setMusic(tone(frequency: 200, seconds: 2, amplitude: 0.3), gain: 1)
        mixer.add(tone(frequency: 5000, seconds: 1, amplitude: 0.3), at: 3)
        let out = mixer.mixdown(duckingDepthDB: -10)
        let before = goertzel(out, frequency: 200, from: 1.0, length: 0.5)
        let during = goertzel(out, frequency: 200, from: 3.3, length: 0.5)
        let after = goertzel(out, frequency: 200, from: 5.5, length: 0.5)
        #expect(abs(20 * log10(during / before) - -10) < 3)
        #expect(abs(20 * log10(after / before)) < 0.5)
        // Music fades in from silence and out to silence.
        #expect(abs(out.samples[1]) < 1e-3 && abs(out.samples[out.samples.count - 1]) < 1e-3)
    }

    @Test func loudOverlapsNeverClip() {
        var mixer = SoundtrackMixer(duration: 2)
        mixer.setMusic(tone(frequency: 110, seconds: 0.5, amplitude: 0.9), gain: 1)
        for k in 0..<8 {
            mixer.add(SoundEffects.receiveDing(), at: 0.5 + 0.01 * Double(k), gain: 3)
            mixer.add(SoundEffects.sendSwoosh(), at: 0.6, gain: 2)
        }
        let out = mixer.mixdown(duckingDepthDB: 0)
        #expect(out.samples.allSatisfy { abs($0) <= 1 })
        #expect(out.peak > 0.95)
    }

    @Test func sixHundredClicksInTwoMinutes() {
        var mixer = SoundtrackMixer(duration: 120)
        mixer.setMusic(tone(frequency: 220, seconds: 3, amplitude: 0.2), gain: 0.5)
        for k in 0..<600 { mixer.add(SoundEffects.keyClick(variant: k), at: 0.5 + 0.195 * Double(k)) }
        let out = mixer.mixdown()
        #expect(mixer.events.count == 600 && out.frameCount == 120 * 44_100)
        #expect(out.samples.allSatisfy { abs($0) <= 1 })
        #expect(out.rmsDecibels(from: 60, length: 1) > -40)
    }

    private func tone(frequency: Double, seconds: Double, amplitude: Float) -> AudioBuffer {
        var samples: [Float] = []
        for i in 0..<Int(seconds * 44_100) {
            let v = amplitude * Float(sin(2 * .pi * frequency * Double(i) / 44_100))
            samples += [v, v]
        }
        return AudioBuffer(samples: samples).faded(in: 0.002, out: 0.002)
    }

    /// Magnitude of one frequency in the left channel (Goertzel), over a window in seconds.
    private func goertzel(_ audio: AudioBuffer, frequency: Double, from: Double = 0, length: Double? = nil) -> Double {
        let a = Int(from * 44_100), b = min(audio.frameCount, length.map { a + Int($0 * 44_100) } ?? audio.frameCount)
        let coefficient = 2 * cos(2 * .pi * frequency / 44_100)
        var s1 = 0.0, s2 = 0.0
        for i in a..<b {
            let s = Double(audio.samples[2 * i]) + coefficient * s1 - s2
            s2 = s1; s1 = s
        }
        return (s1 * s1 + s2 * s2 - coefficient * s1 * s2).squareRoot()
    }
}
