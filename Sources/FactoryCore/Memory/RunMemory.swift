import Foundation
import Synchronization

/// The content memory as one run sees it: the window of weeks around the run's week, what each
/// series published in it (read once per series), and what this run has accepted so far, so two
/// items of a series made in the same run do not repeat each other either.
public final class RunMemory: Sendable {
    public let store: any ContentMemory
    public let week: ISOWeek
    /// `memory.weeks`: how far back (and forward, for a week made late) a repeat counts.
    public let weeks: Int
    public let runId: String
    /// `regenerate --stage text`: the item's own earlier versions of this week count as repeats
    /// too (a regeneration asks for something new). A plain run does not: its cached answer is its own.
    public let includeOwn: Bool
    /// What each series published in the window, read once when the run opens the memory (the
    /// prompts list it, so a rerun of the week sends the same prompts and hits the cache).
    private let loaded: [String: [MemoryEntry]]
    /// Publications and refused repeats by series in the window, for the estimate's re-asks.
    private let rates: [String: RepeatRate]
    /// Checked fields accepted by this run, by series.
    private let claimed = Mutex<[String: [MemoryEntry]]>([:])

    private init(store: any ContentMemory, week: ISOWeek, weeks: Int, runId: String, includeOwn: Bool,
                 loaded: [String: [MemoryEntry]], rates: [String: RepeatRate]) {
        self.store = store
        self.week = week
        self.weeks = weeks
        self.runId = runId
        self.includeOwn = includeOwn
        self.loaded = loaded
        self.rates = rates
    }

    /// Opens the memory for a run of `week`: what every series published in the window, in one
    /// read, each entry's field resolved against `fields` (the registry's `memoryFields`, which
    /// say what may not repeat). Answers accepted later are checked against it, against this run's
    /// own, and (in a cluster) against what other workers claim meanwhile (`ContentMemory.claim`).
    public static func open(store: any ContentMemory, week: ISOWeek, weeks: Int, runId: String, fields: [MemoryField],
                            includeOwn: Bool = false) async throws -> RunMemory {
        let from = week.adding(weeks: -weeks).description, to = week.adding(weeks: weeks).description
        let entries = try await store.history(series: nil, from: from, to: to).map { $0.resolved(in: fields) }
        let loaded = Dictionary(grouping: entries, by: \.series)
        let checked = fields.filter(\.checked)
        var rates: [String: RepeatRate] = [:]
        for series in loaded.keys { rates[series] = try await store.repeatRate(series: series, from: from, to: to, checked: checked) }
        return RunMemory(store: store, week: week, weeks: weeks, runId: runId, includeOwn: includeOwn, loaded: loaded, rates: rates)
    }

    /// The first and last week a repeat counts in.
    public var window: (from: String, to: String) {
        (week.adding(weeks: -weeks).description, week.adding(weeks: weeks).description)
    }

    /// What `series` published in the window when the run opened the memory.
    public func published(series: String) -> [MemoryEntry] { loaded[series] ?? [] }

    /// Publications and refused repeats of `series` in the window (none when it published nothing).
    public func rate(series: String) -> RepeatRate { rates[series] ?? RepeatRate(publications: 0, rejections: 0) }

    /// The item's view: what its series used, and the check of its answers.
    public func guarding(item: Item) -> SeriesGuard { SeriesGuard(memory: self, series: item.series, kind: item.kind, item: item.id) }

    /// Entries another item (or another week) published that `item`'s answers may not repeat.
    func others(series: String, item: String) -> [MemoryEntry] {
        let stored = published(series: series).filter { $0.field.checked && (includeOwn || !($0.week == week.description && $0.item == item)) }
        let run = claimed.withLock { $0[series] ?? [] }.filter { $0.item != item }
        return stored + run
    }

    /// Checks `fields` against the series and, when none repeats, claims them for this run in the
    /// same step (two items checked at once cannot both take the same line); then claims them in
    /// the store, which refuses what another process published or claimed meanwhile.
    func accept(_ fields: [Remembered], series: String, kind: Kind, item: String) async throws -> RepeatFinding? {
        let stored = published(series: series).filter { $0.field.checked && (includeOwn || !($0.week == week.description && $0.item == item)) }
        let local: RepeatFinding? = claimed.withLock { claims in
            let earlier = stored + (claims[series] ?? []).filter { $0.item != item }
            for field in fields where field.field.checked && !field.fixed {
                let sameField = earlier.lazy.filter { $0.field == field.field }
                if let (entry, score) = RepeatMeasure.closest(to: field.text, in: sameField) {
                    return RepeatFinding(field: field.field, text: field.text, earlier: entry, similarity: score)
                }
            }
            for field in fields where field.field.checked {
                claims[series, default: []].append(MemoryEntry(series: series, kind: kind, week: week.description, item: item,
                                                               version: 0, field: field.field, text: field.text, fixed: field.fixed))
            }
            return nil
        }
        if let local { return local }
        let (from, to) = window
        let shared = try await store.claim(ContentClaim(series: series, week: week.description, item: item, runId: runId, from: from,
                                                        to: to, includeOwn: includeOwn, fields: fields.filter { $0.field.checked }))
        if shared != nil {
            // Another worker holds it: this run's claim goes, so the next answer is judged afresh.
            claimed.withLock { claims in
                claims[series]?.removeAll { $0.item == item && fields.map(\.text).contains($0.text) }
            }
        }
        return shared
    }

