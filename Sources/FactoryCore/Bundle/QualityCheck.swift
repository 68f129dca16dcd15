import Foundation

/// One quality check a kind ran on what it made, and its outcome. A kind's render reports its
/// checks; the runner alone decides what a failed one means (the item is quarantined, nothing is
/// published), so no kind can forget the rule. Written into metadata.json as `checks`.
public struct QualityCheck: Sendable, Codable, Equatable {
    public var name: String
    public var passed: Bool
    public var detail: String

    public init(_ name: String, _ passed: Bool, _ detail: String) {
        self.name = name
        self.passed = passed
        self.detail = detail
    }
}
