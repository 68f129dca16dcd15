import FactoryImaging
import FactoryMedia
import FactoryTesting
import Foundation
import Testing

/// The tagged story MP3, read back with libavformat as a player would.
@Suite struct StoryMP3Tests {
    static func narration(_ path: String) throws -> Double {
        let writer = try NarrationWriter(path: path)
        try writer.append(pcm: SpeechFixture.chunk(lead: 0.2, speech: 2.0, tail: 0.3), sampleRate: 24_000, pauseAfter: 0.7)
        try writer.append(pcm: SpeechFixture.chunk(lead: 0.1, speech: 1.5, tail: 0.2, pitch: 210), sampleRate: 24_000, pauseAfter: 0.5)
        return try writer.finish()
    }

    static func cover() throws -> Data {
        var pixels: [UInt8] = []
        for y in 0..<120 { for x in 0..<160 { pixels += [UInt8(x), UInt8(y * 2), 90] } }
        return try Image.from(pixels: pixels, width: 160, height: 120, bands: 3).jpegData()
    }

    @Test func taggedMP3WithCover() throws {
        let folder = try TemporaryFolder("story-mp3")
        let narration = folder.path("narration.wav"), path = folder.path("story.mp3")
        let seconds = try Self.narration(narration)
        try StoryMP3.encode(narration: narration, to: path, title: "The Sleepy Otter", artist: "ContentFactory",
                            album: "Bedtime Stories", cover: try Self.cover())

        let probe = try MediaProbe.probe(path: path)
        #expect(probe.container == "mp3")
        #expect(probe.audio?.codec == "mp3")
        #expect(probe.audio?.sampleRate == 44_100 && probe.audio?.channels == 1)
        #expect(abs(probe.duration - seconds) < 0.1, "mp3 \(probe.duration) s, narration \(seconds) s")

        let tags = try MediaProbe.tags(path: path)
        #expect(tags.values["title"] == "The Sleepy Otter")
        #expect(tags.values["artist"] == "ContentFactory")
        #expect(tags.values["album"] == "Bedtime Stories")
        #expect(tags.pictures.count == 1)
        #expect(tags.pictures.first?.codec == "mjpeg")
        #expect(tags.pictures.first?.width == 160 && tags.pictures.first?.height == 120)

        // ID3v2.3 at the front (the version players read most widely).
        let head = try #require(FileHandle(forReadingAtPath: path)?.readData(ofLength: 4))
        #expect([UInt8](head) == [0x49, 0x44, 0x33, 3])

        // The sound is the narration's: same level within a decibel.
        let decoded = try AudioDecoder.decode(path: path)
        let original = try AudioDecoder.decode(path: narration)
        #expect(abs(decoded.rmsDecibels() - original.rmsDecibels()) < 1)
    }

    @Test func withoutCoverOrAlbum() throws {
        let folder = try TemporaryFolder("story-mp3-plain")
        let narration = folder.path("narration.wav"), path = folder.path("story.mp3")
        _ = try Self.narration(narration)
        try StoryMP3.encode(narration: narration, to: path, title: "Moon", artist: "Me", album: nil, cover: nil, bitrate: 64_000)
        let tags = try MediaProbe.tags(path: path)
        #expect(tags.values["title"] == "Moon" && tags.values["album"] == nil)
        #expect(tags.pictures.isEmpty)
        #expect(try MediaProbe.probe(path: path).streams.count == 1)
    }

    @Test func coverThatIsNotAJPEGIsAClearError() throws {
        let folder = try TemporaryFolder("story-mp3-bad")
        let narration = folder.path("narration.wav")
        _ = try Self.narration(narration)
        let error = #expect(throws: MediaError.self) {
            try StoryMP3.encode(narration: narration, to: folder.path("s.mp3"), title: "t", artist: "a", album: nil,
                                cover: Data("not a picture".utf8))
        }
        #expect(error?.description.contains("JPEG") == true)
        #expect(!FileManager.default.fileExists(atPath: folder.path("s.mp3")))
    }
}
