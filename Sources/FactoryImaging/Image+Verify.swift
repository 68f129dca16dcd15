import CVipsShim
import Foundation

extension Image {
    /// Loads a local image file and decodes every pixel now, failing on truncated or damaged data
    /// (plain `load` is lazy and lets a loader patch over a short file): the review's "decodes" check.
    public static func decodedStrictly(path: String) throws -> Image {
        guard FileManager.default.fileExists(atPath: path) else {
            throw ImagingError(.load, "image file \(path) does not exist")
        }
        let lazy = try Vips.make("cannot load image \(path)", .load) { cf_vips_load_file_strict(path, $0) }
        return try Vips.make("cannot decode image \(path)", .load) { cf_vips_copy_memory(lazy.pointer, $0) }
    }
}
