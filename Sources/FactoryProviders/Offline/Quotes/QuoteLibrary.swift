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

/// The offline quote library: 60 quotes per series, so a year of weekly posters never repeats.
/// Attributions are given only where the wording and source are well established.
enum QuoteLibrary {
    static func quotes(for series: Series) -> [Quote] {
        switch series {
        case .mondayMotivation: mondayMotivation
        case .tuesdayThoughts: tuesdayThoughts
        case .wednesdayWisdom: wednesdayWisdom
        case .thursdayTherapy: thursdayTherapy
        case .fridayReflection: fridayReflection
        case .weekendWellness: weekendWellness
        case .dailyAffirmation: dailyAffirmation
        case .mindfulMoment: mindfulMoment
        }
    }

    /// The quote for a week: a per-series shuffle of the library (fixed by the series and the
    /// year), walked one step per ISO week, so no quote repeats within a year; `offset` picks
    /// another quote for a regeneration.
    static func pick(series: Series, week: ISOWeek, offset: Int = 0) -> Quote {
        let all = quotes(for: series)
        var order = Array(all.indices)
        var rng = SeededRandom(seed: Seed.from(series.rawValue, String(week.year)))
        order.shuffle(using: &rng)
        return all[order[(week.week - 1 + offset) % order.count]]
    }
}
