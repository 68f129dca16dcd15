import FactoryCore
import FactoryImaging
import FactoryKinds
import Foundation

extension Kind {
    /// The test kind: a still card with a note, proving a kind needs only its folder and descriptor.
    public static let noteCard = Kind("note-card")
}

extension MemoryField {
    /// A card's note: refused when repeated within the window, unless the manifest fixed it.
    public static let note = MemoryField("note", checked: true)
}

/// A fifth kind made only for tests, registered through its descriptor alone (nothing in Core,
/// the loader, the planner, the offline text provider, the fake server or the review names it): a
/// picture from the image provider, cropped to the item's format, with the manifest's note as its
/// caption, or a note the text provider writes (offline from a library's `notes/` shelf, or the
/// fake server's answer) when the manifest gives none.
public enum NoteCardKind {
    public static let descriptor = KindDescriptor(
        kind: .noteCard, keys: NoteCardSpec.keys, textEffort: .low, summary: "a still card with a note (tests only)",
        look: KindLook(name: "note card", filterLabel: "Note cards", colour: offlineHex), memory: KindMemory(fields: [.note]),
        offline: NoteBrief.offlineWriter, offlineArt: NoteCardKind.offlineArt, fakeAnswer: NoteBrief.fakeAnswer,
        decode: { try NoteCardSpec(from: $0) },
        job: { item, spec, context in NoteCardJob(item: item, spec: spec, manifest: context.manifest, providers: context.providers) })

    /// The card's colour when painted offline.
    public static let offlineColour = (r: 42, g: 111, b: 151)
    /// The same colour marks its cards and filter in the gallery.
    public static let offlineHex = "#2a6f97"

    /// Its offline picture: a card of one colour (what a kind's own offline art looks like to the
    /// offline image provider, which finds it by the request's `kind` hint).
    static let offlineArt: OfflineArtist = { request in
        let (r, g, b) = offlineColour
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(request.width)\" height=\"\(request.height)\">"
            + "<rect width=\"100%\" height=\"100%\" fill=\"rgb(\(r),\(g),\(b))\"/></svg>"
        let data = try Shapes.svg(svg).flatten().pngData()
        return GeneratedImage(data: data, record: GenerationRecord(stage: .image, provider: OfflineWriter.provider, model: "note-card-colour",
                                                                   seed: request.seed, promptHash: Digest.sha256(request.positivePrompt),
                                                                   units: ["images": 1], costUSD: 0))
    }

    /// The longest note a card shows (its `note-length` check).
    public static let longestNote = 120

    /// The standard kinds and this one.
    public static let registry = StandardKinds.registry.adding(descriptor)
}

/// A note card's settings: the note (nil: the text provider writes one), and the picture's prompt.
public struct NoteCardSpec: KindSpec, Equatable {
    public var note: String?
    public var prompt: String
    public static let keys = ["note", "prompt"]
    enum Keys: String, CodingKey { case note, prompt }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        note = try c.decodeIfPresent(String.self, forKey: .note)
        prompt = try c.decodeIfPresent(String.self, forKey: .prompt) ?? "a calm sky"
        if let note, note.trimmingCharacters(in: .whitespaces).isEmpty {
            throw DecodingError.dataCorruptedError(forKey: .note, in: c, debugDescription: "the note is empty; write one")
        }
    }

    /// A still: no frames to render.
    public var renderWork: RenderWork { RenderWork(seconds: 0, fps: 0) }

    public func missingStage(_ group: StageGroup) -> String? {
        group == .image || (group == .text && note == nil) ? nil : "a note card only asks for its picture, and its note when none is written"
    }
}

/// One note card: a text call when the note is not written, one image call, then `card.png`,
/// `caption.txt` and `metadata.json`.
struct NoteCardJob: KindJob {
    let item: Item
    let spec: NoteCardSpec
    let manifest: Manifest
    let providers: ProviderSet

    var request: ImageRequest {
        let (width, height) = item.format.generationSize
        return ImageRequest(positivePrompt: spec.prompt, negativePrompt: "", model: ModelDefaults.image, width: width, height: height,
                            steps: 20, cfgScale: 7, seed: item.seed ?? Seed.from(item.id, manifest.week.description, "card"),
                            hints: ImageHints(kind: .noteCard))
    }

    var noteRequest: TextRequest {
        NoteBrief(prompt: spec.prompt, seed: item.seed ?? Seed.from(item.id, manifest.week.description, "note")).request
    }

    func plan(_ planner: Planner) throws -> [PlannedStage] {
        let image = providers.image, request = self.request
        var stages = [try planner.stage(item, .image, provider: image.identity, paid: image.isPaid) { try image.plannedCall(request) }]
        if spec.note == nil {
            let text = providers.text, noteRequest = self.noteRequest
            stages.insert(try planner.stage(item, .text, provider: text.identity, paid: text.isPaid) { try text.plannedCall(write: noteRequest) }, at: 0)
        }
        return stages
    }

    func fetch(context: CallContext) async throws -> (NoteCardAssets, [GenerationRecord]) {
        var note = spec.note ?? "", records: [GenerationRecord] = []
        if spec.note == nil {
            let written = try await providers.text.write(noteRequest, context: context.with(stage: "text"))
            note = try NoteBrief.parse(written.text, item: item.id)
            records.append(written.record)
        }
        let image = try await providers.image.generate(request, context: context.with(stage: "image"))
        return (NoteCardAssets(image: image, note: note), records + [image.record])
    }

    /// The note, and the picture's prompt and seed.
    func remembered(_ assets: NoteCardAssets) -> [Remembered] {
        [Remembered(.note, assets.note, fixed: spec.note != nil), Remembered(.imagePrompt, request.positivePrompt, seed: request.seed)]
    }

    func render(_ assets: NoteCardAssets, records: [GenerationRecord], into writer: BundleWriter) async throws -> [QualityCheck] {
        let image = assets.image, note = assets.note
        let (width, height) = item.format.size
        let card = try Image.decode(image.data).cover(width: width, height: height)
        try card.savePNG(to: writer.path("card.png"))
        try writer.write(note + "\n", to: "caption.txt")
        let saved = try Image.load(path: writer.path("card.png"))
        // The kind only reports its checks; the runner quarantines a card that fails one.
        let checks = [BundleMetadata.Check("card-size", saved.width == width && saved.height == height,
                                           "\(saved.width)×\(saved.height), expected \(width)×\(height)"),
                      BundleMetadata.Check("note-length", note.count <= NoteCardKind.longestNote,
                                           "\(note.count) characters; a card's note is at most \(NoteCardKind.longestNote), shorten it")]
        try writer.writeStillMetadata(item: item, manifest: manifest, title: note, records: records, checks: checks)
        return checks
    }
}

/// What a note card's fetch brings its render: the picture, and the note (written or asked for).
struct NoteCardAssets: Sendable {
    let image: GeneratedImage
    let note: String
}
