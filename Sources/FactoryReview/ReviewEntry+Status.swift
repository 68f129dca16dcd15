import FactoryCore

extension ReviewEntry {
    /// Where an item stands in a review: what the last run said of it, or what the review found on
    /// disk. Read, stored and printed as the words report.json and the studio use ("done", "not-made").
    public enum Status: Sendable, Hashable {
        /// The run's outcome from report.json: done, failed, deferred, unsupported or fetched.
        case run(ItemOutcome.Status)
        /// No bundle: the report says done but its folder is gone.
        case missing
        /// The bundle's metadata.json cannot be read.
        case unreadable
        /// The studio's manifest item that no run has made yet.
        case notMade
        /// A word a newer `factory run` wrote that this version does not know, kept as written.
        case unknown(String)

        public static let done = Status.run(.done)
        public static let failed = Status.run(.failed)
        public static let deferred = Status.run(.deferred)
        public static let unsupported = Status.run(.unsupported)
        public static let fetched = Status.run(.fetched)
    }
}

// Never fails: a word it does not know becomes `.unknown`, so a report.json written by another
// version still reads (the review reads reports tolerantly).
extension ReviewEntry.Status: RawRepresentable, Codable {
    public init(rawValue: String) {
        if let outcome = ItemOutcome.Status(rawValue: rawValue) {
            self = .run(outcome)
            return
        }
        switch rawValue {
        case "missing": self = .missing
        case "unreadable": self = .unreadable
        case "not-made": self = .notMade
        default: self = .unknown(rawValue)
        }
    }

    public var rawValue: String {
        switch self {
        case .run(let outcome): outcome.rawValue
        case .missing: "missing"
        case .unreadable: "unreadable"
        case .notMade: "not-made"
        case .unknown(let word): word
        }
    }
}

extension ReviewEntry.Status: CustomStringConvertible {
    public var description: String { rawValue }
}
