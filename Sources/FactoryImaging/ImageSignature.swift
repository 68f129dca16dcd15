import Foundation

/// The image formats accepted from outside (providers, downloads), told by their magic bytes and
/// with their pixel size read from the header, before any decoder runs.
public enum ImageSignature: String, Sendable {
    case jpeg, png, webp

    public static func detect(_ data: Data) -> ImageSignature? {
        let b = [UInt8](data.prefix(16))
        if b.count >= 3, b[0] == 0xFF, b[1] == 0xD8, b[2] == 0xFF { return .jpeg }
        if b.count >= 8, b[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if b.count >= 12, b[0..<4].elementsEqual(Array("RIFF".utf8)), b[8..<12].elementsEqual(Array("WEBP".utf8)) { return .webp }
        return nil
    }

    /// Width and height from the header, without decoding pixels (nil when the header is unreadable).
    public static func dimensions(_ data: Data) -> (width: Int, height: Int)? {
        let b = [UInt8](data.prefix(256 * 1024))
        switch detect(data) {
        case .png?:
            guard b.count >= 24 else { return nil }
            return (be32(b, 16), be32(b, 20))
        case .jpeg?:
            var i = 2
            while i + 9 < b.count {
                guard b[i] == 0xFF else { i += 1; continue }
                let marker = b[i + 1]
                if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { i += 2; continue }
                let length = Int(b[i + 2]) << 8 | Int(b[i + 3])
                // Start-of-frame markers carry the size (not DHT C4, JPG C8, DAC CC).
                if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                    return (Int(b[i + 7]) << 8 | Int(b[i + 8]), Int(b[i + 5]) << 8 | Int(b[i + 6]))
                }
                i += 2 + length
            }
            return nil
        case .webp?:
            guard b.count >= 30 else { return nil }
            let chunk = String(decoding: b[12..<16], as: UTF8.self)
            switch chunk {
            case "VP8 ": return (Int(b[26]) | Int(b[27] & 0x3F) << 8, Int(b[28]) | Int(b[29] & 0x3F) << 8)
            case "VP8L":
                let bits = UInt32(b[21]) | UInt32(b[22]) << 8 | UInt32(b[23]) << 16 | UInt32(b[24]) << 24
                return (Int(bits & 0x3FFF) + 1, Int((bits >> 14) & 0x3FFF) + 1)
            case "VP8X": return (Int(b[24]) | Int(b[25]) << 8 | Int(b[26]) << 16 + 1, Int(b[27]) | Int(b[28]) << 8 | Int(b[29]) << 16 + 1)
            default: return nil
            }
        case nil:
            return nil
        }
    }

    static func be32(_ b: [UInt8], _ i: Int) -> Int {
        Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3])
    }
}
