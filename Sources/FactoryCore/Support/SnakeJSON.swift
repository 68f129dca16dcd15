import Foundation

/// The JSON the factory writes (metadata.json, report.json): sorted snake_case keys, pretty.
public enum SnakeJSON {
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        return encoder
    }

    /// Reads what `encoder()` wrote. Foundation's `.convertFromSnakeCase` turns `total_cost_usd`
    /// into `totalCostUsd`, which misses `totalCostUSD`; this strategy restores the acronym.
    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .custom { path in
            AnyKey(stringValue: camelCase(path.last?.stringValue ?? ""))
        }
        return decoder
    }

    /// `total_cost_usd` → `totalCostUSD`, `item_id` → `itemId`, `x264_preset` → `x264Preset`.
    static func camelCase(_ key: String) -> String {
        let parts = key.split(separator: "_", omittingEmptySubsequences: false)
        guard parts.count > 1, let first = parts.first else { return key }
        return String(first) + parts.dropFirst().map { part in
            part == "usd" ? "USD" : part.prefix(1).uppercased() + part.dropFirst()
        }.joined()
    }
}
