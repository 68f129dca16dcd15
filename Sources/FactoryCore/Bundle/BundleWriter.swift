import FactorySystem
import Foundation

/// Builds a bundle in a staging folder beside its final place and publishes it with one rename,
/// so a bundle appears whole or not at all; a previous bundle is kept under `.versions/`.
public struct BundleWriter: Sendable {
    public let weekFolder: URL
    public let itemId: String
    public let staging: URL

    public var final: URL { weekFolder.appendingPathComponent(itemId, isDirectory: true) }

    /// Creates an empty staging folder `<week>/.staging/<id>-<random>`.
    public init(weekFolder: URL, itemId: String) throws {
        self.weekFolder = weekFolder
        self.itemId = itemId
        let stagingRoot = weekFolder.appendingPathComponent(".staging", isDirectory: true)
        staging = stagingRoot.appendingPathComponent("\(itemId)-\(UUID().uuidString.prefix(8).lowercased())", isDirectory: true)
        try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
    }

    public func path(_ name: String) -> String { staging.appendingPathComponent(name).path }

    public func write(_ text: String, to name: String) throws {
        try Data(text.utf8).write(to: staging.appendingPathComponent(name), options: .atomic)
    }

    /// Puts the staged bundle in place; an existing one is kept as `.versions/<timestamp>/<id>`.
    public func publish() throws {
        let fm = FileManager.default
        // One mode for every file, whichever library wrote it (see `FileMode`).
        try FileMode.apply(under: staging)
        // Every file and the folder reach the disk before the rename makes the bundle visible.
        for name in try fm.contentsOfDirectory(atPath: staging.path) {
            if let handle = FileHandle(forUpdatingAtPath: path(name)) {
                try handle.synchronize()
                try handle.close()
            }
        }
        AtomicFile.syncFolder(staging)
        CrashPoint.pass("staged")
        if fm.fileExists(atPath: final.path) {
            let versions = weekFolder.appendingPathComponent(".versions/\(Self.stamp())", isDirectory: true)
            try fm.createDirectory(at: versions, withIntermediateDirectories: true)
            // One exchange puts the new bundle in place and the old one in staging, so the item's
            // folder always holds a whole bundle; file systems that cannot exchange get two renames.
            if PathExchange.swap(staging.path, final.path) {
                AtomicFile.syncFolder(weekFolder)
                CrashPoint.pass("renamed")
                try fm.moveItem(at: staging, to: versions.appendingPathComponent(itemId))
                return
            }
            try fm.moveItem(at: final, to: versions.appendingPathComponent(itemId))
        }
        try fm.moveItem(at: staging, to: final)
        AtomicFile.syncFolder(weekFolder)
        CrashPoint.pass("renamed")
    }

    /// True when the item's published bundle was made from this same manifest by this version.
    /// `inputsSha256`: a hash of inputs outside the manifest (a story override file); when given,
    /// it must match the one the bundle recorded.
    public static func isCurrent(weekFolder: URL, itemId: String, manifestSha256: String, inputsSha256: String? = nil) -> Bool {
        let url = weekFolder.appendingPathComponent(itemId).appendingPathComponent("metadata.json")
        // Only the fields that decide; read with the same snake_case keys the bundle was written with.
        struct Stamp: Decodable {
            struct Details: Decodable { var inputsSha256: String? }
            var manifestSha256: String
            var toolVersion: String
            var details: Details?
        }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        guard let data = try? Data(contentsOf: url), let stamp = try? decoder.decode(Stamp.self, from: data) else { return false }
        if let inputsSha256, stamp.details?.inputsSha256 != inputsSha256 { return false }
        return stamp.manifestSha256 == manifestSha256 && stamp.toolVersion == ToolVersion.current
    }

    /// Removes the staging folder (after a failure).
    public func discard() {
        try? FileManager.default.removeItem(at: staging)
    }

    static func stamp() -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "UTC")
        f.dateFormat = "yyyyMMdd'T'HHmmss.SSS'Z'"
        return f.string(from: Date())
    }
}
