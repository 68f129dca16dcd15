import GRDB

/// Who made a stage's result, as records, plans, progress and reconciliation name it: a live
/// provider, the offline makers (no key, nothing spent), the render, or nobody (a plan row with no
/// call at all, shown "-"). Stored and printed as the strings it replaced ("runware", "offline",
/// "render", "-"), so metadata.json, report.json and the ledger read as before.
public enum StageProvider: Hashable, Sendable, Codable, CustomStringConvertible, RawRepresentable, ExpressibleByStringLiteral {
    case live(ProviderID)
    case offline
    case render
    case none
    /// Any other name a provider gives itself (a test's stand-in, a record an older version wrote).
    case other(String)

    public init(rawValue: String) {
        switch rawValue {
        case "offline": self = .offline
        case "render": self = .render
        case "-": self = .none
        default: self = ProviderID(rawValue: rawValue).map(Self.live) ?? .other(rawValue)
        }
    }

    /// "runware" reads as `.live(.runware)`, "render" as `.render`, as a stored name does.
    public init(stringLiteral name: String) { self.init(rawValue: name) }

    public var rawValue: String {
        switch self {
        case .live(let provider): provider.rawValue
        case .offline: "offline"
        case .render: "render"
        case .none: "-"
        case .other(let name): name
        }
    }

    public var description: String { rawValue }

    /// The live provider, for one that bills.
    public var live: ProviderID? {
        if case .live(let provider) = self { provider } else { nil }
    }

    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// Stored as its name in the ledger's TEXT columns.
extension StageProvider: DatabaseValueConvertible {}

extension TextProvider {
    /// The provider's name as a value, for records, plans and progress.
    public var identity: StageProvider { StageProvider(rawValue: name) }
}

extension ImageProvider {
    public var identity: StageProvider { StageProvider(rawValue: name) }
}

extension SpeechProvider {
    public var identity: StageProvider { StageProvider(rawValue: name) }
}
