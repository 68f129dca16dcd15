import Foundation

/// What `estimate` expects the no-repeat rule to cost: each text stage still to be asked may have
/// its answer refused as a repeat and asked again, at most `StructuredWriting.maxAsks - 1` times.
/// The expected number comes from the series' own history (refused answers per published one in
/// the memory's window); with no history it is 0 and only the bound is shown.
public struct ReaskForecast: Sendable, Codable, Equatable {
    /// Text stages the check will judge (not cached, not kept).
    public var textStages: Int
    public var expected: Double
    public var expectedUSD: Double
    public var atMost: Int
    public var atMostUSD: Double
    /// `memory.weeks`.
    public var weeks: Int
    /// Per series: published answers and refused ones in the window, the basis of `expected`.
    public var history: [String: RepeatHistory]

    /// A series' record in the window.
    public struct RepeatHistory: Sendable, Codable, Equatable {
        public var published: Int
        public var refused: Int
    }

    /// One line for the estimate's text output.
    public var summary: String {
        let basis = history.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value.refused)/\($0.value.published)" }.joined(separator: ", ")
        return "re-asks for repeats (memory.weeks \(weeks)): expected \(String(format: "%.1f", expected)) "
            + "(\(EstimateReport.usd(expectedUSD))), at most \(atMost) (\(EstimateReport.usd(atMostUSD))) over \(textStages) text stages"
            + (basis.isEmpty ? "" : "; refused/published so far: \(basis)")
    }
}

extension Runner {
    /// The forecast for `stages`: each first text ask not cached or kept may be asked again.
    func reasks(_ stages: [PlannedStage]) -> ReaskForecast? {
        guard let memory else { return nil }
        let items = Dictionary(manifest.items.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        var forecast = ReaskForecast(textStages: 0, expected: 0, expectedUSD: 0, atMost: 0, atMostUSD: 0, weeks: memory.weeks, history: [:])
        let retries = StructuredWriting.maxAsks - 1
        for stage in stages where stage.stage == .text && (stage.status == .toPay || stage.status == .free) {
            guard let item = items[stage.item] else { continue }
            let rate: RepeatRate
            if let known = forecast.history[item.series] {
                rate = RepeatRate(publications: known.published, rejections: known.refused)
            } else {
                rate = memory.rate(series: item.series)
                forecast.history[item.series] = .init(published: rate.publications, refused: rate.rejections)
            }
            let expected = min(rate.perAnswer, Double(retries))
            forecast.textStages += 1
            forecast.expected += expected
            forecast.expectedUSD += expected * stage.usd
            forecast.atMost += retries
            forecast.atMostUSD += Double(retries) * stage.maxUSD
        }
        return forecast
    }
}
