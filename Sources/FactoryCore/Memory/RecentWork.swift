import Foundation

/// What a series published recently, as a writer is told it: listed in the prompt ("write
/// something clearly different"), and the offline writers pick only library entries that are not
/// near any of it. Part of the brief, so a request that lists it has its own cache key.
public struct RecentWork: Sendable, Equatable {
    /// Lines by field, newest first.
    public var lines: [MemoryField: [String]]
    /// The order the prompt lists the fields in: the order the kind asked for them.
    public private(set) var order: [MemoryField]

    /// `lines` listed in `order` (fields not in it follow by name).
    public init(_ lines: [MemoryField: [String]] = [:], order: [MemoryField] = []) {
        self.lines = lines.filter { !$0.value.isEmpty }
        self.order = order + lines.keys.filter { !order.contains($0) }.sorted { $0.rawValue < $1.rawValue }
    }

    public var isEmpty: Bool { lines.isEmpty }

    /// True when `text` is an exact or near repeat (`RepeatMeasure.nearRepeat`) of a line of `field`.
    public func repeats(_ text: String, as field: MemoryField) -> Bool {
        guard let earlier = lines[field], !earlier.isEmpty else { return false }
        let mine = RepeatMeasure.shingles(text), normal = RepeatMeasure.normalise(text)
        return earlier.contains { RepeatMeasure.normalise($0) == normal || RepeatMeasure.jaccard(mine, RepeatMeasure.shingles($0)) >= RepeatMeasure.nearRepeat }
    }

    /// This list with `text` added under `field` (a refused answer the next ask must avoid too).
    public func adding(_ text: String, as field: MemoryField) -> RecentWork {
        var copy = self
        copy.lines[field, default: []].insert(text, at: 0)
        if !copy.order.contains(field) { copy.order.append(field) }
        return copy
    }

    /// This list with every refused field added.
    public func adding(_ refused: [Remembered]) -> RecentWork {
        refused.reduce(self) { $0.adding($1.text, as: $1.field) }
    }

    /// How many lines are listed in all.
    public var count: Int { lines.values.reduce(0) { $0 + $1.count } }

    /// The prompt's paragraph: every line by field, in a fixed order; "" when there is nothing.
    public var promptSection: String {
        guard !isEmpty else { return "" }
        var out = ["Already published in this series recently; do not repeat or closely echo any of these "
                   + "(write a clearly different one):"]
        for field in order {
            for line in lines[field] ?? [] { out.append("- \(field.rawValue): \(line)") }
        }
        return out.joined(separator: "\n")
    }
}

extension SeriesGuard {
    /// The series' recent lines of `fields`, for a brief.
    public func recentWork(_ fields: [MemoryField]) -> RecentWork {
        RecentWork(Dictionary(uniqueKeysWithValues: fields.map { ($0, recent($0)) }), order: fields)
    }
}
