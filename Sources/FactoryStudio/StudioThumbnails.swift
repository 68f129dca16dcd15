import FactoryImaging
import Foundation

/// Card thumbnails: each bundle's cover.jpg fitted into 360 px wide, made once per version with
/// libvips and kept under `<state>/studio/thumbs/`, so a week of 500 items opens without decoding
/// 500 full-size covers.
actor StudioThumbnails {
    let folder: URL
    static let width = 360

    init(folder: URL) {
        self.folder = folder
    }

    /// The thumbnail of `cover` (a bundle's cover.jpg) for `version`, made when missing.
    func thumbnail(item: String, version: String, cover: URL) throws -> URL {
        let name = "\(item)-\(version.prefix(16)).jpg"
        let target = folder.appendingPathComponent(name)
        if FileManager.default.fileExists(atPath: target.path) { return target }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Vips.start()
        let temporary = folder.appendingPathComponent(".\(name)-\(UUID().uuidString.prefix(8))")
        try Image.thumbnail(path: cover.path, width: Self.width).jpegData(quality: 80).write(to: temporary)
        _ = try? FileManager.default.removeItem(at: target)
        try FileManager.default.moveItem(at: temporary, to: target)
        return target
    }
}
