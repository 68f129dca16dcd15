import FactoryCore
import FactoryImaging
import FactoryKinds
import Foundation

extension Kind {
    /// The test kind: a still card with a note, proving a kind needs only its folder and descriptor.
    public static let noteCard = Kind("note-card")
}

/// A fifth kind made only for tests, registered through its descriptor alone (nothing in Core,
/// the loader, the planner or the review names it): a picture from the image provider, cropped to
/// the item's format, with the manifest's note as its caption.
public enum NoteCardKind {
    public static let descriptor = KindDescriptor(
        kind: .noteCard, keys: NoteCardSpec.keys, textEffort: .low, summary: "a still card with a note (tests only)",
        decode: { try NoteCardSpec(from: $0) },
        job: { item, spec, context in NoteCardJob(item: item, spec: spec, manifest: context.manifest, providers: context.providers) })

    /// The standard kinds and this one.
    public static let registry = StandardKinds.registry.adding(descriptor)
}

/// A note card's settings: the note, and the picture's prompt.
public struct NoteCardSpec: KindSpec, Equatable {
    public var note: String
    public var prompt: String
    public static let keys = ["note", "prompt"]
    enum Keys: String, CodingKey { case note, prompt }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        note = try c.decode(String.self, forKey: .note)
        prompt = try c.decodeIfPresent(String.self, forKey: .prompt) ?? "a calm sky"
        if note.trimmingCharacters(in: .whitespaces).isEmpty {
            throw DecodingError.dataCorruptedError(forKey: .note, in: c, debugDescription: "the note is empty; write one")
        }
    }

    /// A still: no frames to render.
    public var renderWork: RenderWork { RenderWork(seconds: 0, fps: 0) }

    public func missingStage(_ group: StageGroup) -> String? {
        group == .image ? nil : "a note card only asks for its picture"
    }
}

/// One note card: one image call, then `card.png`, `caption.txt` and `metadata.json`.
struct NoteCardJob: KindJob {
    let item: Item
    let spec: NoteCardSpec
    let manifest: Manifest
    let providers: ProviderSet

    var request: ImageRequest {
        let (width, height) = item.format.generationSize
        return ImageRequest(positivePrompt: spec.prompt, negativePrompt: "", model: ModelDefaults.image, width: width, height: height,
                            steps: 20, cfgScale: 7, seed: item.seed ?? Seed.from(item.id, manifest.week.description, "card"))
    }

    func plan(_ planner: Planner) throws -> [PlannedStage] {
        let image = providers.image, request = self.request
        return [try planner.stage(item, .image, provider: image.name, paid: image.isPaid) { try image.plannedCall(request) }]
    }

    func fetch(context: CallContext, priority: Int) async throws -> (GeneratedImage, [GenerationRecord]) {
        let image = try await providers.image.generate(request, context: context.with(stage: "image"))
        return (image, [image.record])
    }

    func render(_ image: GeneratedImage, records: [GenerationRecord], into writer: BundleWriter) async throws {
        let (width, height) = item.format.size
        let card = try Image.decode(image.data).cover(width: width, height: height)
        try card.savePNG(to: writer.path("card.png"))
        try writer.write(spec.note + "\n", to: "caption.txt")
        let saved = try Image.load(path: writer.path("card.png"))
        let checks = [BundleMetadata.Check("card-size", saved.width == width && saved.height == height,
                                           "\(saved.width)×\(saved.height), expected \(width)×\(height)")]
        try writer.writeStillMetadata(item: item, manifest: manifest, title: spec.note, records: records, checks: checks)
    }
}
