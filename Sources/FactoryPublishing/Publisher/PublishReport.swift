import FactoryCore
import Foundation

/// What one publish did, a line per item and platform, and its exit code.
public struct PublishReport: Sendable {
    public struct Line: Sendable, Equatable {
        public enum Status: String, Sendable {
            case posted, processing, failed, deferred, skipped, planned
            /// A credentials problem: the platform was not tried.
            case credentials
        }
        public var item: String
        public var platform: Platform
        public var status: Status
        public var detail: String
        public var url: String?
    }

    public var lines: [Line] = []

    public init(lines: [Line] = []) { self.lines = lines }

    /// 2 credentials, 1 a post failed, 3 a cap deferred some, else 0 (processing counts as under way).
    public var exitCode: Int32 {
        if lines.contains(where: { $0.status == .credentials }) { return 2 }
        if lines.contains(where: { $0.status == .failed }) { return 1 }
        if lines.contains(where: { $0.status == .deferred }) { return 3 }
        return 0
    }

    public var summary: String {
        let count = { (status: Line.Status) in self.lines.filter { $0.status == status }.count }
        return "publish: \(count(.posted)) posted, \(count(.processing)) processing, \(count(.deferred)) deferred, "
            + "\(count(.failed) + count(.credentials)) failed, \(count(.skipped)) not due or not ready"
    }

    public func rendered() -> String {
        lines.map { line in
            let link = line.url.map { " \($0)" } ?? ""
            return "\(line.status.rawValue.uppercased().padding(toLength: 11, withPad: " ", startingAt: 0)) \(line.item) → \(line.platform): \(line.detail)\(link)"
        }.joined(separator: "\n")
    }
}
