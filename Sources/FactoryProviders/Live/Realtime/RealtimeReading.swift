import FactoryCore
import Foundation

/// One finished response as the cache keeps it: the PCM (16-bit, 24 kHz, mono) and what the
/// model says it read, so a cached chunk can be checked again without asking. Stored as a
/// 4-byte big-endian header length, the header as JSON, then the PCM.
struct RealtimeReading: Sendable, Equatable {
    struct Header: Codable, Sendable, Equatable {
        var transcript: String
        var responseId: String?
        var status: String
        /// Responses cut (dropped socket, expired session) before this one, whose estimate is in its cost.
        var cut: Int?
        /// True when the reading differed from the text and was kept (`speech_reworded: accept`).
        var accepted: Bool?
    }

    var header: Header
    var pcm: Data

    var transcript: String { header.transcript }

    init(transcript: String, responseId: String?, status: String, cut: Int = 0, pcm: Data) {
        header = Header(transcript: transcript, responseId: responseId, status: status, cut: cut == 0 ? nil : cut)
        // An odd byte would shift every later sample; drop it rather than play noise.
        self.pcm = pcm.count % 2 == 0 ? pcm : pcm.prefix(pcm.count - 1)
    }

    var encoded: Data {
        let json = (try? JSONEncoder().encode(header)) ?? Data("{}".utf8)
        let count = UInt32(json.count)
        var out = Data([UInt8(count >> 24 & 0xFF), UInt8(count >> 16 & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF)])
        out.append(json)
        out.append(pcm)
        return out
    }

    /// Reads a stored reading; nil when the bytes are not one (a damaged cache entry).
    static func decode(_ data: Data) -> RealtimeReading? {
        guard data.count >= 4 else { return nil }
        let bytes = [UInt8](data.prefix(4))
        let count = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
        guard count > 0, data.count >= 4 + count else { return nil }
        let start = data.startIndex + 4
        guard let header = try? JSONDecoder().decode(Header.self, from: data[start..<start + count]) else { return nil }
        var reading = RealtimeReading(transcript: header.transcript, responseId: header.responseId, status: header.status,
                                      pcm: Data(data[(start + count)...]))
        reading.header = header
        return reading
    }

    /// Seconds of audio.
    var seconds: Double { Double(pcm.count) / 48_000 }
}
