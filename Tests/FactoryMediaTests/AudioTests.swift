import FactoryMedia
import FactoryTesting
import Testing

/// Decoding, resampling and editing of music beds.
@Suite struct AudioTests {
    @Test func decodesAndResamplesAMonoWav() throws {
        let folder = try TemporaryFolder("audio")
        let path = folder.path("tone.wav")
        try ToneFile.wav(path: path, frequency: 330, seconds: 2, sampleRate: 22_050, channels: 1, amplitude: 0.5)
        let audio = try AudioDecoder.decode(path: path)
        #expect(abs(audio.duration - 2) < 0.02)
        // A sine of amplitude 0.5 has an RMS of 0.354, about −9 dBFS, in both channels.
        #expect(abs(audio.rmsDecibels() - (-9.03)) < 0.5)
        #expect(audio.samples[2 * 1000] == audio.samples[2 * 1000 + 1])
    }

    @Test func trimFadeAndMix() {
        let ones = AudioBuffer(samples: [Float](repeating: 0.5, count: 44_100 * 2 * 2))
        let trimmed = ones.trimmed(start: 0.5, length: 1)
        #expect(abs(trimmed.duration - 1) < 0.001)
        let faded = trimmed.faded(in: 0.5, out: 0.25)
        #expect(faded.samples[0] == 0)
        #expect(abs(faded.samples[2 * 22_050 + 10] - 0.5) < 0.001)
        #expect(abs(faded.samples[faded.samples.count - 1]) < 0.01)
        let padded = ones.trimmed(start: 1.5, length: 1)
        #expect(abs(padded.duration - 1) < 0.001 && padded.samples.last == 0)
        let mixed = ones.mixed(with: ones, at: 1)
        #expect(abs(mixed.duration - 3) < 0.001)
        #expect(mixed.samples[2 * 44_100 * 3 / 2] <= 0.95 + 0.05)
        #expect(mixed.samples[10] == 0.5)
    }

    @Test func packedSourceGivesBackTheSamplesTo16BitsAndPadsWithSilence() throws {
        let buffer = AudioBuffer(samples: [0.5, -0.25, 1.5, -2, 0.001, 0])
        let source = PackedAudioSource(buffer)
        #expect(abs(source.duration - 3.0 / 44_100) < 1e-12)
        var out = [Float](repeating: 9, count: 8)
        let real = try out.withUnsafeMutableBufferPointer { try source.read(into: $0, frames: 4) }
        #expect(real == 3)
        let expected: [Float] = [0.5, -0.25, 1, -1, 0.001, 0, 0, 0]
        for (got, want) in zip(out, expected) { #expect(abs(got - want) < 1.0 / 32_767) }
        #expect(try out.withUnsafeMutableBufferPointer { try source.read(into: $0, frames: 4) } == 0)
    }

    @Test func missingFileIsAClearError() {
        let error = #expect(throws: MediaError.self) { _ = try AudioDecoder.decode(path: "/nonexistent/song.mp3") }
        #expect(error?.description.contains("/nonexistent/song.mp3") == true)
    }
}
