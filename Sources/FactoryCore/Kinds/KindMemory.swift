import Foundation

/// What the content memory keeps of a kind: the fields its bundles record (besides Core's shared
/// `MemoryField.shared`), and the series its items are remembered under.
public struct KindMemory: Sendable {
    /// The kind's own fields (a poster's quote, a chat's cast).
    public var fields: [MemoryField]
    /// The series an item can be remembered under, which `history --series` accepts; nil: the
    /// kind's own name. A kind whose items name their series (`KindSpec.memorySeries`) lists them.
    public var series: [String]?

    public init(fields: [MemoryField] = [], series: [String]? = nil) {
        self.fields = fields
        self.series = series
    }
}
