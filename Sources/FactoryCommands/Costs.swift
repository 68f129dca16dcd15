import ArgumentParser
import FactoryCore
import Foundation

extension FactoryCommand {
    /// `factory costs`: what the ledger says was spent, grouped, against the caps.
    struct Costs: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show what was spent, from the ledger (<state>/ledger.sqlite).",
            discussion: "Counts settled calls at their actual cost; calls in flight when a run was killed are listed as uncertain.")

        @Argument(help: "The manifest (its output folder locates the state; its budget gives the caps). Optional with --state.")
        var manifest: String?

        @Option(help: "The state folder holding ledger.sqlite (default <output>/.factory or $FACTORY_STATE).")
        var state: String?

        @Option(help: "Write bundles under DIR instead of the manifest's `output:` (locates <DIR>/.factory).")
        var output: String?

        @Option(help: "Only calls on or after this day (YYYY-MM-DD, the manifest's timezone).")
        var since: String?

        @Option(help: "Group by day, week, provider, model, item or stage.")
        var by: String = "day"

        @Flag(help: "Print JSON.")
        var json = false

        @Flag(help: "Print CSV.")
        var csv = false

        func run() async throws {
            guard let grouping = Ledger.Grouping(rawValue: by) else {
                printError("--by \(by): use one of \(Ledger.Grouping.allCases.map(\.rawValue).joined(separator: ", "))")
                throw ExitCode(2)
            }
            if let since, since.range(of: #"^\d{4}-\d{2}-\d{2}$"#, options: .regularExpression) == nil {
                printError("--since \(since): use a day like 2026-11-23")
                throw ExitCode(2)
            }
            var budget: Budget?
            let folder: URL
            if let manifest {
                let options = try ManifestOptions.parse([manifest] + (output.map { ["--output", $0] } ?? []) + (state.map { ["--state", $0] } ?? []))
                let loaded = try options.loadManifest()
                budget = loaded.budget
                folder = options.stateFolder(loaded)
            } else if let path = state ?? ProcessInfo.processInfo.environment["FACTORY_STATE"] {
                folder = URL(fileURLWithPath: path)
            } else {
                printError("give a manifest or --state DIR to find the ledger")
                throw ExitCode(2)
            }
            let path = folder.appendingPathComponent("ledger.sqlite")
            guard FileManager.default.fileExists(atPath: path.path) else {
                printError("no ledger at \(path.path): nothing has been spent with this state folder yet")
                throw ExitCode(1)
            }
            let ledger = try Ledger(path: path)
            let rows = try ledger.summary(by: grouping, since: since)
            let total = rows.reduce(0) { $0 + $1.actualUSD }
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
                encoder.keyEncodingStrategy = .convertToSnakeCase
                struct Output: Encodable { var by: String; var rows: [Ledger.SummaryRow]; var totalUSD: Double; var dailyCapUSD: Double?; var weeklyCapUSD: Double? }
                print(String(decoding: try encoder.encode(Output(by: by, rows: rows, totalUSD: total, dailyCapUSD: budget?.dailyUSD, weeklyCapUSD: budget?.weeklyUSD)), as: UTF8.self))
                return
            }
            if csv {
                print("\(by),calls,estimate_usd,actual_usd,uncertain_calls,uncertain_usd")
                for row in rows {
                    print("\(row.key),\(row.calls),\(fmt(row.estimateUSD)),\(fmt(row.actualUSD)),\(row.uncertain),\(fmt(row.uncertainUSD))")
                }
                return
            }
            let width = max(by.count, rows.map(\.key.count).max() ?? 0)
            print(by.padding(toLength: width, withPad: " ", startingAt: 0) + "  calls   estimate     actual")
            for row in rows {
                var line = row.key.padding(toLength: width, withPad: " ", startingAt: 0)
                    + String(format: "  %5d  %9.4f  %9.4f", row.calls, row.estimateUSD, row.actualUSD)
                if row.uncertain > 0 { line += String(format: "  (+%d uncertain, up to $%.4f)", row.uncertain, row.uncertainUSD) }
                print(line)
            }
            print("total".padding(toLength: width, withPad: " ", startingAt: 0) + String(format: "  %5d  %9.4f  %9.4f",
                  rows.reduce(0) { $0 + $1.calls }, rows.reduce(0) { $0 + $1.estimateUSD }, total))
            if let budget {
                print(String(format: "caps: $%.2f a day, $%.2f a week", budget.dailyUSD, budget.weeklyUSD))
            }
        }

        func fmt(_ value: Double) -> String { String(format: "%.6f", value) }
    }
}
