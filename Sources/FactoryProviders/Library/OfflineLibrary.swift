import FactoryCore
import FactoryKinds
import Foundation

/// The offline writers' content: quotes by series, story settings and the parts for any setting,
/// chat scripts by genre, and recipes. Read from data files, never from code: the bundled
/// `Content/` folder (`shared`, loaded once), merged with a manifest's own `library:` folder
/// (`load(_:manifestFolder:)`). docs/library.md gives the files' format.
public struct OfflineLibrary: Sendable {
    var quotes: [Series: [Quote]] = [:]
    var families: [StoryFamily] = []
    var sharedEpisodes: [StoryPart] = []
    var goodnights: [StoryPart] = []
    var scripts: [Genre: [ChatScript]] = [:]
    var recipes: [LibraryRecipe] = []

    /// The bundled library, read and checked once on first use. Should it not read (a build
    /// without its resources), it is empty and every offline writer says its library is exhausted;
    /// `bundledResult` keeps the reason, and a test keeps it readable.
    public static let shared: OfflineLibrary = (try? bundledResult.get()) ?? OfflineLibrary()

    static let bundledResult: Result<OfflineLibrary, ManifestError> = readBundled(.fast)

    /// Our library from the resource bundle, read `reading`'s way.
    static func readBundled(_ reading: LibraryFolder.Reading) -> Result<OfflineLibrary, ManifestError> {
        guard let folder = Bundle.module.url(forResource: "Content", withExtension: nil) else {
            return .failure(ManifestError([Problem(file: "Content", path: "", message: "the bundled content library is missing from the build")]))
        }
        return Result { () throws(ManifestError) in try LibraryFolder.read(folder, display: { "Content/" + $0 }, reading: reading) }
    }

    /// The library a manifest asks for: ours, merged with or replaced by its `library:` folder.
    /// Throws every problem of the folder's files, located like a manifest's.
    public static func load(_ setting: LibrarySetting?, manifestFolder: URL) throws(ManifestError) -> OfflineLibrary {
        let bundled = try bundledResult.get()
        guard let setting else { return bundled }
        let folder = setting.folder(relativeTo: manifestFolder)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw ManifestError([Problem(file: setting.path, path: "library", message:
                "the library folder \(folder.path) does not exist; create it (see docs/library.md) or fix `library:` in the manifest")])
        }
        let base = setting.path.hasSuffix("/") ? setting.path : setting.path + "/"
        let theirs = try LibraryFolder.read(folder, display: { base + $0 })
        return bundled.combined(with: theirs, mode: setting.mode)
    }

    /// The quotes of a series, in file order.
    func quotes(for series: Series) -> [Quote] { quotes[series] ?? [] }

    /// The scripts of a genre, in file order.
    func scripts(for genre: Genre) -> [ChatScript] { scripts[genre] ?? [] }
}
