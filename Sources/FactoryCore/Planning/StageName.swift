import GRDB
import Foundation

/// One stage's name, as the ledger, the cache, metadata.json, the plan and the report record it:
/// a group and an optional part after a dash ("text", "text-retry-2", "image-2", "image-before",
/// "speech-07", "speech-03-ask-2", "render"). `rawValue` spells exactly what was always written;
/// `init(rawValue:)` reads any recorded name back, so old rows read as they were.
public struct StageName: RawRepresentable, Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The group `regenerate --stage` names; nil for a name outside the four ("bundle", or "" for
    /// a context not yet in a stage, or a name an older version wrote).
    public let group: StageGroup?
    /// What follows the group and its dash ("2", "retry-2", "07"), nil for the bare group. For a
    /// name outside the groups, the whole name.
    public let part: String?

    /// A stage of `group`, with `part` after a dash when there is one.
    public init(_ group: StageGroup, _ part: String? = nil) { self.init(group: group, part: part) }

    private init(group: StageGroup?, part: String?) {
        self.group = group
        self.part = part
    }

    /// Reads a recorded name: the group it starts with (alone or before a dash) and the rest.
    public init(rawValue: String) {
        for group in StageGroup.allCases {
            if rawValue == group.rawValue {
                self.init(group)
                return
            }
            if rawValue.hasPrefix(group.rawValue + "-") {
                self.init(group, String(rawValue.dropFirst(group.rawValue.count + 1)))
                return
            }
        }
        self.init(group: nil, part: rawValue)
    }

    public var rawValue: String {
        guard let group else { return part ?? "" }
        return part.map { "\(group.rawValue)-\($0)" } ?? group.rawValue
    }

    public var description: String { rawValue }

    public init(from decoder: Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public static func < (a: StageName, b: StageName) -> Bool { a.rawValue < b.rawValue }
}

extension StageName: ExpressibleByStringLiteral {
    /// A literal reads like a recorded name (tests and fixtures spell rows as they are stored).
    public init(stringLiteral value: String) { self.init(rawValue: value) }
}

extension StageName {
    /// The writer's first ask.
    public static let text = StageName(.text)
    /// The one picture of an item that makes one.
    public static let image = StageName(.image)
    /// A stand-in for all of an item's speech chunks, planned before their boundaries are known.
    public static let speech = StageName(.speech)
    /// The render of an item's media.
    public static let render = StageName(.render)
    /// The plan's row for an item whose published bundle is current.
    public static let bundle = StageName(rawValue: "bundle")
    /// A context not yet in a stage (a job's root context, a bench call).
    public static let unnamed = StageName(rawValue: "")

    /// The writer's `ask`-th ask (1-based): "text", "text-retry", "text-retry-2", …
    public static func text(ask: Int) -> StageName { ask <= 1 ? .text : StageName(.text, ask == 2 ? "retry" : "retry-\(ask - 1)") }
    /// A picture named by its place or role: "image-2", "image-before".
    public static func image(_ part: String) -> StageName { StageName(.image, part) }
    /// This stage with `suffix` after a dash: "speech-03" → "speech-03-ask-2".
    public func adding(_ suffix: String) -> StageName {
        guard let group else { return StageName(rawValue: "\(rawValue)-\(suffix)") }
        return StageName(group, part.map { "\($0)-\(suffix)" } ?? suffix)
    }
    /// A narration chunk by its 0-based index, numbered from 1 on two digits: "speech-01".
    public static func speech(chunk index: Int) -> StageName { StageName(.speech, String(format: "%02d", index + 1)) }
}

/// Stored as its name, in the ledger's and the memory's TEXT columns, as before it was a type.
extension StageName: DatabaseValueConvertible {}
