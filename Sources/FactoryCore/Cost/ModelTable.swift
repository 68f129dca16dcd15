import Foundation

/// One row of `models.json`: a model we can call, how it is billed, what its requests may carry,
/// when it retires, and where each fact came from. Requests, reservations, estimates, `validate`
/// and `doctor` are all built from these rows.
public struct ModelSpec: Sendable, Codable, Equatable {
    public var provider: ProviderID
    /// The model id, or a prefix pattern ending in `*` (`civitai:*`) that prices unknown models of a family.
    public var model: String
    /// What the model is for: text, speech or image.
    public var role: Role
    /// "token", "character", "audio-minute" or "image".
    public var unit: String
    public var inputPerMillion: Double?
    public var outputPerMillion: Double?
    /// Prompt-cache reads and (5-minute) writes, per million input tokens.
    public var cacheReadPerMillion: Double?
    public var cacheWritePerMillion: Double?
    /// Characters (tts-1), per million.
    public var perMillion: Double?
    /// Audio minutes (token-billed speech, as the provider's per-minute estimate).
    public var perMinute: Double?
    /// Images: compute-billed rows scale from the reference size and steps; fixed rows do not.
    public var perImage: Double?
    public var referenceMegapixels: Double?
    public var referenceSteps: Double?
    /// True when `perImage` is a fixed price per image (partner models), whatever the size.
    public var fixedPrice: Bool?
    /// True on a pattern row: its price is a ceiling reserved for models of the family that have no row.
    public var ceiling: Bool?
    /// Thinking, for models that can think (nil: the model never thinks).
    public var thinking: Thinking?
    /// Sampling fields the API accepts for this model (temperature, top_p, top_k, seed); others are never sent.
    public var sampling: [String]?
    /// The largest `max_tokens` / `max_completion_tokens` the model accepts.
    public var maxOutputTokens: Int?
    /// OpenAI: the name of the output limit field ("max_completion_tokens"); Anthropic uses max_tokens.
    public var tokenField: String?
    /// Speech: the voices the model speaks, and whether it takes `instructions`.
    public var voices: [String]?
    public var instructions: Bool?
    /// Speech: which API serves the model: "speech" (`/v1/audio/speech`), "realtime" (the Realtime
    /// WebSocket) or "audio-inference" (Runware). Nil reads as "speech" for OpenAI rows.
    public var api: String?
    /// Token-billed audio (Realtime): audio input and output tokens, per million.
    public var audioInputPerMillion: Double?
    public var audioOutputPerMillion: Double?
    /// Realtime: output audio tokens per second of speech, for reserving before the answer's usage is known.
    public var audioTokensPerSecond: Double?
    /// Runware speech: our voice names (alloy … cedar) to the model's own voice ids.
    public var voiceIds: [String: String]?
    /// Runware: the parameter family and the fields it takes.
    public var family: String?
    public var parameters: [String]?
    /// Runware: the sides a family accepts (partner models are narrower than 128–2048).
    public var minSide: Int?
    public var maxSide: Int?
    /// The day the provider stops serving the model (YYYY-MM-DD), when announced, and what to use instead.
    public var retires: String?
    public var successor: String?
    /// Where the prices and rules came from, and when they were read.
    public var source: String
    public var date: String

    /// How a model thinks: by default or not, the `thinking` types it accepts, and the efforts.
    public struct Thinking: Sendable, Codable, Equatable {
        /// "adaptive" (thinks unless told otherwise) or "off".
        public var `default`: String
        /// The `thinking.type` values the API accepts: adaptive, enabled, disabled, between_tools.
        public var accepted: [String]
        /// `output_config.effort` values accepted with thinking on (nil: the model takes no effort).
        public var efforts: [String]?
        /// Efforts accepted with up-front thinking off (`between_tools` or `disabled`); OpenAI: the
        /// `reasoning_effort` that turns reasoning off ("none", "minimal").
        public var offEfforts: [String]?
        /// Thinking is billed as output tokens (true on every model we know).
        public var billedAsOutput: Bool?
    }

