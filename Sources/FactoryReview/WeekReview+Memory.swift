import FactoryCore
import Foundation

extension WeekReview {
    /// The week with each item marked where what it published is close to what its series
    /// published in another week of the window (`RepeatMeasure.close` and up), a fixed text that
    /// repeats one (allowed, noted), or an image made from the same prompt and seed as an earlier one.
    /// `fields` (the registry's `memoryFields`) say which of the stored fields may not repeat.
    public func marked(memory: any ContentMemory, weeks: Int, fields: [MemoryField]) async -> WeekReview {
        guard let week = ISOWeek(self.week), let stored = try? await memory.history(series: nil, from: self.week, to: self.week) else { return self }
        let mine = stored.map { $0.resolved(in: fields) }
        let from = week.adding(weeks: -weeks).description, to = week.adding(weeks: weeks).description
        var copy = self
        var bySeries: [String: [MemoryEntry]] = [:]
        for index in copy.entries.indices {
            let id = copy.entries[index].id
            let versions = mine.filter { $0.item == id }
            guard let latest = versions.map(\.version).max() else { continue }
            let published = versions.filter { $0.version == latest }
            guard let series = published.first?.series else { continue }
            if bySeries[series] == nil { bySeries[series] = (try? await memory.published(series: series, from: from, to: to)) ?? [] }
            let earlier = (bySeries[series] ?? []).filter { $0.week != self.week }
            copy.entries[index].repeats = Self.marks(published, earlier: earlier)
        }
        return copy
    }

    /// One line per field close to an earlier week's.
    static func marks(_ published: [MemoryEntry], earlier: [MemoryEntry]) -> [String] {
        var marks: [String] = []
        for entry in published {
            if entry.field.checked {
                let same = earlier.lazy.filter { $0.field == entry.field }
                guard let (match, score) = RepeatMeasure.closest(to: entry.text, in: same, threshold: RepeatMeasure.close) else { continue }
                let how = entry.fixed ? "repeats (fixed in the manifest, allowed)" : score >= RepeatMeasure.nearRepeat ? "repeats" : "is close to"
                marks.append("\(entry.field.rawValue) \(how) \(match.week) \(match.item) (\(String(format: "%.2f", score))): \"\(match.text)\"")
            } else if entry.field == .imagePrompt, let seed = entry.seed,
                      let match = earlier.first(where: { $0.field == .imagePrompt && $0.seed == seed && $0.text == entry.text }) {
                marks.append("image repeats \(match.week) \(match.item): the same prompt and seed \(seed)")
            }
        }
        return marks
    }
}
