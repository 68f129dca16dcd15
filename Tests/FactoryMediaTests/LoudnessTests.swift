import FactoryMedia
import FactoryTesting
import Foundation
import Testing

/// BS.1770 / R128 loudness against known values and ffmpeg's `ebur128`, and normalisation.
@Suite struct LoudnessTests {
    /// 1 kHz at −20 dBFS peak (amplitude 0.1), mono, 5 s. Mono is one channel (ffmpeg's default,
    /// not dual mono): a full-scale 1 kHz sine reads −3.01 LUFS, so this one reads −23.01.
    static func tone(_ path: String) throws {
        let x = (0..<(5 * 44_100)).map { Float(0.1 * sin(2 * Double.pi * 1000 * Double($0) / 44_100)) }
        try SpeechFixture.wav(path: path, samples: x)
    }

    /// Twenty seconds of "speech": bursts of the harmonic tone with pauses and a quiet aside, so
    /// the relative gate has something to drop, and short loud "plosives" (decaying bursts of
    /// 1.5–9 kHz partials, band-limited like TTS output) that give it speech's high peak-to-loudness
    /// ratio, so normalising must limit.
    static func speech(_ path: String) throws {
        var x: [Float] = []
        var noise = SeededNoise(seed: 7)
        for (i, level) in [0.30, 0.22, 0.35, 0.05, 0.28, 0.31, 0.003].enumerated() {
            var burst = (0..<Int(2.2 * 44_100)).map { Float(SpeechFixture.speechSample($0, rate: 44_100, pitch: 150 + 20 * Double(i), level: level)) }
            if level > 0.1 {
                for start in stride(from: 4_000, to: burst.count - 1_000, by: 16_000) {
                    let partials = (0..<6).map { (1_500 + 1_500 * Double($0), Double.pi * noise.next()) }
                    for k in 0..<660 {
                        let t = Double(k) / 44_100
                        let x = partials.reduce(0.0) { $0 + sin(2 * .pi * $1.0 * t + $1.1) }
                        burst[start + k] += Float(0.1 * exp(-Double(k) / 150) * x)
                    }
                }
            }
            x += burst + [Float](repeating: 0, count: Int(0.6 * 44_100))
        }
        try SpeechFixture.wav(path: path, samples: x)
    }

    /// A 11,025 Hz sine (a quarter of the rate) at 45°: every sample lands 3 dB under the crest.
    /// Faded in and out over 10 ms: an abrupt start would ring above the crest when interpolated.
    static func quarterRate(_ path: String) throws {
        let n = 3 * 44_100
        let x = (0..<n).map { i in
            Float(0.5 * min(1, Double(min(i, n - 1 - i)) / 441) * sin(Double.pi / 2 * Double(i) + Double.pi / 4))
        }
        try SpeechFixture.wav(path: path, samples: x)
    }

    @Test func sineMatchesTheKnownValue() throws {
        let folder = try TemporaryFolder("loudness-tone")
        let path = folder.path("tone.wav")
        try Self.tone(path)
        let m = try Loudness.analyse(path: path)
        #expect(abs(m.integrated - (-23.01)) < 0.1)
        #expect(abs(m.samplePeak - (-20)) < 0.05)
        #expect(m.truePeak >= m.samplePeak && m.truePeak < -19.9)
    }

    @Test(.enabled(if: SpeechFixture.ffmpeg != nil, "ffmpeg is not installed (make test installs it)"))
    func sineMatchesFfmpeg() throws {
        let folder = try TemporaryFolder("loudness-tone-ffmpeg")
        let path = folder.path("tone.wav")
        try Self.tone(path)
        let m = try Loudness.analyse(path: path)
        let reference = try SpeechFixture.ffmpegLoudness(path)
        #expect(abs(m.integrated - reference.integrated) <= 0.3, "ffmpeg says \(reference.integrated) LUFS")
        #expect(abs(m.truePeak - reference.truePeak) <= 0.3, "ffmpeg says \(reference.truePeak) dBTP")
    }

    @Test func speechIsInRange() throws {
        let folder = try TemporaryFolder("loudness-speech")
        let path = folder.path("speech.wav")
        try Self.speech(path)
        let m = try Loudness.measure(path: path)
        #expect(m.integrated > -30 && m.integrated < -10)
    }

