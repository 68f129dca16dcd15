import FactoryCore
import Foundation

/// What a poster's quote is asked from: the series, the week's theme, and what to avoid.
public struct QuoteBrief: TextBrief, Equatable {
    public var series: Series
    public var theme: String
    public var week: ISOWeek
    public var seed: UInt64
    /// Effort and thinking for the live model (a quote needs little: low, no thinking).
    public var reasoning: Reasoning
    /// Quotes the series published recently (and answers refused in this run): the prompt lists
    /// them; the offline library skips them.
    public var recent: RecentWork
    /// Why the previous answer was refused, for a re-ask (nil: the first ask).
    public var problem: String?
    public init(series: Series, theme: String, week: ISOWeek, seed: UInt64, reasoning: Reasoning = Reasoning(effort: .low),
                recent: RecentWork = RecentWork(), problem: String? = nil) {
        self.recent = recent
        self.problem = problem
        self.series = series
        self.theme = theme
        self.week = week
        self.seed = seed
        self.reasoning = reasoning
    }
}

/// A quote and who said it ("" when it is the brand's own line).
public struct GeneratedQuote: Sendable, Equatable {
    public var text: String
    public var attribution: String
    public var record: GenerationRecord
    /// The paid request's cache key, so a refused quote can leave the cache (nil: offline).
    public var key: String?
    public init(text: String, attribution: String, record: GenerationRecord, key: String? = nil) {
        self.key = key
        self.text = text
        self.attribution = attribution
        self.record = record
    }
}

/// The JSON-schema'd quote every text provider is asked for. The request's bytes are the ones the
/// live clients have always sent for a quote (schema `poster_quote`, a 400-token answer budget),
/// so cache keys made before the quote went through `TextProvider.write` still match.
public enum QuotePrompt {
    /// A 20-word quote and its attribution as JSON.
    public static let expectedOutputTokens = 60
    /// The answer budget (thinking, when wanted, comes on top).
    public static let maxOutputTokens = 400
    public static let schemaName = "poster_quote"

    public static var schema: [String: Any] { [
        "type": "object",
        "properties": [
            "quote": ["type": "string", "description": "the quote, at most 20 words"],
            "attribution": ["type": "string", "description": "who said it, or empty for an original line"],
        ],
        "required": ["quote", "attribution"],
        "additionalProperties": false,
    ] }

    public static let system = """
        You write the quote for a social-media poster series. Reply only with the JSON asked for. \
        The quote is at most 20 words, warm and concrete, no hashtags, no emoji unless asked, no surrounding quotation marks. \
        Use a real, correctly attributed quote or write an original line and leave the attribution empty.
        """

    public static func user(_ brief: QuoteBrief) -> String {
        var text = "Series: \(brief.series.title). Theme for this week (\(brief.week)): \(brief.theme). Variation \(brief.seed % 1000)."
        if !brief.recent.isEmpty { text += "\n" + brief.recent.promptSection }
        if let problem = brief.problem { text += "\n\nYour previous answer was rejected: \(problem)." }
        return text
    }

    /// The request every provider answers: a live model from the prompts, the offline library from the brief.
    public static func request(_ brief: QuoteBrief) -> TextRequest {
        TextRequest(purpose: TextPurpose(kind: .poster, brief: brief), system: system, user: user(brief),
                    schemaName: schemaName, schema: CanonicalJSON.data(schema), seed: brief.seed,
                    expectedOutputTokens: expectedOutputTokens, maxOutputTokens: maxOutputTokens, reasoning: brief.reasoning,
                    check: { _ = try parse($0, provider: "the text model") })
    }

    /// The answer's JSON, as the offline writer and the fakes write it.
    public static func answer(quote: String, attribution: String) -> String {
        CanonicalJSON.string(["quote": quote, "attribution": attribution])
    }

    /// Reads and checks the answer's JSON.
    public static func parse(_ text: String, provider: StageProvider) throws -> (quote: String, attribution: String) {
        struct Answer: Decodable { var quote: String; var attribution: String? }
        guard let answer = try? JSONDecoder().decode(Answer.self, from: Data(text.utf8)) else {
            throw FactoryError(.provider, "\(provider) answered without the quote JSON asked for: \(Secrets.redact(String(text.prefix(200))))")
        }
        let quote = answer.quote.trimmingCharacters(in: CharacterSet(charactersIn: " \n\"\u{201C}\u{201D}"))
        guard !quote.isEmpty, quote.count <= 240 else {
            throw FactoryError(.provider, "\(provider) answered with a quote of \(quote.count) characters (1–240 fit a poster); "
                               + "run again with --fresh to ask again")
        }
        return (quote, answer.attribution?.trimmingCharacters(in: .whitespaces) ?? "")
    }

    /// The quote of a written answer, with the call's record and cache key.
    public static func quote(_ written: WrittenText, provider: StageProvider) throws -> GeneratedQuote {
        let parsed = try parse(written.text, provider: provider)
        return GeneratedQuote(text: parsed.quote, attribution: parsed.attribution, record: written.record, key: written.key)
    }
}
