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
    /// the relative gate has something to drop.
    static func speech(_ path: String) throws {
        var x: [Float] = []
        for (i, level) in [0.30, 0.22, 0.35, 0.05, 0.28, 0.31, 0.003].enumerated() {
            x += (0..<Int(2.2 * 44_100)).map { Float(SpeechFixture.speechSample($0, rate: 44_100, pitch: 150 + 20 * Double(i), level: level)) }
            x += [Float](repeating: 0, count: Int(0.6 * 44_100))
        }
        try SpeechFixture.wav(path: path, samples: x)
    }

    @Test func sineMatchesTheKnownValueAndFfmpeg() throws {
        let folder = try TemporaryFolder("loudness-tone")
        let path = folder.path("tone.wav")
        try Self.tone(path)
        let m = try Loudness.analyse(path: path)
        #expect(abs(m.integrated - (-23.01)) < 0.1)
        #expect(abs(m.samplePeak - (-20)) < 0.05)
        #expect(m.truePeak >= m.samplePeak && m.truePeak < -19.9)
        if let reference = try SpeechFixture.ffmpegLoudness(path) {
            #expect(abs(m.integrated - reference.integrated) <= 0.3, "ffmpeg says \(reference.integrated) LUFS")
            #expect(abs(m.truePeak - reference.truePeak) <= 0.3, "ffmpeg says \(reference.truePeak) dBTP")
        }
    }

    @Test func speechMatchesFfmpeg() throws {
        let folder = try TemporaryFolder("loudness-speech")
        let path = folder.path("speech.wav")
        try Self.speech(path)
        let m = try Loudness.measure(path: path)
        #expect(m.integrated > -30 && m.integrated < -10)
        if let reference = try SpeechFixture.ffmpegLoudness(path) {
            #expect(abs(m.integrated - reference.integrated) <= 0.3, "ours \(m.integrated), ffmpeg \(reference.integrated) LUFS")
            #expect(abs(m.truePeak - reference.truePeak) <= 0.3, "ours \(m.truePeak), ffmpeg \(reference.truePeak) dBTP")
        }
    }

    @Test func silenceHasNoLoudness() throws {
        let folder = try TemporaryFolder("loudness-silence")
        let path = folder.path("silence.wav")
        try SpeechFixture.wav(path: path, samples: [Float](repeating: 0, count: 44_100))
        #expect(try Loudness.measure(path: path).integrated == -.infinity)
        #expect(throws: MediaError.self) { try Loudness.normalise(input: path, output: folder.path("out.wav")) }
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
        if let reference = try SpeechFixture.ffmpegLoudness(output) {
            #expect(abs(reference.integrated - target) <= 0.5, "ffmpeg says \(reference.integrated) LUFS")
            #expect(reference.truePeak <= -1.4, "ffmpeg says \(reference.truePeak) dBTP")
        }
    }
}
