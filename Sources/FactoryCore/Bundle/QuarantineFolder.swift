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
}
