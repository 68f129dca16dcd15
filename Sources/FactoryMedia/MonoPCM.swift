import CAV
import CAVShim
import Foundation

/// Whole mono 16-bit PCM as floats, at its own rate or another one, through libswresample (as the
/// narration joiner resamples its chunks): for audio held whole anyway, a chunk of speech.
public enum MonoPCM {
    /// `pcm` (16-bit little-endian mono at `rate`) as floats in −1…1 at `target` (default: `rate`).
    public static func floats(_ pcm: Data, rate: Int, to target: Int? = nil) throws -> [Float] {
        let target = target ?? rate
        let count = pcm.count / 2
        guard count > 0 else { return [] }
        var swr = cf_av_swr_mono(AV_SAMPLE_FMT_S16, Int32(rate), AV_SAMPLE_FMT_FLT, Int32(target))
        defer { swr_free(&swr) }
        guard let swr else { throw MediaError(.settings, "cannot convert speech from \(rate) Hz to \(target) Hz") }
        var out = [Float](repeating: 0, count: Int(Double(count) * Double(target) / Double(rate)) + 512)
        var made = 0
        try pcm.withUnsafeBytes { raw in
            let input = raw.bindMemory(to: UInt8.self).baseAddress
            for source in [input, nil] {   // the samples, then what the resampler still holds
                let n = out.withUnsafeMutableBytes { space in
                    cf_av_swr_convert_mono(swr, space.bindMemory(to: UInt8.self).baseAddress! + made * 4, Int32(space.count / 4 - made),
                                           source, source == nil ? 0 : Int32(count))
                }
                try AV.check(n, .encode, "cannot convert speech from \(rate) Hz to \(target) Hz")
                made += Int(n)
            }
        }
        return Array(out[..<made])
    }
}
