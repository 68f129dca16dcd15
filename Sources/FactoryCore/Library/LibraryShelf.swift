import Foundation

/// One kind's share of an offline content library: what its writer picks from, read from the
/// sections it names (subfolders of a library folder). A kind names its shelf in its
/// descriptor's `OfflineWriter`; Core reads, merges and checks shelves without knowing what they hold.
public protocol LibraryShelf: Sendable {
    /// The subfolders of a library this shelf reads.
    static var sections: [String] { get }
    /// An empty shelf.
    init()
    /// Adds what one file of `section` holds, in order.
    mutating func add(section: String, file: LibraryFile) throws(ManifestError)
    /// Entries that would be picked twice or be confused, each a problem located in `folder`.
    func duplicates(in folder: String) -> [Problem]
    /// Ours with a manifest's shelf merged in or replacing ours, part by part
    /// (`combine(_:_:key:mode:)` does one part).
    func combined(with theirs: Self, mode: LibrarySetting.Mode) -> Self
}

extension LibraryShelf {
    /// One part of a shelf (one list of entries keyed by id or text). `merge`: theirs is added after ours,
    /// and an entry with the key of one of ours takes its place. `replace`: theirs alone when they
    /// have any; a part they leave empty stays ours, so no writer is left with nothing.
    public static func combine<T>(_ ours: [T], _ theirs: [T], key: KeyPath<T, String>, mode: LibrarySetting.Mode) -> [T] {
        guard !theirs.isEmpty else { return ours }
        if mode == .replace { return theirs }
        let byKey = Dictionary(theirs.map { ($0[keyPath: key], $0) }, uniquingKeysWith: { first, _ in first })
        let ourKeys = Set(ours.map { $0[keyPath: key] })
        return ours.map { byKey[$0[keyPath: key]] ?? $0 } + theirs.filter { !ourKeys.contains($0[keyPath: key]) }
    }

    /// A problem for each value of `values` seen before ("the … id "x" appears twice").
    public static func repeated(_ values: [String], _ what: String, in folder: String) -> [Problem] {
        var seen = Set<String>()
        return values.filter { !seen.insert($0).inserted }.map {
            Problem(file: folder, path: "", message: "\(what) \"\($0)\" appears twice; keep one")
        }
    }
}

/// One file of a library section, ready to decode: strictly, with every problem located.
public struct LibraryFile: Sendable {
    let text: String
    /// The file as messages name it.
    public let display: String
    let reading: LibraryFolder.Reading

    /// The file's value, decoded strictly; a problem names the file, line and column (`located`)
    /// or the file and the decoder's message (`fast`).
    public func decode<T: Decodable>(_ type: T.Type) throws(ManifestError) -> T {
        guard reading == .fast else { return try DataFileDecoder.decode(type, text: text, display: display) }
        do {
            return try JSONDecoder().decode(type, from: Data(text.utf8))
        } catch {
            throw ManifestError([Problem(file: display, path: "", message: "\(error)")])
        }
    }
}