    public var isPattern: Bool { model.hasSuffix("*") }
    public var thinksByDefault: Bool { thinking?.default == "adaptive" }
}

/// The models the factory knows, loaded from the bundled `models.json`.
public struct ModelTable: Sendable {
    public let rows: [ModelSpec]
    /// The day the table's prices were last checked against the providers' pages (YYYY-MM-DD).
    public let checked: String

    /// Each named row by provider and model, for the lookup every planned call makes.
    private let named: [ProviderID: [String: ModelSpec]]

    public init(rows: [ModelSpec], checked: String = "1970-01-01") {
        self.rows = rows
        self.checked = checked
        var named: [ProviderID: [String: ModelSpec]] = [:]
        for row in rows where !row.isPattern && named[row.provider]?[row.model] == nil { named[row.provider, default: [:]][row.model] = row }
        self.named = named
    }

    /// The table shipped with this build.
    public static let bundled: ModelTable = {
        guard let url = Bundle.module.url(forResource: "models", withExtension: "json"),
              let data = try? Data(contentsOf: url),
              let table = try? ModelTable.decode(data) else { return ModelTable(rows: []) }
        return table
    }()

    public static func decode(_ data: Data) throws -> ModelTable {
        struct File: Decodable { var checked: String; var models: [ModelSpec] }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let file = try decoder.decode(File.self, from: data)
        return ModelTable(rows: file.models, checked: file.checked)
    }

    /// The row for a model: its own, a dated snapshot of a row ("claude-haiku-4-5-20251001" →
    /// "claude-haiku-4-5"), or the longest matching family pattern ("civitai:*").
    public func spec(provider: ProviderID, model: String) -> ModelSpec? {
        if let row = named[provider]?[model] { return row }
        let mine = rows.filter { $0.provider == provider }
        return mine.first { !$0.isPattern && $0.model == model }
            ?? mine.filter { !$0.isPattern && model.hasPrefix($0.model + "-") && model.dropFirst($0.model.count + 1).allSatisfy(\.isNumber) }
                .max { $0.model.count < $1.model.count }
            ?? mine.filter { $0.isPattern && model.hasPrefix($0.model.dropLast()) }.max { $0.model.count < $1.model.count }
    }

    /// The named models of a provider and role (no patterns), for messages.
    public func known(provider: ProviderID, role: Role) -> [String] {
        rows.filter { $0.provider == provider && $0.role == role && !$0.isPattern && ($0.retires == nil) }.map(\.model)
    }

    /// Fails before anything is spent when a model is unknown, of the wrong role, or retired on `day`.
    public func check(provider: ProviderID, model: String, role: Role? = nil, on day: String) throws -> ModelSpec {
        guard let row = spec(provider: provider, model: model), role == nil || row.role == role else {
            let known = known(provider: provider, role: role ?? .text)
            throw FactoryError(.provider, "\(provider) model \"\(model)\" is not in models.json; use one of "
                               + "\(known.joined(separator: ", ")) or add a row with its price, limits and source")
        }
        if let retires = row.retires, retires <= day {
            let instead = row.successor.map { "; use \"\($0)\" instead" } ?? ""
            throw FactoryError(.provider, "\(provider) model \"\(model)\" was retired on \(retires)\(instead)")
        }
        return row
    }

    /// A warning when `model` retires within `days` of `day` (nil when it does not, or has no date).
    public func retirementWarning(provider: ProviderID, model: String, on day: String, within days: Int = 30) -> String? {
        guard let row = spec(provider: provider, model: model), let retires = row.retires, retires > day,
              let left = DayMath.days(from: day, to: retires), left <= days else { return nil }
        let instead = row.successor.map { "; move to \"\($0)\" before then" } ?? ""
        return "\(provider) model \"\(model)\" retires on \(retires) (in \(left) day\(left == 1 ? "" : "s"))\(instead)"
    }

    /// Days since the table was checked against the providers' pages.
    public func age(on day: String) -> Int? { DayMath.days(from: checked, to: day) }
}

