import Foundation

/// One row of `prices.json`: a model, how it is billed, and where the price came from.
public struct ModelPrice: Sendable, Codable, Equatable {
    public var provider: String
    public var model: String
    /// "token", "character", "audio-minute" or "image".
    public var unit: String
    public var inputPerMillion: Double?
    public var outputPerMillion: Double?
    public var perMillion: Double?
    public var perMinute: Double?
    public var perImage: Double?
    public var referenceMegapixels: Double?
    public var referenceSteps: Double?
    public var source: String
    public var date: String
    /// The day the provider stops serving the model (YYYY-MM-DD), when announced.
    public var retires: String?
    public var replacement: String?
}

/// The models and prices the factory knows, loaded from the bundled `prices.json`.
public struct PriceTable: Sendable {
    public let rows: [ModelPrice]

    public init(rows: [ModelPrice]) { self.rows = rows }

    /// The table shipped with this build.
    public static let bundled: PriceTable = {
        guard let url = Bundle.module.url(forResource: "prices", withExtension: "json"),
              let data = try? Data(contentsOf: url),
              let table = try? PriceTable.decode(data) else { return PriceTable(rows: []) }
        return table
    }()

    public static func decode(_ data: Data) throws -> PriceTable {
        struct File: Decodable { var models: [ModelPrice] }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return PriceTable(rows: try decoder.decode(File.self, from: data).models)
    }

    /// The row for a model; Runware's `*` row prices any other AIR model.
    public func price(provider: String, model: String) -> ModelPrice? {
        // Exact name first, then the longest dated-snapshot prefix ("claude-haiku-4-5-20251001" → "claude-haiku-4-5").
        rows.first { $0.provider == provider && $0.model == model }
            ?? rows.filter { $0.provider == provider && $0.model != "*" && model.hasPrefix($0.model + "-")
                && model.dropFirst($0.model.count + 1).allSatisfy(\.isNumber) }
                .max { $0.model.count < $1.model.count }
            ?? rows.first { $0.provider == provider && $0.model == "*" }
    }

    /// Fails before anything is spent when a model is unknown or already retired on `day`.
    public func check(provider: String, model: String, on day: String) throws -> ModelPrice {
        guard let row = price(provider: provider, model: model) else {
            let known = rows.filter { $0.provider == provider && $0.model != "*" }.map(\.model)
            throw FactoryError(.provider, "model \"\(model)\" has no price for \(provider) in prices.json; "
                               + "use one of \(known.joined(separator: ", ")) or add a row with its price and source")
        }
        if let retires = row.retires, retires <= day {
            let instead = row.replacement.map { "; use \"\($0)\"" } ?? ""
            throw FactoryError(.provider, "\(provider) model \"\(model)\" was retired on \(retires)\(instead)")
        }
        return row
    }
}

/// What a paid call is expected to cost, and the most it may cost (what is reserved against the caps).
public struct CostEstimate: Sendable, Codable, Equatable {
    public var usd: Double
    public var maxUSD: Double
    /// Units by name: input_tokens, output_tokens, characters, audio_seconds, images.
    public var units: [String: Double]

    public init(usd: Double, maxUSD: Double, units: [String: Double]) {
        self.usd = usd
        self.maxUSD = max(usd, maxUSD)
        self.units = units
    }

    public static let free = CostEstimate(usd: 0, maxUSD: 0, units: [:])
}

extension ModelPrice {
    /// Token-billed text: expected output tokens for the estimate, `maxOutputTokens` for the reservation.
    public func tokens(input: Int, expectedOutput: Int, maxOutput: Int) -> CostEstimate {
        let inRate = (inputPerMillion ?? 0) / 1e6, outRate = (outputPerMillion ?? 0) / 1e6
        return CostEstimate(usd: Double(input) * inRate + Double(expectedOutput) * outRate,
                            maxUSD: Double(input) * inRate + Double(maxOutput) * outRate,
                            units: ["input_tokens": Double(input), "output_tokens": Double(expectedOutput)])
    }

    public func actualTokens(input: Int, output: Int) -> Double {
        Double(input) * (inputPerMillion ?? 0) / 1e6 + Double(output) * (outputPerMillion ?? 0) / 1e6
    }

    /// Compute-billed images scale with pixels and steps from the reference run.
    public func images(count: Int, width: Int, height: Int, steps: Int) -> CostEstimate {
        let megapixels = Double(width * height) / 1_048_576
        let each = (perImage ?? 0) * megapixels / (referenceMegapixels ?? 1) * Double(steps) / (referenceSteps ?? Double(steps))
        let usd = each * Double(count)
        return CostEstimate(usd: usd, maxUSD: usd * 1.25, units: ["images": Double(count)])
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
