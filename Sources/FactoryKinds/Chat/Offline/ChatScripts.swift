import FactoryCore

/// The offline chat-script library: hand-written stories per genre (the bundled `chats/` files
/// and a manifest's own), each with a hook, a middle of ranked beats, a beat for every mood, and
/// a twist ending.
enum ChatScripts {
    static func scripts(for genre: Genre, in library: ContentLibrary) -> [ChatScript] {
        library.scripts(for: genre)
    }

    static var all: [ChatScript] { Genre.allCases.flatMap { scripts(for: $0, in: .standard) } }
}
