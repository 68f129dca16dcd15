import Foundation

extension ManifestLoader {
    /// What `factory validate` checks, in one place for the CLI and `factory mcp`: the manifest,
    /// its content library, and the problems that would fail single items (a missing local file).
    /// Throws `ManifestError` with every problem in document order; `FactoryError` when the
    /// library cannot be read at all.
    public static func validate(path: String, kinds: KindRegistry, week: ISOWeek? = nil, clock: RunClock = .now(Date())) throws -> Manifest {
        let loaded = try load(path: path, kinds: kinds, week: week, clock: clock)
        _ = try ContentLibrary.load(loaded.library, manifestFolder: loaded.folder, kinds: kinds)
        let itemProblems = loaded.items.flatMap { loaded.itemProblems[$0.id] ?? [] }
        if !itemProblems.isEmpty { throw ManifestError(itemProblems) }
        return loaded
    }
}
