import FactoryMedia
import FactoryTesting
import Foundation
import Testing

/// The streaming soundtrack: a narration file (and a ducked music bed) rendered under a video.
@Suite struct NarrationSourceTests {
    /// Eight seconds of narration, silent except a 1 kHz "voice" (amplitude 0.3) from 1.5 s to 2.5 s.
    static func narration(_ path: String) throws {
        let x = (0..<(8 * 44_100)).map { i -> Float in
            let t = Double(i) / 44_100
            return t >= 1.5 && t < 2.5 ? Float(0.3 * sin(2 * Double.pi * 1000 * t)) : 0
        }
        try SpeechFixture.wav(path: path, samples: x)
    }

    /// A one-second 150 Hz bed at amplitude 0.5 (looped by the source).
    static let music = AudioBuffer(samples: (0..<44_100).flatMap { i -> [Float] in
        let v = Float(0.5 * sin(2 * Double.pi * 150 * Double(i) / 44_100))
        return [v, v]
    })

    static func render(_ source: AudioSource, in folder: TemporaryFolder) throws -> [Float] {
        let path = folder.path("story.mp4")
        let scene = Scene(width: 160, height: 120, duration: 3, background: (0, 0, 0))
        let settings = VideoSettings(width: 160, height: 120, fps: 30, bitrate: 300_000, preset: .draft)
        let stats = try SceneRenderer.render(scene, source: source, to: path, settings: settings)
        #expect(stats.frames == 90)
        let probe = try MediaProbe.probe(path: path)
        #expect(probe.audio?.codec == "aac" && probe.audio?.channels == 2)
        #expect(abs(probe.duration - 3) < 0.1)
        let audio = try AudioDecoder.decode(path: path)
        #expect(audio.samples[2 * 80_000] == audio.samples[2 * 80_000 + 1], "the mono voice is in both channels")
        return stride(from: 0, to: audio.samples.count, by: 2).map { audio.samples[$0] }
    }

    static func seconds(_ a: Double, _ b: Double) -> Range<Int> { Int(a * 44_100)..<Int(b * 44_100) }

    static func rms(_ x: [Float], _ range: Range<Int>) -> Double {
        let sum = range.reduce(0.0) { $0 + Double(x[$1] * x[$1]) }
        return 20 * log10(max(1e-12, (sum / Double(range.count)).squareRoot()))
    }

    @Test func soundtrackFollowsTheNarration() throws {
        let folder = try TemporaryFolder("narration-source")
        try Self.narration(folder.path("n.wav"))
        let x = try Self.render(try NarrationSource(path: folder.path("n.wav")), in: folder)
        // A sine of amplitude 0.3 is −13.5 dBFS RMS; the silence around it stays silent.
        #expect(abs(Self.rms(x, Self.seconds(1.7, 2.3)) - (-13.5)) < 1)
        #expect(Self.rms(x, Self.seconds(0.3, 1.3)) < -60)
        #expect(Self.rms(x, Self.seconds(2.7, 2.95)) < -60)
    }

    @Test func musicIsDuckedUnderTheVoice() throws {
        let folder = try TemporaryFolder("narration-source-music")
        try Self.narration(folder.path("n.wav"))
        try MusicLoop.write(Self.music, to: folder.path("bed.wav"))
        let source = try NarrationSource(path: folder.path("n.wav"), music: try MusicLoop(path: folder.path("bed.wav")),
                                         musicGain: 0.25, duckDB: -12)
        #expect(abs(source.duration - 8) < 0.001)
        let x = try Self.render(source, in: folder)
        let alone = Self.seconds(1.05, 1.40), under = Self.seconds(1.7, 2.3)
        // Music alone: 0.5 × 0.25 = 0.125; under the voice 12 dB lower; the voice untouched.
        let musicAlone = SpeechFixture.amplitude(of: 150, in: x, alone)
        let musicUnder = SpeechFixture.amplitude(of: 150, in: x, under)
        #expect(abs(20 * log10(musicAlone / 0.125)) < 1)
        #expect(abs(20 * log10(musicUnder / musicAlone) - (-12)) < 1.5, "ducked by \(20 * log10(musicUnder / musicAlone)) dB")
        #expect(abs(SpeechFixture.amplitude(of: 1000, in: x, under) - 0.3) < 0.03)
        #expect(Self.rms(x, alone) < Self.rms(x, under) - 6)
        // The bed starts from silence (a one-second fade in).
        #expect(Self.rms(x, Self.seconds(0.05, 0.15)) < Self.rms(x, alone) - 12)
    }