    /// Records a published bundle, and says how it stands against earlier weeks: a fixed text that
    /// repeats one (allowed, noted) or a written one close to one (below the refusal threshold).
    @discardableResult
    public func record(item: Item, entries: [Remembered]) async throws -> [String] {
        guard !entries.isEmpty else { return [] }
        let notes = notes(item: item, entries: entries)
        try await store.record(Publication(series: item.series, kind: item.kind, week: week.description, item: item.id,
                                           runId: runId, entries: entries))
        return notes
    }

    func notes(item: Item, entries: [Remembered]) -> [String] {
        let earlier = published(series: item.series).filter { !($0.week == week.description && $0.item == item.id) }
        var notes: [String] = []
        for entry in entries where entry.field.checked {
            let same = earlier.lazy.filter { $0.field == entry.field }
            guard let (match, score) = RepeatMeasure.closest(to: entry.text, in: same, threshold: RepeatMeasure.close) else { continue }
            let whereFrom = "\(match.week) \(match.item)"
            if entry.fixed {
                notes.append("allowed repeat: the \(entry.field.rawValue) \"\(entry.text)\" is fixed in the manifest and repeats "
                             + "\(whereFrom) (similarity \(String(format: "%.2f", score)))")
            } else {
                notes.append("close to \(whereFrom): \(entry.field.rawValue) \"\(entry.text)\" ~ \"\(match.text)\" "
                             + "(similarity \(String(format: "%.2f", score)), refused from \(RepeatMeasure.nearRepeat))")
            }
        }
        return notes
    }
}

/// One item's view of the memory: what its series used recently, for the prompt, and the check
/// of an answer against everything the series published in the window.
public struct SeriesGuard: Sendable {
    public let memory: RunMemory
    public let series: String
    public let kind: Kind
    public let item: String

    /// How many recent lines a prompt lists per field (the newest first): the default window (12
    /// weeks back) of a series with up to five items a week, so the offline libraries, which pick
    /// from this list, see all of it; about 1,500 input tokens of quotes at most for a live model.
    public static let promptLimit = 60

    /// What the series published in other weeks of the window, newest week first, without
    /// duplicates: stable within a week, so a rerun of the week sends the same prompt (and hits the cache).
    public func recent(_ field: MemoryField, limit: Int = SeriesGuard.promptLimit) -> [String] {
        let mine = memory.week.description
        let entries = memory.published(series: series)
        var seen = Set<String>(), out: [String] = []
        for entry in entries.filter({ $0.field == field && $0.week != mine }).sorted(by: { ($0.week, $0.item) > ($1.week, $1.item) })
        where seen.insert(RepeatMeasure.normalise(entry.text)).inserted {
            out.append(entry.text)
            if out.count == limit { break }
        }
        return out
    }

    /// Everything a repeat is judged against (other weeks, other items of this week, this run's claims).
    public func earlier() -> [MemoryEntry] { memory.others(series: series, item: item) }

    /// nil when no checked field repeats (the fields are then claimed for this run); else the
    /// repeat, recorded as a refusal at `stage`.
    public func check(_ fields: [Remembered], stage: StageName) async throws -> RepeatFinding? {
        guard let finding = try await memory.accept(fields, series: series, kind: kind, item: item) else { return nil }
        try? await memory.store.recordRejection(RepeatRejection(series: series, week: memory.week.description, item: item, stage: stage,
                                                          field: finding.field, text: finding.text, earlierWeek: finding.earlier.week,
                                                          earlierItem: finding.earlier.item, similarity: finding.similarity))
        return finding
    }
}

/// An answer's field that repeats an earlier one.
public struct RepeatFinding: Sendable, Equatable, CustomStringConvertible {
    public var field: MemoryField
    public var text: String
    public var earlier: MemoryEntry
    public var similarity: Double

    public init(field: MemoryField, text: String, earlier: MemoryEntry, similarity: Double) {
        self.field = field
        self.text = text
        self.earlier = earlier
        self.similarity = similarity
    }

    public var description: String {
        let how = similarity >= 0.999 ? "repeats" : String(format: "nearly repeats (similarity %.2f)", similarity)
        return "the \(field.rawValue) \"\(text)\" \(how) \"\(earlier.text)\", published in \(earlier.week) by \(earlier.item); "
            + "write a different \(field.rawValue)"
    }
}

extension Item {
    /// The series an item's content belongs to in the memory: its kind's own (`KindSpec.memorySeries`), else its kind.
    public var series: String { content.memorySeries ?? kind.rawValue }
}
