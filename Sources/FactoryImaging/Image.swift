import CVipsShim
import Foundation

/// An immutable libvips image; owns one reference and releases it in `deinit`.
///
/// `@unchecked Sendable`: libvips images are immutable once built and their reference count is
/// atomic, so sharing one across threads is what libvips itself does.
public final class Image: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<VipsImage>

    init(owning pointer: UnsafeMutablePointer<VipsImage>) {
        self.pointer = pointer
    }

    deinit { cf_vips_unref(pointer) }

    public var width: Int { Int(cf_vips_width(pointer)) }
    public var height: Int { Int(cf_vips_height(pointer)) }
    public var bands: Int { Int(cf_vips_bands(pointer)) }
    public var hasAlpha: Bool { bands == 2 || bands == 4 }

    /// Loads a local image file (JPEG, PNG, WebP, …).
    public static func load(path: String) throws -> Image {
        guard FileManager.default.fileExists(atPath: path) else {
            throw ImagingError(.load, "image file \(path) does not exist")
        }
        return try Vips.make("cannot load image \(path)", .load) { cf_vips_load_file(path, $0) }
    }

    /// Decodes an image held in memory; only trusted loaders are allowed.
    public static func decode(_ data: Data) throws -> Image {
        guard ImageSignature.detect(data) != nil else {
            throw ImagingError(.untrusted, "image bytes are not JPEG, PNG or WebP (\(data.count) bytes)")
        }
        let image = try data.withUnsafeBytes { raw in
            try Vips.make("cannot decode image bytes", .load) { cf_vips_load_buffer(raw.baseAddress, raw.count, $0) }
        }
        // Buffer loaders may read lazily from the caller's memory: make the pixels our own now.
        return try image.materialised()
    }

    /// Builds an image from interleaved 8-bit pixels (1–4 bands).
    public static func from(pixels: [UInt8], width: Int, height: Int, bands: Int) throws -> Image {
        precondition(pixels.count == width * height * bands, "pixel count does not match the size")
        return try pixels.withUnsafeBytes { raw in
            try Vips.make("cannot wrap \(width)x\(height) pixels") {
                cf_vips_from_memory(raw.baseAddress, raw.count, Int32(width), Int32(height), Int32(bands), $0)
            }
        }
    }

    /// Computes the image now and keeps its pixels in memory (for images used many times).
    public func materialised() throws -> Image {
        try Vips.make("cannot render image") { cf_vips_copy_memory(pointer, $0) }
    }

    /// The 8-bit interleaved pixels of the image.
    public func pixels() throws -> Raster {
        let rgbish = try bands >= 3 ? self.uchar() : self.uchar()
        var length = 0
        guard let memory = cf_vips_to_memory(rgbish.pointer, &length) else {
            throw ImagingError(.operation, "cannot read image pixels", underlying: Vips.takeError())
        }
        defer { cf_vips_free(memory) }
        let bytes = [UInt8](UnsafeRawBufferPointer(start: memory, count: length))
        return Raster(width: rgbish.width, height: rgbish.height, bands: rgbish.bands, pixels: bytes)
    }

    public func saveJPEG(to path: String, quality: Int = 90) throws {
        let flat = try hasAlpha ? flatten() : self
        try Vips.check(cf_vips_save_jpeg(try flat.srgb().uchar().pointer, path, Int32(quality)),
                       "cannot save JPEG \(path)", .save)
    }

    public func savePNG(to path: String) throws {
        try Vips.check(cf_vips_save_png(try uchar().pointer, path), "cannot save PNG \(path)", .save)
    }

    public func jpegData(quality: Int = 85) throws -> Data {
        let flat = try hasAlpha ? flatten() : self
        var data: UnsafeMutableRawPointer?
        var length = 0
        try Vips.check(cf_vips_save_jpeg_buffer(try flat.uchar().pointer, Int32(quality), &data, &length),
                       "cannot encode JPEG", .save)
        guard let data else { throw ImagingError(.save, "cannot encode JPEG") }
        defer { cf_vips_free(data) }
        return Data(bytes: data, count: length)
    }
}