    /// The bed is read from its file block by block and starts again from the top, sample for
    /// sample, however many blocks a pass takes (10,001 frames: not a multiple of a block).
    @Test func musicLoopsFromItsFile() throws {
        let folder = try TemporaryFolder("music-loop")
        let frames = 10_001
        let bed = AudioBuffer(samples: (0..<(2 * frames)).map { Float($0 % 1_000) / 1_000 - Float($0 & 1) })
        try MusicLoop.write(bed, to: folder.path("bed.wav"))
        let loop = try MusicLoop(path: folder.path("bed.wav"))
        #expect(abs(loop.duration - Double(frames) / 44_100) < 1e-9)
        for i in 0..<(3 * frames + 17) {
            let (left, right) = try loop.next()
            let f = i % frames
            guard left == bed.samples[2 * f], right == bed.samples[2 * f + 1] else {
                Issue.record("frame \(i): \(left), \(right) instead of \(bed.samples[2 * f]), \(bed.samples[2 * f + 1])")
                return
            }
        }
        try MusicLoop.write(AudioBuffer(samples: []), to: folder.path("empty.wav"))
        #expect(throws: MediaError.self) { _ = try MusicLoop(path: folder.path("empty.wav")) }
    }

    @Test func bufferSourcePadsWithSilence() throws {
        let source = AudioBufferSource(AudioBuffer(samples: [Float](repeating: 0.5, count: 2 * 100)))
        var out = [Float](repeating: 1, count: 2 * 64)
        #expect(try out.withUnsafeMutableBufferPointer { try source.read(into: $0, frames: 64) } == 64)
        #expect(try out.withUnsafeMutableBufferPointer { try source.read(into: $0, frames: 64) } == 36)
        #expect(out[2 * 35 + 1] == 0.5 && out[2 * 36] == 0 && out[2 * 63 + 1] == 0)
    }
}

/// A narration read before it is normalised: the voice gain applies as it is read (so the ducking
/// hears the voice at that level), and the mix gain scales voice and bed alike.
@Suite struct NarrationSourceGainTests {
    static func played(_ source: NarrationSource, seconds: Double) throws -> [Float] {
        let frames = Int(seconds * 44_100)
        var out = [Float](repeating: 0, count: 2 * frames)
        _ = try out.withUnsafeMutableBufferPointer { try source.read(into: $0, frames: frames) }
        return stride(from: 0, to: out.count, by: 2).map { out[$0] }
    }

    @Test func voiceAndMixGainsScaleWhatIsPlayed() throws {
        let folder = try TemporaryFolder("narration-source-gain")
        try NarrationSourceTests.narration(folder.path("n.wav"))
        try MusicLoop.write(NarrationSourceTests.music, to: folder.path("bed.wav"))
        let under = NarrationSourceTests.seconds(1.7, 2.3), alone = NarrationSourceTests.seconds(1.05, 1.40)
        // Voice ×2 then the whole mix ×0.5: the voice back at 0.3, the bed at 0.125 × 0.5, ducked 12 dB under the voice.
        let gained = try Self.played(try NarrationSource(path: folder.path("n.wav"), music: try MusicLoop(path: folder.path("bed.wav")),
                                                         musicGain: 0.25, duckDB: -12, voiceGain: 2, mixGain: 0.5), seconds: 3)
        #expect(abs(SpeechFixture.amplitude(of: 1000, in: gained, under) - 0.3) < 0.02)
        #expect(abs(20 * log10(SpeechFixture.amplitude(of: 150, in: gained, alone) / 0.0625)) < 1)
        let ducked = 20 * log10(SpeechFixture.amplitude(of: 150, in: gained, under) / SpeechFixture.amplitude(of: 150, in: gained, alone))
        #expect(abs(ducked - (-12)) < 1.5, "ducked by \(ducked) dB")
        // A voice gained down to −70 dBFS is under the ducking threshold: the bed plays on at full level.
        let faint = try Self.played(try NarrationSource(path: folder.path("n.wav"), music: try MusicLoop(path: folder.path("bed.wav")),
                                                        musicGain: 0.25, duckDB: -12, voiceGain: 0.001), seconds: 3)
        let kept = 20 * log10(SpeechFixture.amplitude(of: 150, in: faint, under) / SpeechFixture.amplitude(of: 150, in: faint, alone))
        #expect(abs(kept) < 1, "the bed moved \(kept) dB under a voice too faint to duck it")
        #expect(abs(SpeechFixture.amplitude(of: 1000, in: faint, under) - 0.0003) < 0.0001)
    }
}
