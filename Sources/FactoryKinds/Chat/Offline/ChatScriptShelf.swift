import FactoryCore
import Foundation

/// The chat story's shelf of the content library: scripts by genre, from the `chats/` files.
struct ChatScriptShelf: LibraryShelf {
    static let sections = ["chats"]
    /// Ours, from the files this module bundles (`Chat/ChatLibrary/chats/`).
    static let bundled = LibraryFolder.bundled(ChatScriptShelf.self, in: BundledLibrary.folder("ChatLibrary"))

    var scripts: [Genre: [ChatScript]] = [:]

    mutating func add(section: String, file: LibraryFile) throws(ManifestError) {
        let decoded = try file.decode(ChatScriptFile.self)
        scripts[decoded.genre, default: []] += decoded.scripts
    }

    func duplicates(in folder: String) -> [Problem] {
        Self.repeated(Genre.allCases.flatMap { scripts[$0] ?? [] }.map(\.id), "the chat script id", in: folder)
    }

    func combined(with theirs: ChatScriptShelf, mode: LibrarySetting.Mode) -> ChatScriptShelf {
        var out = self
        for (genre, list) in theirs.scripts where !list.isEmpty {
            out.scripts[genre] = Self.combine(scripts[genre] ?? [], list, key: \.id, mode: mode)
        }
        return out
    }
}

extension ContentLibrary {
    /// The scripts of a genre, in file order.
    func scripts(for genre: Genre) -> [ChatScript] { self[ChatScriptShelf.self].scripts[genre] ?? [] }
}
