import FactoryCore
import Foundation

/// The bedtime story's shelf of the content library: a setting per `stories/` file, and the
/// episodes and goodnights for any setting from the `story-parts/` files.
struct StoryShelf: LibraryShelf {
    static let sections = ["stories", "story-parts"]
    /// Ours, from the files this module bundles (`Bedtime/BedtimeLibrary/`).
    static let bundled = LibraryFolder.bundled(StoryShelf.self, in: BundledLibrary.folder("BedtimeLibrary"))

    var families: [StoryFamily] = []
    var sharedEpisodes: [StoryPart] = []
    var goodnights: [StoryPart] = []

    mutating func add(section: String, file: LibraryFile) throws(ManifestError) {
        if section == "stories" {
            families.append(try file.decode(StoryFamily.self))
        } else {
            let parts = try file.decode(StoryPartsFile.self)
            sharedEpisodes += parts.episodes
            goodnights += parts.goodnights
        }
    }

    /// Two settings with one id, or two parts with one id anywhere in the shelf.
    func duplicates(in folder: String) -> [Problem] {
        let parts = sharedEpisodes + goodnights + families.flatMap { $0.setups + $0.episodes + $0.troubles.flatMap { [$0.problem, $0.resolution] } }
        return Self.repeated(families.map(\.id), "the story setting id", in: folder) + Self.repeated(parts.map(\.id), "the story part id", in: folder)
    }

    func combined(with theirs: StoryShelf, mode: LibrarySetting.Mode) -> StoryShelf {
        StoryShelf(families: Self.combine(families, theirs.families, key: \.id, mode: mode),
                   sharedEpisodes: Self.combine(sharedEpisodes, theirs.sharedEpisodes, key: \.id, mode: mode),
                   goodnights: Self.combine(goodnights, theirs.goodnights, key: \.id, mode: mode))
    }
}

extension ContentLibrary {
    var families: [StoryFamily] { self[StoryShelf.self].families }
    var sharedEpisodes: [StoryPart] { self[StoryShelf.self].sharedEpisodes }
    var goodnights: [StoryPart] { self[StoryShelf.self].goodnights }
}
