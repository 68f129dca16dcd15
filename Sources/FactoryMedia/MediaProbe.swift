import CAV
import CAVShim
import Foundation

/// Facts read back from a media file with libavformat, as a player would see them.
public struct MediaProbe: Sendable, Codable, Equatable {
    /// One stream's facts.
    public struct Stream: Sendable, Codable, Equatable {
        public var type: String
        public var codec: String
        public var profile: String?
        public var width: Int?
        public var height: Int?
        public var pixelFormat: String?
        public var fps: String?
        public var sampleRate: Int?
        public var channels: Int?
        public var bitrate: Int?
        public var frames: Int?
    }

    public var container: String
    public var duration: Double
    public var bitrate: Int
    public var size: Int
    /// True when the MP4 moov atom comes before mdat (playback can start while downloading).
    public var faststart: Bool?
    public var streams: [Stream]

    public var video: Stream? { streams.first { $0.type == "video" } }
    public var audio: Stream? { streams.first { $0.type == "audio" } }

    public static func probe(path: String) throws -> MediaProbe {
        _ = AV.quiet
        var fmt: UnsafeMutablePointer<AVFormatContext>?
        try AV.check(avformat_open_input(&fmt, path, nil, nil), .probe, "cannot open \(path)")
        defer { avformat_close_input(&fmt) }
        guard let fmt else { throw MediaError(.probe, "cannot open \(path)") }
        try AV.check(avformat_find_stream_info(fmt, nil), .probe, "cannot read the streams of \(path)")
        var streams: [Stream] = []
        for i in 0..<fmt.pointee.nb_streams {
            guard let s = cf_av_stream(fmt, i), let par = s.pointee.codecpar else { continue }
            let p = par.pointee
            let codec = String(cString: avcodec_get_name(p.codec_id))
            let profile = avcodec_profile_name(p.codec_id, p.profile).map { String(cString: $0) }
            switch p.codec_type {
            case AVMEDIA_TYPE_VIDEO:
                let rate = s.pointee.avg_frame_rate.num > 0 ? s.pointee.avg_frame_rate : s.pointee.r_frame_rate
                let pix = av_get_pix_fmt_name(AVPixelFormat(p.format)).map { String(cString: $0) }
                streams.append(Stream(type: "video", codec: codec, profile: profile, width: Int(p.width), height: Int(p.height),
                                      pixelFormat: pix, fps: "\(rate.num)/\(rate.den)", sampleRate: nil, channels: nil,
                                      bitrate: Int(p.bit_rate), frames: Int(s.pointee.nb_frames)))
            case AVMEDIA_TYPE_AUDIO:
                streams.append(Stream(type: "audio", codec: codec, profile: profile, width: nil, height: nil, pixelFormat: nil,
                                      fps: nil, sampleRate: Int(p.sample_rate), channels: Int(cf_av_par_channels(par)),
                                      bitrate: Int(p.bit_rate), frames: Int(s.pointee.nb_frames)))
            default:
                continue
            }
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        let name = fmt.pointee.iformat.map { String(cString: $0.pointee.name) } ?? "unknown"
        return MediaProbe(container: name, duration: Double(fmt.pointee.duration) / Double(AV_TIME_BASE),
                          bitrate: Int(fmt.pointee.bit_rate), size: size,
                          faststart: name.contains("mp4") ? try? moovBeforeMdat(path: path) : nil, streams: streams)
    }

    /// Walks the top-level MP4 boxes and tells whether `moov` precedes `mdat`.
    public static func moovBeforeMdat(path: String) throws -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw MediaError(.probe, "cannot read \(path)") }
        defer { try? handle.close() }
        var offset: UInt64 = 0
        while true {
            try handle.seek(toOffset: offset)
            guard let header = try handle.read(upToCount: 16), header.count >= 8 else { return false }
            let bytes = [UInt8](header)
            var size = UInt64(bytes[0]) << 24 | UInt64(bytes[1]) << 16 | UInt64(bytes[2]) << 8 | UInt64(bytes[3])
            let type = String(decoding: bytes[4..<8], as: UTF8.self)
            if type == "moov" { return true }
            if type == "mdat" { return false }
            if size == 1, bytes.count >= 16 { size = bytes[8..<16].reduce(0) { $0 << 8 | UInt64($1) } }
            guard size >= 8 else { return false }
            offset += size
        }
    }
}
