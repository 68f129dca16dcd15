import FactoryImaging
import Foundation

/// A minimal lossless WebP (VP8L) writer: no transforms, fixed 8-bit prefix codes, opaque alpha.
/// Files are large (3 bytes a pixel) but valid; FactoryImaging has no WebP encoder of its own.
enum WebPLossless {
    static func encode(_ raster: Raster) -> Data {
        var bits = BitWriter()
        bits.put(0x2f, 8)                       // VP8L signature
        bits.put(UInt32(raster.width - 1), 14)
        bits.put(UInt32(raster.height - 1), 14)
        bits.put(0, 1)                          // alpha not used
        bits.put(0, 3)                          // version 0
        bits.put(0, 1)                          // no transform
        bits.put(0, 1)                          // no colour cache
        bits.put(0, 1)                          // no meta prefix codes
        writeFlatCode(&bits, alphabet: 280)     // green (+ 24 length prefixes, unused)
        writeFlatCode(&bits, alphabet: 256)     // red
        writeFlatCode(&bits, alphabet: 256)     // blue
        bits.put(1, 1); bits.put(0, 1); bits.put(1, 1); bits.put(255, 8)  // alpha: the one symbol 255
        bits.put(1, 1); bits.put(0, 1); bits.put(0, 1); bits.put(0, 1)    // distance: the one symbol 0
        let reversed = (0..<256).map { UInt32(reverse8(UInt8($0))) }
        for y in 0..<raster.height {
            for x in 0..<raster.width {
                let p = raster.rgba(x: x, y: y)
                bits.put(reversed[Int(p.g)], 8)
                bits.put(reversed[Int(p.r)], 8)
                bits.put(reversed[Int(p.b)], 8)
            }
        }
        var chunk = bits.finish()
        let chunkSize = chunk.count
        if chunk.count % 2 == 1 { chunk.append(0) }
        var file = Data("RIFF".utf8)
        file.append(le32(4 + 8 + chunk.count))
        file.append(contentsOf: Array("WEBPVP8L".utf8))
        file.append(le32(chunkSize))
        file.append(chunk)
        return file
    }

    /// A normal prefix code giving symbols 0–255 length 8 and the rest length 0: each literal is
    /// then written as its own 8 bits. The code-length code has symbols 0 and 8, one bit each.
    private static func writeFlatCode(_ bits: inout BitWriter, alphabet: Int) {
        bits.put(0, 1)                          // normal (not simple) code
        // Order 17, 18, 0, 1, 2, 3, 4, 5, 16, 6, 7, 8: twelve entries reach symbol 8.
        bits.put(12 - 4, 4)
        let lengths: [UInt32] = [0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1]
        for length in lengths { bits.put(length, 3) }
        bits.put(0, 1)                          // max_symbol = alphabet size
        for symbol in 0..<alphabet { bits.put(symbol < 256 ? 1 : 0, 1) }
    }

    private static func reverse8(_ value: UInt8) -> UInt8 {
        var v = value, r: UInt8 = 0
        for _ in 0..<8 { r = (r << 1) | (v & 1); v >>= 1 }
        return r
    }

    private static func le32(_ value: Int) -> Data {
        Data([UInt8(value & 0xff), UInt8((value >> 8) & 0xff), UInt8((value >> 16) & 0xff), UInt8((value >> 24) & 0xff)])
    }
}

/// Packs bits least-significant first, as VP8L and DEFLATE read them.
struct BitWriter {
    private(set) var bytes: [UInt8] = []
    private var accumulator: UInt64 = 0
    private var used = 0

    mutating func put(_ value: UInt32, _ count: Int) {
        let mask: UInt64 = (1 << UInt64(count)) - 1
        accumulator |= (UInt64(value) & mask) << UInt64(used)
        used += count
        while used >= 8 {
            bytes.append(UInt8(accumulator & 0xff))
            accumulator >>= 8
            used -= 8
        }
    }

    mutating func finish() -> Data {
        if used > 0 { bytes.append(UInt8(accumulator & 0xff)) }
        accumulator = 0
        used = 0
        return Data(bytes)
    }
}
