import FactoryCore
import FactoryKinds
import Foundation

/// The top-level boxes of an MP4 file, read from their headers alone: their order says whether
/// playback can start while downloading (moov before mdat), their sizes whether the file is whole.
public struct MP4Boxes: Sendable, Equatable {
    /// One top-level box: its four-character type, where it starts and how long it says it is.
    public struct Box: Sendable, Equatable {
        public var type: String
        public var offset: UInt64
        public var size: UInt64
    }

    public var boxes: [Box]
    public var fileSize: UInt64
    /// Why the boxes do not tile the file exactly (a box running past the end, a bad header), or nil.
    public var problem: String?

    public var types: [String] { boxes.map(\.type) }

    /// True when `moov` comes before the first `mdat`; nil when either is missing.
    public var moovFirst: Bool? {
        guard let moov = types.firstIndex(of: "moov"), let mdat = types.firstIndex(of: "mdat") else { return nil }
        return moov < mdat
    }

    public static func read(path: String) throws -> MP4Boxes {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw FactoryError(.missingFile, "\(path) cannot be opened")
        }
        defer { try? handle.close() }
        let fileSize = try handle.seekToEnd()
        var boxes: [Box] = [], offset: UInt64 = 0
        while offset < fileSize {
            try handle.seek(toOffset: offset)
            let header = [UInt8](try handle.read(upToCount: 16) ?? Data())
            guard header.count >= 8 else {
                return MP4Boxes(boxes: boxes, fileSize: fileSize, problem: "\(fileSize - offset) stray bytes at the end (offset \(offset))")
            }
            var size = header[0..<4].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            let type = String(decoding: header[4..<8].map { (32...126).contains($0) ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
            if size == 1 {
                guard header.count >= 16 else {
                    return MP4Boxes(boxes: boxes, fileSize: fileSize, problem: "the \(type) box header at offset \(offset) is cut short")
                }
                size = header[8..<16].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            } else if size == 0 {
                size = fileSize - offset  // "to the end of the file"
            }
            guard size >= 8 else {
                return MP4Boxes(boxes: boxes, fileSize: fileSize, problem: "the \(type) box at offset \(offset) has an impossible size \(size)")
            }
            boxes.append(Box(type: type, offset: offset, size: size))
            if size > fileSize - offset {
                return MP4Boxes(boxes: boxes, fileSize: fileSize,
                                problem: "the \(type) box at offset \(offset) needs \(size) bytes but the file ends \(fileSize - offset) bytes later")
            }
            offset += size
        }
        return MP4Boxes(boxes: boxes, fileSize: fileSize, problem: nil)
    }
}
