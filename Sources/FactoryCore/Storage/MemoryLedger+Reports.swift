import Foundation

/// The twin's spending tables, by the SQLite ledger's rules: settled calls at their cost,
/// uncertain ones counted apart, released ones left out; a week's days with what they hold.
extension MemoryLedger: LedgerReports {
    public func summary(by groupings: [Ledger.Grouping], since: String?) throws -> [Ledger.SummaryRow] {
        var groups: [[String]: Ledger.SummaryRow] = [:]
        for (_, row) in allRows() where row.state == .settled || row.state == .uncertain {
            let r = row.reservation
            if let since, r.day < since { continue }
            let keys = groupings.isEmpty ? ["all"] : groupings.map { grouping -> String in
                switch grouping {
                case .day: r.day
                case .week: r.week
                case .provider: r.provider.rawValue
                case .model: r.model
                case .item: r.item
                case .stage: r.stage.rawValue
                }
            }
            var group = groups[keys] ?? Ledger.SummaryRow(keys: keys, calls: 0, estimateUSD: 0, actualUSD: 0, uncertain: 0, uncertainUSD: 0)
            if row.state == .settled {
                group.calls += 1
                group.estimateUSD += r.estimate.usd
                group.actualUSD += row.actualUSD ?? 0
            } else {
                group.uncertain += 1
                group.uncertainUSD += row.reservedUSD
            }
            groups[keys] = group
        }
        return groups.values.sorted { $0.keys.lexicographicallyPrecedes($1.keys) }
    }

    public func weekSpend(_ week: String) throws -> [Ledger.DaySpend] {
        let rows = allRows()
        var days: [String: Ledger.DaySpend] = [:]
        for (_, row) in rows where row.reservation.week == week && row.state != .released {
            let day = row.reservation.day
            var spend = days[day] ?? Ledger.DaySpend(day: day, calls: 0, spentUSD: 0, heldUSD: 0, dayTotalUSD: 0)
            if row.state == .settled {
                spend.calls += 1
                spend.spentUSD += row.actualUSD ?? 0
            } else {
                spend.heldUSD += row.reservedUSD
            }
            days[day] = spend
        }
        return days.values.sorted { $0.day < $1.day }.map { spend in
            var spend = spend
            spend.dayTotalUSD = rows.filter { $0.1.reservation.day == spend.day }
                .reduce(0) { $0 + $1.1.state.committed(reservedUSD: $1.1.reservedUSD, actualUSD: $1.1.actualUSD) }
            return spend
        }
    }
}
