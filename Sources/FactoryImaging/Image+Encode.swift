import CVipsShim
import Foundation

extension Image {
    /// PNG bytes (8-bit, metadata stripped), encoded in memory.
    public func pngData() throws -> Data {
        try encoded("PNG") { cf_vips_save_png_buffer(try uchar().pointer, &$0, &$1) }
    }

    /// WebP bytes, lossless or at `quality`, encoded in memory.
    public func webpData(lossless: Bool = true, quality: Int = 90) throws -> Data {
        try encoded("WebP") { cf_vips_save_webp_buffer(try uchar().pointer, lossless ? 1 : 0, Int32(quality), &$0, &$1) }
    }

    /// Runs a `*save_buffer` call and copies out the buffer libvips allocated (freed here).
    private func encoded(_ format: String, _ save: (inout UnsafeMutableRawPointer?, inout Int) throws -> Int32) throws -> Data {
        var data: UnsafeMutableRawPointer?
        var length = 0
        try Vips.check(try save(&data, &length), "cannot encode \(format)", .save)
        guard let data else { throw ImagingError(.save, "cannot encode \(format)") }
        defer { cf_vips_free(data) }
        return Data(bytes: data, count: length)
    }
}
