import Foundation

/// Reads a library folder: one subfolder per section the kinds' shelves name, each holding `.json` (or `.yaml`) files read in name order. Every file is
/// decoded strictly and every problem of every file is reported, each as
/// `file:line:col: path: message`.
public enum LibraryFolder {
    /// How a file's text becomes values: through Yams, with lines and columns (a user's files, and
    /// the test of ours), or with Foundation's JSON decoder, as strict but a tenth of the time in a
    /// debug build (ours at run time, which the test has already read the located way).
    public enum Reading: Sendable {
        case located, fast
    }

    static let extensions: Set<String> = ["json", "yaml", "yml"]

    /// The shelves `folder` fills. An entry that is no section of theirs is a problem, unless
    /// `othersAllowed` (a kind's bundled files share one resource folder with other kinds').
    /// `display` names a file (given its path inside the folder) in messages.
    public static func read(_ folder: URL, shelves: [any LibraryShelf.Type], display: (String) -> String,
                            reading: Reading = .located, othersAllowed: Bool = false) throws(ManifestError) -> ContentLibrary {
        var problems: [Problem] = []
        var library = ContentLibrary()
        let sections = shelves.flatMap { $0.sections }
        let manager = FileManager.default
        let entries = ((try? manager.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        for entry in entries where !othersAllowed && !entry.hasPrefix(".") && !sections.contains(entry) {
            let hint = Suggest.closest(to: entry, in: sections).map { "did you mean \($0)/?" } ?? "use \(sections.map { $0 + "/" }.joined(separator: ", "))"
            problems.append(Problem(file: display(entry), path: "", message: "is not a library section; \(hint)"))
        }
        for shelfType in shelves {
            do throws(ManifestError) {
                library.place(try read(shelfType, in: folder, entries: entries, display: display, reading: reading))
            } catch {
                problems += error.problems
            }
        }
        guard problems.isEmpty else { throw ManifestError(problems) }
        return library
    }

    /// One shelf from its sections of `folder`, with every problem of its files and its duplicates.
    static func read<Shelf: LibraryShelf>(_ type: Shelf.Type, in folder: URL, entries: [String], display: (String) -> String,
                                          reading: Reading) throws(ManifestError) -> Shelf {
        var problems: [Problem] = []
        var shelf = Shelf()
        let manager = FileManager.default
        for section in Shelf.sections where entries.contains(section) {
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
                    try shelf.add(section: section, file: LibraryFile(text: text, display: display(relative), reading: reading))
                } catch {
                    problems += error.problems
                }
            }
        }
        problems += shelf.duplicates(in: display(""))
        guard problems.isEmpty else { throw ManifestError(problems) }
        return shelf
    }

    /// A kind's own shelf from the resource folder its module bundles (every kind's sections side
    /// by side in it): read once by the kind, `fast`, and kept with its problems.
    public static func bundled<Shelf: LibraryShelf>(_ type: Shelf.Type, in resources: URL?,
                                                    reading: Reading = .fast) -> Result<any LibraryShelf, ManifestError> {
        guard let resources else {
            return .failure(ManifestError([Problem(file: Shelf.sections.joined(separator: ", "), path: "",
                                                   message: "the bundled content library is missing from the build")]))
        }
        let entries = ((try? FileManager.default.contentsOfDirectory(atPath: resources.path)) ?? []).sorted()
        if let missing = Shelf.sections.first(where: { !entries.contains($0) }) {
            return .failure(ManifestError([Problem(file: "Content/" + missing, path: "", message: "the bundled library section is missing from the build")]))
        }
        return Result { () throws(ManifestError) -> any LibraryShelf in
            try read(type, in: resources, entries: entries, display: { "Content/" + $0 }, reading: reading)
        }
    }
}
