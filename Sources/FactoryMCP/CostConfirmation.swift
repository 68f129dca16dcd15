/// The rule for paid tools: nothing is made unless the caller named a cost at least the estimate.
/// The estimate is shown to 4 decimals, so a confirmation of the shown figure is enough even when
/// the exact one is a little higher.
enum CostConfirmation {
    static let shownPrecision = 0.00005

    /// nil when the run may go ahead; otherwise why it does not.
    static func refusal(confirmed: Double?, estimateUSD: Double) -> String? {
        let shown = EstimateText.usd(estimateUSD)
        guard let confirmed else {
            return "nothing was made: this costs about \(shown); call again with confirm_cost_usd of at least \(shown) to go ahead"
        }
        guard confirmed.isFinite, confirmed >= 0 else { return "confirm_cost_usd must be a cost in USD, 0 or more" }
        if confirmed + shownPrecision < estimateUSD {
            return "nothing was made: confirm_cost_usd \(EstimateText.usd(confirmed)) is below the estimate \(shown); "
                + "call again with at least \(shown) to go ahead"
        }
        return nil
    }
}

/// Dollar amounts as the CLI prints them.
enum EstimateText {
    static func usd(_ value: Double) -> String {
        let units = Int((abs(value) * 10_000).rounded())
        let fraction = String(units % 10_000)
        return (value < 0 ? "-$" : "$") + "\(units / 10_000)." + String(repeating: "0", count: 4 - fraction.count) + fraction
    }
}
