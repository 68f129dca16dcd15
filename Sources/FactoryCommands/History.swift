import ArgumentParser
import FactoryCore
import FactoryKinds
import Foundation

extension FactoryCommand {
    /// `factory history`: what the content memory says was published, by week and item.
    struct History: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List what was published (quotes, titles, premises, casts, image prompts), with the week and the item.",
            discussion: """
            Reads the content memory in <state>/ledger.sqlite (the manifest's output folder locates it, or --output, \\
            --state, $FACTORY_STATE). Every publication is listed, regenerations as further versions (v2, v3…). \\
            --series takes a series a kind remembers its work under: a poster series (monday-motivation …) or another \\
            kind's name (--help lists them all). \\
            --weeks N lists the last N weeks up to the current one (the manifest's week, or today's) and anything later. \
            --database URL (or FACTORY_DATABASE_URL) reads a cluster's content memory in PostgreSQL.
            Exit codes: 0 listed; 1 no ledger yet; 2 bad arguments or manifest; 75 the ledger or the database cannot be read.
            """)

        @Argument(help: "The manifest (its output folder locates the state). Optional with --output or --state.")
        var manifest: String?

        @Option(help: "The state folder holding ledger.sqlite (default <output>/.factory or $FACTORY_STATE).")
        var state: String?

        @Option(help: "The output folder (locates <DIR>/.factory).")
        var output: String?

        @Option(help: ArgumentHelp("Only this series: \(ProcessRoot.current.kinds.memorySeries.joined(separator: ", ")).",
                                   valueName: "series"))
        var series: String?

        @Option(help: "Only the last N weeks (up to the current week, and later ones).")
        var weeks: Int?

        @Flag(help: "Print JSON.")
        var json = false

        @OptionGroup var cluster: ClusterOptions

        func run() async throws {
            if let weeks, weeks < 1 { throw failure("--weeks \(weeks): give a number of weeks, 1 or more") }
            // Each kind says which series it is remembered under (a poster's eight, else its name).
            let names = ProcessRoot.current.kinds.memorySeries
            if let series, !names.contains(series) {
                throw failure("--series \(series): not a series; use one of \(names.joined(separator: ", "))")
            }
            let current: ISOWeek
            var folder: URL?
            if let manifest {
                let location = ManifestLocation(manifest: manifest, output: output, state: state)
                let loaded = try location.loadManifest()
                folder = location.stateFolder(loaded)
                current = loaded.week
            } else if let path = state ?? ProcessInfo.processInfo.environment["FACTORY_STATE"] {
                folder = URL(fileURLWithPath: path)
                current = try Self.today()
            } else if let output {
                folder = URL(fileURLWithPath: output).appendingPathComponent(".factory")
                current = try Self.today()
            } else if try cluster.url() != nil {
                current = try Self.today()
            } else {
                throw failure("give a manifest, --output DIR or --state DIR to find the content memory")
            }
            let from = weeks.map { current.adding(weeks: -($0 - 1)).description }
            let stores = try await cluster.stores(state: folder, output: output.map { URL(fileURLWithPath: $0) }, manifest: nil,
                                                  access: .read, patience: 30)
            let entries = try await stores.with { stores in
                guard !stores.isEmpty else {
                    printError("no ledger at \(stores.location): nothing has been published with this state folder yet")
                    throw ExitCode(1)
                }
                do {
                    return try await stores.memory.history(series: series, from: from, to: nil)
                } catch {
                    printError(Secrets.redact("cannot read the content memory \(stores.location): \(error)"))
                    throw ExitCode(75)
                }
            }
            let text = json ? try HistoryReport.json(entries) : HistoryReport.text(entries, from: from)
            FileHandle.standardOutput.write(Data(text.utf8))
        }

        /// This week in UTC (or $FACTORY_TODAY's), for `--weeks` without a manifest.
        static func today() throws -> ISOWeek {
            let utc = TimeZone(identifier: "UTC") ?? .current
            do {
                return ISOWeek.containing(try ManifestLocation.clock().moment(in: utc), in: utc)
            } catch {
                throw failure("\(error)")
            }
        }
    }
}
