import Foundation

/// A field the content memory keeps, by the name it is stored under (`quote`, `title`,
/// `image-prompt`). The set is open: Core declares the fields several kinds share, and each kind
/// declares its own beside its descriptor (`KindMemory.fields`). `checked` ones may not repeat
/// within the window; the others are kept for the record (`history`, review) but may recur (an
/// author, a hero the manifest names).
///
/// Equality and hashing go by the name alone: a field read back from a store knows only its name
/// until `resolved(in:)` gives it its declaration.
public struct MemoryField: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String
    public let checked: Bool

    /// A field declared by a kind or by Core.
    public init(_ name: String, checked: Bool) {
        rawValue = name
        self.checked = checked
    }

    /// A field by its stored name, not yet resolved against its declaration (unchecked).
    public init(rawValue: String) { self.init(rawValue, checked: false) }

    public init(from decoder: Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public static func == (a: MemoryField, b: MemoryField) -> Bool { a.rawValue == b.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
    public var description: String { rawValue }

    /// This field as `fields` declares it (itself when none does).
    public func resolved(in fields: [MemoryField]) -> MemoryField { fields.first { $0 == self } ?? self }

    /// A title, and what the piece is about: refused when repeated.
    public static let title = MemoryField("title", checked: true)
    public static let premise = MemoryField("premise", checked: true)
    /// An image's prompt, with its seed: kept so review can spot the same picture made again.
    public static let imagePrompt = MemoryField("image-prompt", checked: false)
    /// The fields Core declares; a kind's own are in its descriptor.
    public static let shared: [MemoryField] = [.title, .premise, .imagePrompt]
}

extension MemoryEntry {
    /// The entry with its field as `fields` declares it (a store gives back only the name).
    public func resolved(in fields: [MemoryField]) -> MemoryEntry {
        var copy = self
        copy.field = field.resolved(in: fields)
        return copy
    }
}
