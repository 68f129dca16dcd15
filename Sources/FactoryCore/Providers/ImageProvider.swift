import Foundation

/// A request for one generated image (Runware's imageInference, or the offline painter).
public struct ImageRequest: Sendable, Equatable, Codable {
    public var positivePrompt: String
    public var negativePrompt: String
    public var model: String
    public var width: Int
    public var height: Int
    public var steps: Int
    public var cfgScale: Double
    public var seed: UInt64
    /// What the offline painter uses to vary its art (kind, week, the kind's own); ignored by live APIs.
    public var hints: ImageHints

    public init(positivePrompt: String, negativePrompt: String, model: String, width: Int, height: Int, steps: Int,
                cfgScale: Double, seed: UInt64, hints: ImageHints = ImageHints()) {
        self.positivePrompt = positivePrompt
        self.negativePrompt = negativePrompt
        self.model = model
        self.width = width
        self.height = height
        self.steps = steps
        self.cfgScale = cfgScale
        self.seed = seed
        self.hints = hints
    }
}

/// Encoded image bytes (JPEG, PNG or WebP) and the record of how they were made.
public struct GeneratedImage: Sendable {
    public var data: Data
    public var record: GenerationRecord
    public init(data: Data, record: GenerationRecord) {
        self.data = data
        self.record = record
    }
}

/// Makes images from prompts.
public protocol ImageProvider: Sendable {
    /// True for a provider that bills its calls (the live ones); plans skip building requests for the others.
    var isPaid: Bool { get }
    var name: String { get }
    func generate(_ request: ImageRequest, context: CallContext) async throws -> GeneratedImage
    /// The paid call `generate` would make, built without sending it (nil: free, like the offline painter).
    func plannedCall(_ request: ImageRequest) throws -> PaidCall?
}

extension ImageProvider {
    public func plannedCall(_ request: ImageRequest) throws -> PaidCall? { nil }
    public var isPaid: Bool { false }
}