/// Whole days between two YYYY-MM-DD dates (UTC calendar arithmetic).
public enum DayMath {
    public static func days(from a: String, to b: String) -> Int? {
        guard let x = date(a), let y = date(b) else { return nil }
        return Int(((y - x) / 86_400).rounded())
    }

    static func date(_ text: String) -> Double? {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        return calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2]))?.timeIntervalSince1970
    }
}

/// What a paid call is expected to cost, and the most it may cost (what is reserved against the caps).
public struct CostEstimate: Sendable, Codable, Equatable {
    public var usd: Double
    public var maxUSD: Double
    /// Units by name: input_tokens, output_tokens, thinking_tokens, characters, audio_seconds, images.
    public var units: [String: Double]

    public init(usd: Double, maxUSD: Double, units: [String: Double]) {
        self.usd = usd
        self.maxUSD = max(usd, maxUSD)
        self.units = units
    }

    public static let free = CostEstimate(usd: 0, maxUSD: 0, units: [:])
}

extension ModelSpec {
    /// Token-billed text: expected output (answer plus expected thinking, billed as output) for the
    /// estimate, `maxOutput` (the whole `max_tokens`) for the reservation.
    public func tokens(input: Int, expectedOutput: Int, maxOutput: Int, expectedThinking: Int = 0) -> CostEstimate {
        let inRate = (inputPerMillion ?? 0) / 1e6, outRate = (outputPerMillion ?? 0) / 1e6
        var units = ["input_tokens": Double(input), "output_tokens": Double(expectedOutput)]
        if expectedThinking > 0 { units["thinking_tokens"] = Double(expectedThinking) }
        return CostEstimate(usd: Double(input) * inRate + Double(expectedOutput + expectedThinking) * outRate,
                            maxUSD: Double(input) * inRate + Double(maxOutput) * outRate, units: units)
    }

    /// What a token-billed answer cost: uncached input, cache writes and reads at their own rates, output (thinking included).
    public func actualTokens(input: Int, output: Int, cacheWrite: Int = 0, cacheRead: Int = 0) -> Double {
        let inRate = inputPerMillion ?? 0
        return (Double(input) * inRate + Double(cacheWrite) * (cacheWritePerMillion ?? inRate)
                + Double(cacheRead) * (cacheReadPerMillion ?? inRate) + Double(output) * (outputPerMillion ?? 0)) / 1e6
    }

    /// Images: a fixed price each for partner models; compute-billed ones scale with pixels and steps.
    public func images(count: Int, width: Int, height: Int, steps: Int?) -> CostEstimate {
        let each: Double
        if fixedPrice == true {
            each = perImage ?? 0
        } else {
            let megapixels = Double(width * height) / 1_048_576
            let stepRatio = steps.map { Double($0) / (referenceSteps ?? Double($0)) } ?? 1
            each = (perImage ?? 0) * megapixels / (referenceMegapixels ?? 1) * stepRatio
        }
        let usd = each * Double(count)
        // A ceiling row is already the most such a model may cost; a table price may drift a little.
        return CostEstimate(usd: usd, maxUSD: ceiling == true ? usd : usd * 1.25, units: ["images": Double(count)])
    }

    /// Speech: characters for tts-1 models, minutes of audio (from the text length) for the others.
    public func speech(characters: Int, expectedSeconds: Double) -> CostEstimate {
        if let perMillion {
            let usd = Double(characters) * perMillion / 1e6
            return CostEstimate(usd: usd, maxUSD: usd, units: ["characters": Double(characters)])
        }
        let usd = expectedSeconds / 60 * (perMinute ?? 0)
        return CostEstimate(usd: usd, maxUSD: usd * 1.5, units: ["characters": Double(characters), "audio_seconds": expectedSeconds])
    }

    public func actualSpeech(characters: Int, seconds: Double) -> Double {
        if let perMillion { return Double(characters) * perMillion / 1e6 }
        return seconds / 60 * (perMinute ?? 0)
    }
}
