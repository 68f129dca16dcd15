import FactoryCore
import Foundation

extension ContentLibrary {
    /// The four kinds' bundled shelves, read once; empty shelves when ours do not read (each
    /// writer then says its library is exhausted, and `StandardLibraryTests` keeps ours readable).
    public static let standard: ContentLibrary = (try? bundled(StandardKinds.registry)) ?? ContentLibrary()
}

extension ContentLibrary {
    /// The four kinds' bundled files read again `reading`'s way, all at once (a test reads them
    /// located, as a user's files are read, to keep every line of ours checked).
    static func readStandard(_ reading: LibraryFolder.Reading) throws(ManifestError) -> ContentLibrary {
        guard let resources = Bundle.module.resourceURL else {
            throw ManifestError([Problem(file: "Content", path: "", message: "the bundled content library is missing from the build")])
        }
        return try LibraryFolder.read(resources, shelves: StandardKinds.registry.libraryShelves, display: { "Content/" + $0 },
                                      reading: reading, othersAllowed: true)
    }
}
