import FactoryMedia
import FactoryTesting
import Foundation
import Testing

/// A finished soundtrack levelled to a target: in memory (posters, recipes, chat) and streamed
/// through a work file (bedtime), against our meter and ffmpeg's `ebur128`.
@Suite struct LoudnessLevellingTests {
    /// Six seconds of stereo with a chat soundtrack's high crest factor: a quiet two-note pad
    /// under sharp decaying clicks every 150 ms, so reaching −14 LUFS needs the limiter.
    static func clicks() -> AudioBuffer {
        let rate = Double(AudioBuffer.rate), n = 6 * AudioBuffer.rate
        var samples = [Float](repeating: 0, count: 2 * n)
        for i in 0..<n {
            let t = Double(i) / rate
            let pad = 0.02 * sin(2 * .pi * 220 * t) + 0.015 * sin(2 * .pi * 330 * t + 1)
            let since = t.truncatingRemainder(dividingBy: 0.15)
            let click = 0.6 * exp(-since / 0.004) * sin(2 * .pi * 2_400 * since)
            samples[2 * i] = Float(pad + click)
            samples[2 * i + 1] = Float(pad + 0.8 * click)
        }
        return AudioBuffer(samples: samples)
    }

    @Test(arguments: [-14.0, -18.0, -23.0])
    func levelledLandsOnTargetUnderTheCeiling(target: Double) {
        let (audio, measured) = Loudness.levelled(Self.clicks(), target: target, ceiling: -1)
        #expect(abs(measured.integrated - target) <= 0.3, "\(measured.integrated) LUFS")
        #expect(measured.truePeak <= -1 - Loudness.codecHeadroom + 0.1, "true peak \(measured.truePeak) dBTP")
        #expect(audio.frameCount == Self.clicks().frameCount)
        #expect(Loudness.analyse(audio) == measured)
    }

    @Test func aSmoothBedIsOnlyGained() {
        let pad = AudioBuffer(samples: (0..<(2 * 3 * AudioBuffer.rate)).map { Float(0.05 * sin(2 * .pi * 440 * Double($0 / 2) / 44_100)) })
        let (audio, measured) = Loudness.levelled(pad, target: -20, ceiling: -1)
        let before = Loudness.analyse(pad).integrated
        let ratio = Float(pow(10, (-20 - before) / 20))
        #expect(abs(measured.integrated - -20) < 0.05)
        // No limiter: every sample is the input's times one gain.
        #expect(zip(audio.samples, pad.samples).allSatisfy { abs($0 - $1 * ratio) < 1e-5 })
    }

    @Test func silenceStaysSilent() {
        let (audio, measured) = Loudness.levelled(.silence(seconds: 2), target: -14, ceiling: -1)
        #expect(!measured.integrated.isFinite && audio == .silence(seconds: 2))
    }

    @Test func aStreamedMixIsLevelledThroughAWorkFile() throws {
        let folder = try TemporaryFolder("loudness-levelled-source")
        let (path, measured) = try Loudness.levelled(AudioBufferSource(Self.clicks()), work: folder.path("mix"), target: -18, ceiling: -1)
        #expect(path == folder.path("mix-levelled.wav"))
        let source = try WAVAudioSource(path: path)
        #expect(abs(measured.integrated - -18) <= 0.3, "\(measured)")
        // The file the encoder reads, measured on its own (the levelling reports loudness and sample peak only).
        let written = try Loudness.analyse(path: folder.path("mix-levelled.wav"))
        #expect(abs(written.integrated - measured.integrated) < 0.01 && written.truePeak <= -1.7, "\(written)")
        #expect(written.samplePeak == measured.samplePeak && measured.truePeak >= measured.samplePeak)
        #expect(abs(source.duration - 6) < 0.001)
        #expect(!FileManager.default.fileExists(atPath: folder.path("mix-mix.wav")))
        var block = [Float](repeating: 1, count: 2 * 4_096), frames = 0
        while true {
            let n = try block.withUnsafeMutableBufferPointer { try source.read(into: $0, frames: 4_096) }
            frames += n
            if n < 4_096 { #expect(block[(2 * n)...].allSatisfy { $0 == 0 }); break }
        }
        #expect(frames == 6 * AudioBuffer.rate)
    }

    @Test(.enabled(if: SpeechFixture.ffmpeg != nil, "ffmpeg is not installed (make test installs it)"),
          arguments: [-14.0, -18.0])
    func ffmpegAgreesWithTheLevel(target: Double) throws {
        let folder = try TemporaryFolder("loudness-levelled-ffmpeg")
        let (audio, measured) = Loudness.levelled(Self.clicks(), target: target, ceiling: -1)
        try MusicLoop.write(audio, to: folder.path("levelled.wav"))
        let reference = try SpeechFixture.ffmpegLoudness(folder.path("levelled.wav"))
        #expect(abs(reference.integrated - measured.integrated) <= 0.5, "ours \(measured.integrated), ffmpeg \(reference.integrated) LUFS")
        #expect(abs(reference.truePeak - measured.truePeak) <= 0.3, "ours \(measured.truePeak), ffmpeg \(reference.truePeak) dBTP")
        #expect(reference.truePeak <= -1.5)
    }
}
