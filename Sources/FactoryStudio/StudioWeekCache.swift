import FactoryReview
import Foundation

/// The week's bundles as last read, kept until a bundle or report.json changes on disk: each
/// request stats the files (cheap) instead of decoding every metadata.json again (a 500-item week
/// is 500 JSON documents). A run, a regenerate or a restore replaces a bundle folder, which
/// changes its metadata.json's inode time, so the next request reads the week afresh.
actor StudioWeekCache {
    private var signature: [String: String] = [:]
    private var cached: WeekReview?

    func review(_ folder: URL) -> WeekReview? {
        let now = Self.signature(folder)
        if let cached, now == signature { return cached }
        cached = try? WeekReview.load(folder: folder)
        signature = now
        return cached
    }

    /// Every bundle's metadata.json and report.json, by size and change time.
    static func signature(_ folder: URL) -> [String: String] {
        var result: [String: String] = [:]
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") }
        for name in names + [""] {
            let file = name.isEmpty ? folder.appendingPathComponent("report.json")
                : folder.appendingPathComponent(name).appendingPathComponent("metadata.json")
            var info = stat()
            guard stat(file.path, &info) == 0 else { continue }
            result[name] = "\(info.st_size) \(info.st_ino) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec) \(info.st_ctim.tv_sec).\(info.st_ctim.tv_nsec)"
        }
        return result
    }
}
