import FactoryCore
import Foundation

/// Reads a library folder: `quotes/`, `stories/`, `story-parts/`, `chats/` and `recipes/`, each
/// holding `.json` (or `.yaml`) files read in name order. Every file is decoded strictly and
/// every problem of every file is reported, each as `file:line:col: path: message`.
enum LibraryFolder {
    static let sections = ["quotes", "stories", "story-parts", "chats", "recipes"]
    static let extensions: Set<String> = ["json", "yaml", "yml"]

    /// The library the folder holds. `display` names a file (given its path inside the folder) in messages.
    static func read(_ folder: URL, display: (String) -> String) throws(ManifestError) -> OfflineLibrary {
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
                    try library.add(section: section, text: text, display: display(relative))
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
    mutating func add(section: String, text: String, display: String) throws(ManifestError) {
        switch section {
        case "quotes":
            let file = try DataFileDecoder.decode(QuoteFile.self, text: text, display: display)
            quotes[file.series, default: []] += file.quotes
        case "stories":
            families.append(try DataFileDecoder.decode(StoryFamily.self, text: text, display: display))
        case "story-parts":
            let file = try DataFileDecoder.decode(StoryPartsFile.self, text: text, display: display)
            sharedEpisodes += file.episodes
            goodnights += file.goodnights
        case "chats":
            let file = try DataFileDecoder.decode(ChatScriptFile.self, text: text, display: display)
            scripts[file.genre, default: []] += file.scripts
        default:
            recipes += try DataFileDecoder.decode(RecipeFile.self, text: text, display: display).recipes
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
