import Foundation

/// A decompression bomb for tests: a valid 20000×20000 8-bit grey PNG of zeros in about 390 KB.
/// Built by hand (one dynamic-Huffman DEFLATE block of 258-byte matches, 2 bits each), so making
/// it never allocates the 400 MB it decodes to.
enum HugePNG {
    static let side = 20_000

    static func make() -> Data {
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header = Data()
        header.append(be32(UInt32(side))); header.append(be32(UInt32(side)))
        header.append(contentsOf: [8, 0, 0, 0, 0])   // 8-bit, greyscale, deflate, no filter set, no interlace
        png.append(chunk("IHDR", header))
        png.append(chunk("IDAT", zlibZeros(count: side * (side + 1))))
        png.append(chunk("IEND", Data()))
        return png
    }

    /// A zlib stream inflating to `count` zero bytes.
    static func zlibZeros(count: Int) -> Data {
        var bits = BitWriter()
        bits.put(1, 1); bits.put(2, 2)                  // final block, dynamic Huffman
        bits.put(29, 5); bits.put(1, 5); bits.put(14, 4) // 286 lit/len codes, 2 distance codes, 18 code-length codes
        // Code-length code lengths in the order 16 17 18 0 8 7 9 6 10 5 11 4 12 3 13 2 14 1: 18→1, 2→2, 1→2.
        for length: UInt32 in [0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 2] { bits.put(length, 3) }
        // Canonical codes: 18 = 0, 1 = 10, 2 = 11.
        func code(_ value: UInt32, _ length: Int) { for i in (0..<length).reversed() { bits.put((value >> UInt32(i)) & 1, 1) } }
        code(0b11, 2)                                   // lit 0: length 2
        code(0, 1); bits.put(138 - 11, 7)               // lits 1–138: 0
        code(0, 1); bits.put(117 - 11, 7)               // lits 139–255: 0
        code(0b11, 2)                                   // 256 (end of block): length 2
        code(0, 1); bits.put(28 - 11, 7)                // 257–284: 0
        code(0b10, 2)                                   // 285 (length 258): length 1
        code(0b10, 2); code(0b10, 2)                    // distances 0 and 1: length 1
        // Literal/length codes: 285 = 0, literal 0 = 10, end = 11; distance 0 (distance 1) = 0.
        code(0b10, 2)
        let matches = (count - 1) / 258, rest = (count - 1) % 258
        for _ in 0..<(matches / 16) { bits.put(0, 32) }
        for _ in 0..<(matches % 16) { bits.put(0, 2) }
        for _ in 0..<rest { code(0b10, 2) }
        code(0b11, 2)
        var stream = Data([0x78, 0x01])
        stream.append(bits.finish())
        let b = UInt32(count % 65521)                   // Adler-32 of zeros: a = 1, b = count
        stream.append(be32(b << 16 | 1))
        return stream
    }

    static func chunk(_ type: String, _ data: Data) -> Data {
        var body = Data(type.utf8)
        body.append(data)
        var out = be32(UInt32(data.count))
        out.append(body)
        out.append(be32(CRC32.checksum(body)))
        return out
    }

    static func be32(_ value: UInt32) -> Data {
        Data([UInt8(value >> 24), UInt8((value >> 16) & 0xff), UInt8((value >> 8) & 0xff), UInt8(value & 0xff)])
    }
}

/// CRC-32 (IEEE), as PNG chunks use.
enum CRC32 {
    static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func checksum(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data { crc = table[Int((crc ^ UInt32(byte)) & 0xff)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }
}
