import FactoryCore
import Foundation

/// What a note card's text call asks for when the manifest writes no note: one short line for the
/// picture. Its offline writer, library shelf and fake answer reach the providers only through
/// `NoteCardKind.descriptor`.
public struct NoteBrief: TextBrief, Equatable {
    public var prompt: String
    public var seed: UInt64

    public init(prompt: String, seed: UInt64) {
        self.prompt = prompt
        self.seed = seed
    }

    static var schema: [String: Any] { [
        "type": "object",
        "properties": ["note": ["type": "string", "maxLength": 80]],
        "required": ["note"],
        "additionalProperties": false,
    ] }

    public var request: TextRequest {
        TextRequest(purpose: TextPurpose(kind: .noteCard, brief: self), system: "You write one short note for a card. Reply only with the JSON asked for.",
                    user: "The card's picture: \(prompt).", schemaName: "note_card", schema: CanonicalJSON.data(Self.schema), seed: seed,
                    expectedOutputTokens: 30, maxOutputTokens: 100, reasoning: Reasoning(effort: .low))
    }

    /// The note from an answer's JSON.
    public static func parse(_ text: String, item: String) throws -> String {
        struct Answer: Decodable { var note: String }
        guard let note = (try? JSONDecoder().decode(Answer.self, from: Data(text.utf8)))?.note, !note.isEmpty else {
            throw FactoryError(.provider, "item \(item): the note answer is not the JSON asked for")
        }
        return note
    }

    /// Offline: the note of the `notes/` shelf picked by the seed.
    static let offlineWriter = OfflineWriter(shelf: NoteShelf.self, bundled: nil, brief: NoteBrief.self) { brief, _, library, context in
        let notes = library[NoteShelf.self].notes
        guard !notes.isEmpty else {
            throw FactoryError(.provider, "item \(context.item): the offline note library is empty; add a notes/ file to the manifest's `library:` folder")
        }
        let note = notes[Int(brief.seed % UInt64(notes.count))]
        return WrittenText(text: try OfflineWriter.json(["note": note]),
                           record: GenerationRecord(stage: context.stage, provider: OfflineWriter.provider, model: "note-library",
                                                    promptHash: Digest.sha256(brief.prompt), units: ["notes": 1], costUSD: 0))
    }

    /// The fake server's answer to a schema with a `note` property: a note about the picture.
    static let fakeAnswer = FakeAnswerWriter(claimingSchemasWith: ["note"]) { request in
        let picture = request.prompt.replacingOccurrences(of: "The card's picture: ", with: "").trimmingCharacters(in: CharacterSet(charactersIn: ". "))
        return .object(["note": .string("Look: \(picture)")])
    }
}

/// The note card's shelf: `notes/` files of `{ "notes": ["…"] }`. No notes are bundled; a
/// manifest's `library:` folder brings them.
struct NoteShelf: LibraryShelf {
    static let sections = ["notes"]
    var notes: [String] = []

    mutating func add(section: String, file: LibraryFile) throws(ManifestError) {
        struct NotesFile: Decodable { var notes: [String] }
        notes += try file.decode(NotesFile.self).notes
    }

    func duplicates(in folder: String) -> [Problem] { Self.repeated(notes, "the note", in: folder) }

    func combined(with theirs: NoteShelf, mode: LibrarySetting.Mode) -> NoteShelf {
        NoteShelf(notes: Self.combine(notes, theirs.notes, key: \.self, mode: mode))
    }
}
