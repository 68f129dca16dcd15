@testable import FactoryMedia
import Testing

/// The compositor's resampling row (C, AVX2 gathers where the CPU has them) gives exactly the
/// bytes of the formula it documents, whatever the count, weights and sample values.
@Suite struct ResampleRowTests {
    /// d[i] = (s[iu]·256 + (s[iu + 1] − s[iu])·f + 32768) >> 16, one sample at a time.
    static func reference(_ s: [UInt16], _ table: [Int32], count: Int) -> [UInt8] {
        (0..<count).map { i in
            let iu = Int(table[2 * i]), f = Int(table[2 * i + 1])
            let a = Int(s[iu]), b = Int(s[iu + 1])
            return UInt8((a * 256 + (b - a) * f + 32768) >> 16)
        }
    }

    @Test(arguments: [1, 7, 8, 9, 15, 16, 17, 1079, 1080])
    func matchesTheFormula(count: Int) {
        var rng = SystemRandomNumberGenerator()
        for scale in [0.37, 0.5, 0.93, 1.0, 1.07, 2.5] {
            let width = Int(Double(count) / scale) + 2
            // Extremes included: the largest blended value (255·256) and zero, both weights' ends.
            let s = (0..<width).map { i -> UInt16 in i % 5 == 0 ? 65_280 : i % 7 == 0 ? 0 : UInt16.random(in: 0...65_280, using: &rng) }
            var table: [Int32] = []
            for i in 0..<count {
                let u = (Double(i) + 0.5) / scale - 0.5
                var iu = max(0, Int(u.rounded(.down))), f = Int(((u - Double(iu)) * 256).rounded())
                if i % 11 == 0 { f = 0 } else if i % 13 == 0 { f = 256 }
                if iu >= width - 1 { iu = width - 2; f = 256 }
                table += [Int32(iu), Int32(max(0, min(256, f)))]
            }
            var out = [UInt8](repeating: 0xAA, count: count + 8)
            s.withUnsafeBufferPointer { sp in
                table.withUnsafeBufferPointer { tp in
                    out.withUnsafeMutableBufferPointer { op in
                        Compositor.resampleRow(sp.baseAddress!, tp.baseAddress!, into: op.baseAddress!, count: count)
                    }
                }
            }
            #expect(Array(out[..<count]) == Self.reference(s, table, count: count), "count \(count), scale \(scale)")
            // Nothing past the row is written.
            #expect(out[count...].allSatisfy { $0 == 0xAA }, "count \(count), scale \(scale)")
        }
    }
}
