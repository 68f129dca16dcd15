import Foundation

/// An in-place radix-2 complex FFT of one fixed power-of-two size, with its twiddles and
/// bit-reversal table computed once (for onset detection; no external library).
struct FFT {
    let size: Int
    private let cosines: [Float]
    private let sines: [Float]
    private let reversed: [Int]

    /// `size` must be a power of two ≥ 2.
    init(size: Int) {
        precondition(size >= 2 && size & (size - 1) == 0, "FFT size \(size) is not a power of two")
        self.size = size
        let half = size / 2
        cosines = (0..<half).map { Float(cos(-2 * Double.pi * Double($0) / Double(size))) }
        sines = (0..<half).map { Float(sin(-2 * Double.pi * Double($0) / Double(size))) }
        let bits = size.trailingZeroBitCount
        reversed = (0..<size).map { i in
            var r = 0
            for b in 0..<bits where i & (1 << b) != 0 { r |= 1 << (bits - 1 - b) }
            return r
        }
    }

    /// Transforms (re, im) in place; both hold `size` values.
    func transform(_ re: inout [Float], _ im: inout [Float]) {
        let n = size
        re.withUnsafeMutableBufferPointer { re in im.withUnsafeMutableBufferPointer { im in
        cosines.withUnsafeBufferPointer { cw in sines.withUnsafeBufferPointer { sw in
        reversed.withUnsafeBufferPointer { rev in
            for i in 0..<n where i < rev[i] {
                re.swapAt(i, rev[i]); im.swapAt(i, rev[i])
            }
            var length = 2
            while length <= n {
                let halfLength = length / 2, step = n / length
                var start = 0
                while start < n {
                    for k in 0..<halfLength {
                        let wr = cw[k * step], wi = sw[k * step]
                        let a = start + k, b = a + halfLength
                        let tr = re[b] * wr - im[b] * wi
                        let ti = re[b] * wi + im[b] * wr
                        re[b] = re[a] - tr; im[b] = im[a] - ti
                        re[a] += tr; im[a] += ti
                    }
                    start += length
                }
                length *= 2
            }
        } } } } }
    }
}
