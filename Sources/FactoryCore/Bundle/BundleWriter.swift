import FactorySystem
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Builds a bundle in a staging folder beside its final place and publishes it with one rename,
/// so a bundle appears whole or not at all; a previous bundle is kept under `.versions/`.
public struct BundleWriter: Sendable {
    public let weekFolder: URL
    public let itemId: String
    public let staging: URL
    /// How an earlier bundle of the item is replaced.
    public let replacement: Replacement
    /// The kill-and-resume tests' hook (nil in a run).
    public let crashPoint: CrashPoint?

    public var final: URL { weekFolder.appendingPathComponent(itemId, isDirectory: true) }

    /// Creates an empty staging folder `<week>/.staging/<id>-<random>`.
    public init(weekFolder: URL, itemId: String, replacement: Replacement? = nil, crashPoint: CrashPoint? = nil) throws {
        self.crashPoint = crashPoint
        self.weekFolder = weekFolder
        self.itemId = itemId
        self.replacement = replacement ?? Replacement.choose(for: weekFolder)
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
        try prepare()
        try commit()
    }

    /// Makes the staged bundle durable (every file and the folder on disk), before `commit` makes it
    /// visible: the slow half, done before cluster mode's lease check so the check-to-rename window is short.
    public func prepare() throws {
        let fm = FileManager.default
        // One mode for every file, whichever library wrote it (see `FileMode`).
        try FileMode.apply(under: staging)
        for name in try fm.contentsOfDirectory(atPath: staging.path) {
            if let handle = FileHandle(forUpdatingAtPath: path(name)) {
                try handle.synchronize()
                try handle.close()
            }
        }
        AtomicFile.syncFolder(staging)
        crashPoint?.pass("staged")
    }

    /// Makes the prepared bundle the item's, in one rename: where the item's folder exists, by
    /// exchange, or (`Replacement.link`, shared volumes) by swapping the symlink that names it.
    public func commit() throws {
        let fm = FileManager.default
        let existing = (try? fm.attributesOfItem(atPath: final.path))?[.type] as? FileAttributeType
        if replacement == .link {
            return try commitByLink(replacing: existing)
        }
        if existing != nil {
            let versions = weekFolder.appendingPathComponent(".versions/\(Self.stamp())", isDirectory: true)
            try fm.createDirectory(at: versions, withIntermediateDirectories: true)
            // One exchange puts the new bundle in place and the old one in staging, so the item's
            // folder always holds a whole bundle; where the file system cannot exchange (EINVAL on
            // NFS), the symlink swap does the same.
            if existing == .typeDirectory, PathExchange.swap(staging.path, final.path) {
                AtomicFile.syncFolder(weekFolder)
                crashPoint?.pass("renamed")
                try fm.moveItem(at: staging, to: versions.appendingPathComponent(itemId))
                return
            }
            return try commitByLink(replacing: existing)
        }
        try fm.moveItem(at: staging, to: final)
        AtomicFile.syncFolder(weekFolder)
        crashPoint?.pass("renamed")
    }

    /// The bundle goes to `.bundles/<id>-<stamp>`, and a new symlink `<id>` → that folder replaces
    /// the old name with rename(2), which is atomic on NFS too. A real folder in the way (made by
    /// the exchange path) is moved aside first: that one replacement shows no bundle for an instant,
    /// never a partial one.
    func commitByLink(replacing existing: FileAttributeType?) throws {
        let fm = FileManager.default
        let stamp = Self.stamp(), name = "\(itemId)-\(stamp)-\(UUID().uuidString.prefix(4).lowercased())"
        let bundles = weekFolder.appendingPathComponent(".bundles", isDirectory: true)
        try fm.createDirectory(at: bundles, withIntermediateDirectories: true)
        try fm.moveItem(at: staging, to: bundles.appendingPathComponent(name))
        let link = weekFolder.appendingPathComponent(".\(name).link")
        try fm.createSymbolicLink(atPath: link.path, withDestinationPath: ".bundles/\(name)")
        let versions = weekFolder.appendingPathComponent(".versions/\(stamp)", isDirectory: true)
        var previous: URL?
        switch existing {
        case .typeSymbolicLink?:
            previous = (try? fm.destinationOfSymbolicLink(atPath: final.path)).map { weekFolder.appendingPathComponent($0) }
        case nil:
            break
        default:
            try fm.createDirectory(at: versions, withIntermediateDirectories: true)
            try fm.moveItem(at: final, to: versions.appendingPathComponent(itemId))
        }
        guard rename(link.path, final.path) == 0 else {
            throw FactoryError(.bundle, "cannot publish \(final.path): rename failed (errno \(errno))")
        }
        AtomicFile.syncFolder(weekFolder)
        crashPoint?.pass("renamed")
        // The replaced bundle stays where it is (a reader that resolved the old link keeps reading a
        // whole bundle); `.versions` names it, as it names bundles replaced by exchange.
        if let previous, fm.fileExists(atPath: previous.path) {
            try fm.createDirectory(at: versions, withIntermediateDirectories: true)
            try fm.createSymbolicLink(atPath: versions.appendingPathComponent(itemId).path,
                                      withDestinationPath: "../../.bundles/\(previous.lastPathComponent)")
        }
    }

    /// True when the item's published bundle was made from this same manifest by this version.
    /// `inputsSha256`: a hash of inputs outside the manifest (a story override file); when given,
    /// it must match the one the bundle recorded.
    public static func isCurrent(weekFolder: URL, itemId: String, manifestSha256: String,
                                 inputsSha256: @autoclosure () -> String? = nil) -> Bool {
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
        // The inputs' hash is worked out only for a bundle that exists.
        if let inputs = inputsSha256(), stamp.details?.inputsSha256 != inputs { return false }
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
