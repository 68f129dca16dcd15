import Foundation
import FactoryMedia

/// metadata.json: what the bundle holds, how each part was made, what it cost and how it checked.
public struct BundleMetadata: Sendable, Codable {
    /// A file of the bundle with its size, hash and, for media, probed facts.
    public struct File: Sendable, Codable, Equatable {
        public var name: String
        public var size: Int
        public var sha256: String
        public var media: MediaProbe?
        public var image: ImageFacts?
    }

    /// Pixel size of a still image.
    public struct ImageFacts: Sendable, Codable, Equatable {
        public var width: Int
        public var height: Int
    }

    /// One quality check and its outcome.
    public struct Check: Sendable, Codable, Equatable {
        public var name: String
        public var passed: Bool
        public var detail: String
        public init(_ name: String, _ passed: Bool, _ detail: String) {
            self.name = name
            self.passed = passed
            self.detail = detail
        }
    }

    /// How the video was rendered.
    public struct Render: Sendable, Codable, Equatable {
        public var width: Int
        public var height: Int
        public var fps: Int
        public var bitrate: Int
        public var preset: String
        public var x264Preset: String
        public var seconds: Double
        public var frames: Int
    }

    public var schemaVersion = 1
    public var itemId: String
    public var kind: String
    public var week: String
    public var scheduledDate: String
    public var title: String
    public var files: [File] = []
    public var generation: [GenerationRecord]
    public var totalCostUSD: Double
    public var render: Render?
    public var layout: [String: Box]
    public var checks: [Check]
    /// Facts particular to the kind (theme, message count, where the text came from, …).
    public var details: [String: String]? = nil
    public var manifestSha256: String
    public var toolVersion: String
    public var createdAt: String

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
