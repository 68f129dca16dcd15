import FactoryCore
import Foundation

extension ContentLibrary {
    /// The standard kinds' bundled shelves, read once; empty shelves when ours do not read (each
    /// writer then says its library is exhausted, and `StandardLibraryTests` keeps ours readable).
    public static let standard: ContentLibrary = (try? bundled(StandardKinds.registry)) ?? ContentLibrary()
}

extension ContentLibrary {
    /// The kinds' bundled files read again `reading`'s way (a test reads them located, as a user's
    /// files are read, to keep every line of ours checked): each shelf from the kind's library
    /// folder that holds its sections.
    static func readStandard(_ reading: LibraryFolder.Reading) throws(ManifestError) -> ContentLibrary {
        let folders = BundledLibrary.folders()
        var library = ContentLibrary()
        for shelf in StandardKinds.registry.libraryShelves {
            let holds = { (folder: URL) in shelf.sections.allSatisfy { FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path) } }
            guard let folder = folders.first(where: holds) else {
                throw ManifestError([Problem(file: "Content/" + shelf.sections.joined(separator: ", "), path: "",
                                             message: "the bundled library section is missing from the build")])
            }
            library.place(try LibraryFolder.bundled(shelf, in: folder, reading: reading).get())
        }
        return library
    }
}
