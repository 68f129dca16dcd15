/// A request for one short poster quote.
public struct QuoteRequest: Sendable, Equatable {
    public var series: Series
    public var theme: String
    public var week: ISOWeek
    public var seed: UInt64
    public init(series: Series, theme: String, week: ISOWeek, seed: UInt64) {
        self.series = series
        self.theme = theme
        self.week = week
        self.seed = seed
    }
}

/// A quote and who said it ("" when it is the brand's own line).
public struct GeneratedQuote: Sendable, Equatable {
    public var text: String
    public var attribution: String
    public var record: GenerationRecord
    public init(text: String, attribution: String, record: GenerationRecord) {
        self.text = text
        self.attribution = attribution
        self.record = record
    }
}

/// Writes text: quotes now; stories, recipes and conversations as their kinds arrive.
public protocol TextProvider: Sendable {
    var name: String { get }
    func quote(_ request: QuoteRequest, context: CallContext) async throws -> GeneratedQuote
}

/// The providers a run uses, one per role.
public struct ProviderSet: Sendable {
    public var text: any TextProvider
    public var image: any ImageProvider
    /// One line per role saying which provider is used and whether it is live.
    public var description: [String]
    public init(text: any TextProvider, image: any ImageProvider, description: [String] = []) {
        self.text = text
        self.image = image
        self.description = description
    }
}
