import FactoryCore
import FactoryKinds
import Foundation

/// Reads a library folder: `quotes/`, `stories/`, `story-parts/`, `chats/` and `recipes/`, each
/// holding `.json` (or `.yaml`) files read in name order. Every file is decoded strictly and
/// every problem of every file is reported, each as `file:line:col: path: message`.
enum LibraryFolder {
    /// How a file's text becomes values: through Yams, with lines and columns (a user's files, and
    /// the test of ours), or with Foundation's JSON decoder, as strict but a tenth of the time in a
    /// debug build (ours at run time, which the test has already read the located way).
    enum Reading: Sendable {
        case located, fast
    }

    static let sections = ["quotes", "stories", "story-parts", "chats", "recipes"]
    static let extensions: Set<String> = ["json", "yaml", "yml"]

    /// The library the folder holds. `display` names a file (given its path inside the folder) in messages.
    static func read(_ folder: URL, display: (String) -> String, reading: Reading = .located) throws(ManifestError) -> OfflineLibrary {
        var problems: [Problem] = []
        var library = OfflineLibrary()
        let manager = FileManager.default
        let entries = ((try? manager.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        for entry in entries where !entry.hasPrefix(".") && !sections.contains(entry) {
            let hint = Suggest.closest(to: entry, in: sections).map { "did you mean \($0)/?" } ?? "use \(sections.map { $0 + "/" }.joined(separator: ", "))"
            problems.append(Problem(file: display(entry), path: "", message: "is not a library section; \(hint)"))
        }
        for section in sections where entries.contains(section) {
            let names = ((try? manager.contentsOfDirectory(atPath: folder.appendingPathComponent(section).path)) ?? []).sorted()
            for name in names where !name.hasPrefix(".") {
                let relative = section + "/" + name
                guard extensions.contains((name as NSString).pathExtension.lowercased()) else {
                    problems.append(Problem(file: display(relative), path: "", message: "is not a .json or .yaml file; rename or remove it"))
                    continue
                }
                let url = folder.appendingPathComponent(section).appendingPathComponent(name)
                guard let data = manager.contents(atPath: url.path), let text = String(data: data, encoding: .utf8) else {
                    problems.append(Problem(file: display(relative), path: "", message: "cannot be read as UTF-8 text"))
                    continue
                }
                do throws(ManifestError) {
                    try library.add(section: section, text: text, display: display(relative), reading: reading)
                } catch {
                    problems += error.problems
                }
            }
        }
        problems += library.duplicates(in: display(""))
        guard problems.isEmpty else { throw ManifestError(problems) }
        return library
    }
}

extension OfflineLibrary {
    /// Decodes one file of a section and adds what it holds, in order.
    mutating func add(section: String, text: String, display: String, reading: LibraryFolder.Reading) throws(ManifestError) {
        func decode<T: Decodable>(_ type: T.Type) throws(ManifestError) -> T {
            guard reading == .fast else { return try DataFileDecoder.decode(type, text: text, display: display) }
            do {
                return try JSONDecoder().decode(type, from: Data(text.utf8))
            } catch {
                throw ManifestError([Problem(file: display, path: "", message: "\(error)")])
            }
        }
        switch section {
        case "quotes":
            let file = try decode(QuoteFile.self)
            quotes[file.series, default: []] += file.quotes
        case "stories":
            families.append(try decode(StoryFamily.self))
        case "story-parts":
            let file = try decode(StoryPartsFile.self)
            sharedEpisodes += file.episodes
            goodnights += file.goodnights
        case "chats":
            let file = try decode(ChatScriptFile.self)
            scripts[file.genre, default: []] += file.scripts
        default:
            recipes += try decode(RecipeFile.self).recipes
        }
    }

    /// Entries that would be chosen twice or confused: a quote twice in a series, two settings,
    /// scripts or recipes with one id, two story parts with one id, two recipes with one title.
    func duplicates(in folder: String) -> [Problem] {
        var problems: [Problem] = []
        func check(_ values: [String], _ what: String) {
            var seen = Set<String>()
            for value in values where !seen.insert(value).inserted {
                problems.append(Problem(file: folder, path: "", message: "\(what) \"\(value)\" appears twice; keep one"))
            }
        }
        for series in Series.allCases { check(quotes(for: series).map(\.text), "the \(series.rawValue) quote") }
        check(families.map(\.id), "the story setting id")
        let parts = sharedEpisodes + goodnights + families.flatMap { $0.setups + $0.episodes + $0.troubles.flatMap { [$0.problem, $0.resolution] } }
        check(parts.map(\.id), "the story part id")
        check(Genre.allCases.flatMap(scripts(for:)).map(\.id), "the chat script id")
        check(recipes.map(\.id), "the recipe id")
        check(recipes.map(\.recipe.title), "the recipe title")
        return problems
    }
}
