import Foundation

/// Packs bits least-significant first, as DEFLATE reads them (for HugePNG's hand-built stream).
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
