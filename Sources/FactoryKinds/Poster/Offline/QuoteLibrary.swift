import FactoryCore

/// A curated quote and who said it ("" for the brand's own lines).
struct Quote: Sendable, Equatable {
    let text: String
    let author: String
    init(_ text: String, _ author: String) {
        self.text = text
        self.author = author
    }
}

/// The offline quote library: the bundled `quotes/` files hold 60 quotes per series, so a year of
/// weekly posters never repeats (attributions only where the wording and source are well
/// established); a manifest's own library adds to them or replaces them.
enum QuoteLibrary {
    static func quotes(for series: Series, in library: ContentLibrary) -> [Quote] {
        library.quotes(for: series)
    }

    /// The quote for a week: a per-series shuffle of the library (fixed by the series and the
    /// year), walked one step per ISO week, so no quote repeats within a year; `offset` picks
    /// another quote for a regeneration. Quotes the series used recently (`avoid`: the content
    /// memory's window, and answers refused in this run) are stepped over; nil when every quote
    /// of the series is among them (the library is exhausted).
    static func pick(series: Series, week: ISOWeek, offset: Int = 0, avoid: RecentWork = RecentWork(),
                     in library: ContentLibrary) -> Quote? {
        let all = quotes(for: series, in: library)
        var order = Array(all.indices)
        var rng = SeededRandom(seed: Seed.from(series.rawValue, String(week.year)))
        order.shuffle(using: &rng)
        for step in 0..<order.count {
            let quote = all[order[(week.week - 1 + offset + step) % order.count]]
            if !avoid.repeats(quote.text, as: .quote) { return quote }
        }
        return nil
    }
}
