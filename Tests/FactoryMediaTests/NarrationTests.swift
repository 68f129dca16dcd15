import FactoryMedia
import FactoryTesting
import Foundation
import Testing

/// Joining speech chunks into one narration file: trimming, pauses, fades, reported positions.
@Suite struct NarrationTests {
    /// Three 24 kHz chunks: the first two with long silences to trim, the last starting and ending
    /// mid-syllable at full level (only the fades stand between it and a click).
    static let chunks: [(pcm: Data, pause: Double, speech: Double)] = [
        (SpeechFixture.chunk(lead: 0.30, speech: 1.20, tail: 0.60, pitch: 180), 0.5, 1.20),
        (SpeechFixture.chunk(lead: 0.25, speech: 0.90, tail: 0.45, pitch: 220), 1.0, 0.90),
        (SpeechFixture.chunk(lead: 0, speech: 1.10, tail: 0, pitch: 200, offset: 0.0613), 0, 1.10),
    ]

    @Test func joinsChunksWithTrimmedSilenceAndPauses() throws {
        let folder = try TemporaryFolder("narration")
        let path = folder.path("narration.wav")
        let writer = try NarrationWriter(path: path)
        var placed: [(start: Double, duration: Double)] = []
        for chunk in Self.chunks { placed.append(try writer.append(pcm: chunk.pcm, sampleRate: 24_000, pauseAfter: chunk.pause)) }
        let total = try writer.finish()

        let samples = try SpeechFixture.read(path)
        #expect(abs(Double(samples.count) / 44_100 - total) < 0.001)
        // 40 ms kept + 1.2 s + 40 ms + 0.5 s pause + 40 ms + 0.9 s + 40 ms + 1.0 s + 1.1 s (nothing to trim).
        #expect(abs(total - (0.04 + 1.2 + 0.04 + 0.5 + 0.04 + 0.9 + 0.04 + 1.0 + 1.1)) < 0.03)

        let regions = SpeechFixture.speechRegions(samples)
        try #require(regions.count == 3)
        let seconds = regions.map { (start: Double($0.lowerBound) / 44_100, end: Double($0.upperBound) / 44_100) }
        // Gaps: trailing 40 ms + pause + leading 40 ms (the last chunk has no silence to keep).
        #expect(abs(seconds[1].start - seconds[0].end - (0.04 + 0.5 + 0.04)) < 0.02)
        #expect(abs(seconds[2].start - seconds[1].end - (0.04 + 1.0)) < 0.02)
        for (i, region) in seconds.enumerated() {
            #expect(abs(placed[i].start - region.start) < 0.02, "chunk \(i) start")
            #expect(abs(placed[i].duration - Self.chunks[i].speech) < 0.02, "chunk \(i) duration")
            #expect(abs(region.end - region.start - Self.chunks[i].speech) < 0.02, "chunk \(i) length in the file")
        }
        #expect(abs(placed[0].start - 0.04) < 0.005)
    }

    @Test func joinsNeverJumpMoreThanTheSpeechItself() throws {
        let folder = try TemporaryFolder("narration-joins")
        let path = folder.path("narration.wav")
        let writer = try NarrationWriter(path: path)
        var joins: [Int] = []
        for chunk in Self.chunks {
            let placed = try writer.append(pcm: chunk.pcm, sampleRate: 24_000, pauseAfter: chunk.pause)
            joins.append(Int(placed.start * 44_100))                      // where this chunk begins
            joins.append(Int((placed.start + placed.duration) * 44_100)) // and where it ends
        }
        try writer.finish()
        let x = try SpeechFixture.read(path)
        func maxStep(_ range: Range<Int>) -> Float {
            var m: Float = 0
            for n in max(1, range.lowerBound)..<min(x.count, range.upperBound) { m = max(m, abs(x[n] - x[n - 1])) }
            return m
        }
        // The normal step: inside each chunk's speech, away from its ends; no join may exceed it.
        for k in 0..<Self.chunks.count {
            let start = joins[2 * k], end = joins[2 * k + 1]
            let inside = maxStep((start + 4_410)..<(end - 4_410))
            #expect(inside > 0.001)
            #expect(maxStep((start - 2_205)..<(start + 2_205)) <= inside * 1.05, "step at the start of chunk \(k)")
            #expect(maxStep((end - 2_205)..<(end + 2_205)) <= inside * 1.05, "step at the end of chunk \(k)")
        }
        // The last chunk starts mid-syllable, yet its first sample is faded to silence, as is the file's end.
        #expect(abs(x[joins[4]]) < 0.01)
        #expect(abs(x[x.count - 1]) < 0.01)
    }

    @Test func silentChunkAddsOnlyItsPause() throws {
        let folder = try TemporaryFolder("narration-silent")
        let writer = try NarrationWriter(path: folder.path("n.wav"))
        let silent = SpeechFixture.chunk(lead: 0.5, speech: 0, tail: 0)
        let placed = try writer.append(pcm: silent, sampleRate: 22_050, pauseAfter: 0.25)
        #expect(placed.duration == 0)
        let total = try writer.finish()
        #expect(abs(total - 0.25) < 0.001)
    }

    @Test func espeakRateIsResampled() throws {
        let folder = try TemporaryFolder("narration-espeak")
        let path = folder.path("n.wav")
        let writer = try NarrationWriter(path: path)
        let placed = try writer.append(pcm: SpeechFixture.chunk(rate: 22_050, lead: 0.1, speech: 1, tail: 0.1), sampleRate: 22_050, pauseAfter: 0)
        try writer.finish()
        #expect(abs(placed.duration - 1) < 0.02)
        let x = try SpeechFixture.read(path)
        // The 180 Hz fundamental survives resampling at its pitch (a wrong rate would move it).
        let speech = Int(placed.start * 44_100)..<Int((placed.start + placed.duration) * 44_100)
        #expect(SpeechFixture.amplitude(of: 180, in: x, speech) > 5 * SpeechFixture.amplitude(of: 150, in: x, speech))
    }
}
