import Foundation

/// What the offline writers write from: each kind's shelf (`LibraryShelf`), read from data files,
/// never from code. A kind's bundled files come first (`OfflineWriter.bundled`, read once); a
/// manifest's own `library:` folder is merged with them or replaces them (`load`).
/// docs/library.md gives the files' format.
public struct ContentLibrary: Sendable {
    private var shelves: [ObjectIdentifier: any LibraryShelf] = [:]

    public init() {}

    /// The shelf of one kind; empty when the library has none of it.
    public subscript<Shelf: LibraryShelf>(_ shelf: Shelf.Type) -> Shelf {
        get { shelves[ObjectIdentifier(shelf)] as? Shelf ?? Shelf() }
        set { shelves[ObjectIdentifier(shelf)] = newValue }
    }

    /// Puts a shelf whose type is known only at run time in its place.
    public mutating func place(_ shelf: any LibraryShelf) {
        shelves[ObjectIdentifier(type(of: shelf))] = shelf
    }

    func shelf(_ type: any LibraryShelf.Type) -> (any LibraryShelf)? { shelves[ObjectIdentifier(type)] }

    /// The bundled shelves of every kind in `kinds` that has an offline writer.
    public static func bundled(_ kinds: KindRegistry) throws(ManifestError) -> ContentLibrary {
        var library = ContentLibrary()
        for writer in kinds.descriptors.compactMap(\.offline) {
            if let shelf = try writer.bundled?.get() { library.place(shelf) }
        }
        return library
    }

    /// The library a manifest asks for: the kinds' own, merged with or replaced by its `library:`
    /// folder. Throws every problem of the folder's files, located like a manifest's.
    public static func load(_ setting: LibrarySetting?, manifestFolder: URL, kinds: KindRegistry) throws(ManifestError) -> ContentLibrary {
        let bundled = try bundled(kinds)
        guard let setting else { return bundled }
        let folder = setting.folder(relativeTo: manifestFolder)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw ManifestError([Problem(file: setting.path, path: "library", message:
                "the library folder \(folder.path) does not exist; create it (see docs/library.md) or fix `library:` in the manifest")])
        }
        let base = setting.path.hasSuffix("/") ? setting.path : setting.path + "/"
        let theirs = try LibraryFolder.read(folder, shelves: kinds.libraryShelves, display: { base + $0 })
        return bundled.combined(with: theirs, mode: setting.mode)
    }

    /// Each shelf of ours combined with the same shelf of theirs.
    func combined(with theirs: ContentLibrary, mode: LibrarySetting.Mode) -> ContentLibrary {
        var out = self
        for shelf in theirs.shelves.values { out.place(combining(shelf, mode: mode)) }
        return out
    }

    private func combining<Shelf: LibraryShelf>(_ theirs: Shelf, mode: LibrarySetting.Mode) -> Shelf {
        self[Shelf.self].combined(with: theirs, mode: mode)
    }
}

extension KindRegistry {
    /// The shelves the registered kinds' offline writers read, in registration order.
    public var libraryShelves: [any LibraryShelf.Type] { descriptors.compactMap { $0.offline?.shelf } }
}
