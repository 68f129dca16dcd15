import Foundation

/// Where a week keeps what was refused, in one place: `<week>/.quarantine/`, and per item
/// `<week>/.quarantine/<item>/` (a failed check's partial bundle and reason, rejected answers).
public enum QuarantineFolder {
    public static func week(_ weekFolder: URL) -> URL {
        weekFolder.appendingPathComponent(".quarantine", isDirectory: true)
    }

    public static func item(_ id: String, in weekFolder: URL) -> URL {
        week(weekFolder).appendingPathComponent(id, isDirectory: true)
    }

    /// Keeps a refused bundle's staging folder as `<week>/.quarantine/<id>/` with a `reason.txt`
    /// naming every failed check (replacing an earlier quarantine of the item). The one place a
    /// failed check's partial bundle is kept; returns the folder.
    @discardableResult
    public static func keep(_ staging: URL, item: String, kind: String, checks: [QualityCheck], in weekFolder: URL) throws -> URL {
        let fm = FileManager.default
        let folder = Self.item(item, in: weekFolder)
        try? fm.removeItem(at: folder)
        try fm.createDirectory(at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
        try fm.copyItem(at: staging, to: folder)
        let failed = checks.filter { !$0.passed }
        let first = failed.first.map { "\($0.name): \($0.detail)" } ?? "no check failed"
        let lines = ["item \(item) (\(kind)) was not published: \(first)"] + failed.map { "- \($0.name): \($0.detail)" }
        try AtomicFile.write(Data(Secrets.redact(lines.joined(separator: "\n") + "\n").utf8),
                             to: folder.appendingPathComponent("reason.txt"))
        return folder
    }
}
