import Foundation

/// The bedtime story as a tagged MP3: libmp3lame at 44.1 kHz, ID3v2.3 title/artist/album and the
/// cover as an attached picture (APIC, image/jpeg), streamed from the narration file in blocks.
public enum StoryMP3 {
    /// Encodes `narration` (a WAV, normally the normalised mono narration) to `path`.
    public static func encode(narration: String, to path: String, title: String, artist: String, album: String?,
                              cover: Data?, bitrate: Int = 128_000) throws {
        let reader = try NarrationReader(path: narration)
        guard reader.channels <= 2 else {
            throw MediaError(.settings, "narration \(narration) has \(reader.channels) channels; an MP3 holds mono or stereo")
        }
        var tags = ["title": title, "artist": artist]
        if let album { tags["album"] = album }
        var picture: (data: Data, width: Int, height: Int)?
        if let cover {
            guard let size = jpegSize(cover) else {
                throw MediaError(.settings, "the cover for \(path) is not a JPEG (no SOF marker); pass JPEG bytes")
            }
            picture = (cover, size.width, size.height)
        }
        let writer = try MP3Writer(path: path, channels: reader.channels, rate: reader.sampleRate, bitrate: bitrate,
                                   tags: tags, cover: picture)
        do {
            var buffer = [Float](repeating: 0, count: writer.frameSize * reader.channels)
            while true {
                let n = try buffer.withUnsafeMutableBufferPointer { try reader.read(into: $0, frames: writer.frameSize) }
                if n == 0 { break }
                try buffer.withUnsafeBufferPointer { try writer.encode(UnsafeBufferPointer(rebasing: $0[0..<(n * reader.channels)])) }
            }
            try writer.finish()
        } catch {
            try? writer.finish()
            try? FileManager.default.removeItem(atPath: path)
            throw error
        }
    }

    /// Width and height from a JPEG's start-of-frame marker (nil when there is none).
    static func jpegSize(_ data: Data) -> (width: Int, height: Int)? {
        let bytes = [UInt8](data)
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var i = 2
        while i + 9 < bytes.count {
            guard bytes[i] == 0xFF else { i += 1; continue }
            let marker = bytes[i + 1]
            if marker == 0xFF || marker == 0x01 || (0xD0...0xD7).contains(marker) { i += marker == 0xFF ? 1 : 2; continue }
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                let height = Int(bytes[i + 5]) << 8 | Int(bytes[i + 6])
                let width = Int(bytes[i + 7]) << 8 | Int(bytes[i + 8])
                return width > 0 && height > 0 ? (width, height) : nil
            }
            i += 2 + length
        }
        return nil
    }
}
