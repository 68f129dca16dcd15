import ArgumentParser
import FactoryCore
import Foundation

extension FactoryCommand {
    /// `factory costs`: what the ledger says was spent, grouped, or one week against the caps.
    struct Costs: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show what was spent, from the ledger (<state>/ledger.sqlite).",
            discussion: """
            Counts settled calls at their actual cost; calls in flight when a run was killed are listed as uncertain.
            --by groups by day, week, provider, model, item or stage, or several at once (--by day,provider).
            --week YYYY-Www shows that week's days against the manifest's daily cap and the week against its weekly cap.
            --csv and --json print stable columns and fields (see docs/cost-and-resume.md).
            --database URL (or FACTORY_DATABASE_URL) reads the cluster's ledger in PostgreSQL: every worker's calls.
            Exit codes: 0 printed; 1 no ledger yet; 2 bad arguments or manifest; 75 the database cannot be reached.
            """)

        @Argument(help: "The manifest (its output folder locates the state; its budget gives the caps). Optional with --state.")
        var manifest: String?

        @Option(help: "The state folder holding ledger.sqlite (default <output>/.factory or $FACTORY_STATE).")
        var state: String?

        @Option(help: "Write bundles under DIR instead of the manifest's `output:` (locates <DIR>/.factory).")
        var output: String?

        @Option(help: "Only calls on or after this day (YYYY-MM-DD, the manifest's timezone).")
        var since: String?

        @Option(help: "Group by day, week, provider, model, item or stage; combine with commas (day,provider). Default: day.")
        var by: String?

        @Option(help: "Show one week (YYYY-Www, the manifest's `week:`) day by day against the caps.")
        var week: String?

        @Flag(help: "Print JSON.")
        var json = false

        @Flag(help: "Print CSV (RFC 4180, header row first).")
        var csv = false

        @OptionGroup var cluster: ClusterOptions

        func run() async throws {
            let groupings = try parseGroupings()
            try checkArguments()
            var budget: Budget?
            var folder: URL?
            if let manifest {
                let options = ManifestLocation(manifest: manifest, output: output, state: state)
                let loaded = try options.loadManifest()
                budget = loaded.budget
                folder = options.stateFolder(loaded)
            } else if let path = state ?? ProcessInfo.processInfo.environment["FACTORY_STATE"] {
                folder = URL(fileURLWithPath: path)
            } else if let output {
                // As `run` finds it: <output>/.factory.
                folder = URL(fileURLWithPath: output).appendingPathComponent(".factory")
            } else if try cluster.url() == nil {
                printError("give a manifest, --output DIR or --state DIR to find the ledger")
                throw ExitCode(2)
            }
            let stores = try await cluster.stores(state: folder, output: output.map { URL(fileURLWithPath: $0) }, manifest: nil,
                                                  access: .read, patience: 30)
            let text = try await stores.with { stores in
                guard let ledger = stores.reports else {
                    printError("no ledger at \(stores.location): nothing has been spent with this state folder yet")
                    throw ExitCode(1)
                }
                if let week = week.flatMap(ISOWeek.init)?.description {
                    let costs = WeekCosts(week: week, days: try await ledger.weekSpend(week), budget: budget)
                    return json ? try CostsOutput.weekJSON(costs) : csv ? CostsOutput.weekCSV(costs) : CostsOutput.weekText(costs)
                }
                let rows = try await ledger.summary(by: groupings, since: since)
                return json ? try CostsOutput.groupedJSON(groupings, since: since, rows: rows, budget: budget)
                    : csv ? CostsOutput.groupedCSV(groupings, rows: rows) : CostsOutput.groupedText(groupings, rows: rows, budget: budget)
            }
            FileHandle.standardOutput.write(Data(text.utf8))
        }

        func parseGroupings() throws -> [Ledger.Grouping] {
            let names = (by ?? "day").split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            var groupings: [Ledger.Grouping] = []
            for name in names {
                guard let grouping = Ledger.Grouping(rawValue: name.lowercased()) else {
                    printError("--by \(by ?? ""): \"\(name)\" is not a grouping; use one or more of "
                               + Ledger.Grouping.allCases.map(\.rawValue).joined(separator: ", ") + ", separated by commas")
                    throw ExitCode(2)
                }
                guard !groupings.contains(grouping) else {
                    printError("--by \(by ?? ""): \(name) is named twice")
                    throw ExitCode(2)
                }
                groupings.append(grouping)
            }
            return groupings
        }

        func checkArguments() throws {
            if json && csv {
                printError("--json and --csv: choose one")
                throw ExitCode(2)
            }
            if let since, !Self.isDay(since) {
                printError("--since \(since): not a day; write it like 2026-11-23")
                throw ExitCode(2)
            }
            if let week {
                guard let parsed = ISOWeek(week), parsed.description == week.uppercased() else {
                    printError("--week \(week): not an ISO week; write it like 2026-W48")
                    throw ExitCode(2)
                }
                if by != nil || since != nil {
                    printError("--week shows one whole week day by day; leave out \(by != nil ? "--by" : "--since")")
                    throw ExitCode(2)
                }
            }
        }

        /// A real calendar day written YYYY-MM-DD (2026-02-30 is not one).
        static func isDay(_ text: String) -> Bool {
            guard text.range(of: #"^\d{4}-\d{2}-\d{2}$"#, options: .regularExpression) != nil else { return false }
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = "yyyy-MM-dd"
            formatter.isLenient = false
            return formatter.date(from: text).map { formatter.string(from: $0) == text } ?? false
        }
    }
}