    @Test(.enabled(if: SpeechFixture.ffmpeg != nil, "ffmpeg is not installed (make test installs it)"))
    func speechMatchesFfmpeg() throws {
        let folder = try TemporaryFolder("loudness-speech-ffmpeg")
        let path = folder.path("speech.wav")
        try Self.speech(path)
        let m = try Loudness.measure(path: path)
        let reference = try SpeechFixture.ffmpegLoudness(path)
        #expect(abs(m.integrated - reference.integrated) <= 0.3, "ours \(m.integrated), ffmpeg \(reference.integrated) LUFS")
        #expect(abs(m.truePeak - reference.truePeak) <= 0.3, "ours \(m.truePeak), ffmpeg \(reference.truePeak) dBTP")
    }

    @Test func truePeakSeesBetweenSamples() throws {
        let folder = try TemporaryFolder("loudness-true-peak")
        let path = folder.path("quarter.wav")
        try Self.quarterRate(path)
        let m = try Loudness.analyse(path: path)
        #expect(abs(m.samplePeak - (-9.03)) < 0.05)
        #expect(abs(m.truePeak - (-6.02)) < 0.1)
    }

    @Test(.enabled(if: SpeechFixture.ffmpeg != nil, "ffmpeg is not installed (make test installs it)"))
    func truePeakMatchesFfmpeg() throws {
        let folder = try TemporaryFolder("loudness-true-peak-ffmpeg")
        let path = folder.path("quarter.wav")
        try Self.quarterRate(path)
        let m = try Loudness.analyse(path: path)
        let reference = try SpeechFixture.ffmpegLoudness(path)
        #expect(abs(m.truePeak - reference.truePeak) <= 0.3, "ffmpeg says \(reference.truePeak) dBTP")
    }

    @Test func silenceHasNoLoudness() throws {
        let folder = try TemporaryFolder("loudness-silence")
        let path = folder.path("silence.wav")
        try SpeechFixture.wav(path: path, samples: [Float](repeating: 0, count: 44_100))
        #expect(try Loudness.measure(path: path).integrated == -.infinity)
        #expect(throws: MediaError.self) { try Loudness.normalise(input: path, output: folder.path("out.wav")) }
    }

    @Test func refusesToWriteOverItsInput() throws {
        let folder = try TemporaryFolder("loudness-same")
        let path = folder.path("speech.wav")
        try Self.speech(path)
        #expect(throws: MediaError.self) { try Loudness.normalise(input: path, output: folder.path("./speech.wav")) }
        #expect(try Loudness.measure(path: path).integrated.isFinite)
    }

    @Test(arguments: [-18.0, -23.0, -14.0])
    func normaliseLandsOnTargetUnderTheCeiling(target: Double) throws {
        let folder = try TemporaryFolder("loudness-normalise")
        let input = folder.path("speech.wav"), output = folder.path("normalised.wav")
        try Self.speech(input)
        let after = try Loudness.normalise(input: input, output: output, target: target)
        let m = try Loudness.analyse(path: output)
        #expect(abs(after - target) <= 0.5)
        #expect(abs(m.integrated - after) < 0.01)
        #expect(m.truePeak <= -1.5, "true peak \(m.truePeak) dBTP")
        #expect(try NarrationReader(path: output).frameCount == NarrationReader(path: input).frameCount)
    }

    @Test(.enabled(if: SpeechFixture.ffmpeg != nil, "ffmpeg is not installed (make test installs it)"),
          arguments: [-18.0, -23.0, -14.0])
    func ffmpegAgreesTheNormalisedLevelIsOnTarget(target: Double) throws {
        let folder = try TemporaryFolder("loudness-normalise-ffmpeg")
        let input = folder.path("speech.wav"), output = folder.path("normalised.wav")
        try Self.speech(input)
        try Loudness.normalise(input: input, output: output, target: target)
        let reference = try SpeechFixture.ffmpegLoudness(output)
        #expect(abs(reference.integrated - target) <= 0.5, "ffmpeg says \(reference.integrated) LUFS")
        #expect(reference.truePeak <= -1.4, "ffmpeg says \(reference.truePeak) dBTP")
    }
}
