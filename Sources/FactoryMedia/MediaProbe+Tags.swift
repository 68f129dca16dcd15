import CAV
import CAVShim
import Foundation

extension MediaProbe {
    /// A file's tags and cover art as a player reads them.
    public struct Tags: Sendable, Equatable {
        /// Container-level tags (title, artist, album, …), keys lowercased.
        public var values: [String: String]
        /// Attached pictures (cover art): codec name, width and height.
        public var pictures: [Picture]

        /// One attached picture.
        public struct Picture: Sendable, Equatable {
            public var codec: String
            public var width: Int
            public var height: Int
        }
    }

    /// Reads the container's tags and its attached-picture streams with libavformat.
    public static func tags(path: String) throws -> Tags {
        _ = AV.quiet
        var fmt: UnsafeMutablePointer<AVFormatContext>?
        try AV.check(avformat_open_input(&fmt, path, nil, nil), .probe, "cannot open \(path)")
        defer { avformat_close_input(&fmt) }
        guard let fmt else { throw MediaError(.probe, "cannot open \(path)") }
        try AV.check(avformat_find_stream_info(fmt, nil), .probe, "cannot read the streams of \(path)")
        var values: [String: String] = [:]
        var entry: UnsafeMutablePointer<AVDictionaryEntry>?
        while let e = av_dict_get(fmt.pointee.metadata, "", entry, AV_DICT_IGNORE_SUFFIX) {
            values[String(cString: e.pointee.key).lowercased()] = String(cString: e.pointee.value)
            entry = e
        }
        var pictures: [Tags.Picture] = []
        for i in 0..<fmt.pointee.nb_streams {
            guard let s = cf_av_stream(fmt, i), s.pointee.disposition & AV_DISPOSITION_ATTACHED_PIC != 0,
                  let par = s.pointee.codecpar else { continue }
            pictures.append(Tags.Picture(codec: String(cString: avcodec_get_name(par.pointee.codec_id)),
                                         width: Int(par.pointee.width), height: Int(par.pointee.height)))
        }
        return Tags(values: values, pictures: pictures)
    }
}
