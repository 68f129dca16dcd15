import FactoryCore
import FactoryKinds

/// How a manifest's library meets ours. `merge`: theirs is added after ours, and an entry with
/// the id (or quote text) of one of ours takes its place. `replace`: each section theirs fills —
/// a series' quotes, a genre's scripts, the settings, the episodes, the goodnights, the recipes —
/// is only theirs; sections they leave empty stay ours, so no writer is left with nothing.
extension OfflineLibrary {
    func combined(with theirs: OfflineLibrary, mode: LibrarySetting.Mode) -> OfflineLibrary {
        var out = self
        for series in Series.allCases where !theirs.quotes(for: series).isEmpty {
            out.quotes[series] = Self.combine(quotes(for: series), theirs.quotes(for: series), key: \.text, mode: mode)
        }
        for genre in Genre.allCases where !theirs.scripts(for: genre).isEmpty {
            out.scripts[genre] = Self.combine(scripts(for: genre), theirs.scripts(for: genre), key: \.id, mode: mode)
        }
        out.families = Self.combine(families, theirs.families, key: \.id, mode: mode)
        out.sharedEpisodes = Self.combine(sharedEpisodes, theirs.sharedEpisodes, key: \.id, mode: mode)
        out.goodnights = Self.combine(goodnights, theirs.goodnights, key: \.id, mode: mode)
        out.recipes = Self.combine(recipes, theirs.recipes, key: \.id, mode: mode)
        return out
    }

    /// One section: ours with theirs in place of same-keyed entries and the rest after (merge),
    /// or theirs alone when they have any (replace).
    static func combine<T>(_ ours: [T], _ theirs: [T], key: KeyPath<T, String>, mode: LibrarySetting.Mode) -> [T] {
        guard !theirs.isEmpty else { return ours }
        if mode == .replace { return theirs }
        let byKey = Dictionary(theirs.map { ($0[keyPath: key], $0) }, uniquingKeysWith: { first, _ in first })
        let ourKeys = Set(ours.map { $0[keyPath: key] })
        return ours.map { byKey[$0[keyPath: key]] ?? $0 } + theirs.filter { !ourKeys.contains($0[keyPath: key]) }
    }
}
