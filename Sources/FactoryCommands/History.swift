import ArgumentParser
import FactoryCluster
import FactoryCore
import Foundation

extension FactoryCommand {
    /// `factory history`: what the content memory says was published, by week and item.
    struct History: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List what was published (quotes, titles, premises, casts, image prompts), with the week and the item.",
            discussion: """
            Reads the content memory in <state>/ledger.sqlite (the manifest's output folder locates it, or --output, \\
            --state, $FACTORY_STATE). Every publication is listed, regenerations as further versions (v2, v3…). \\
            --series takes a poster series (monday-motivation …) or a kind (chat-story, recipe-video, bedtime-story). \\
            --weeks N lists the last N weeks up to the current one (the manifest's week, or today's) and anything later. \
            --database URL (or FACTORY_DATABASE_URL) reads a cluster's content memory in PostgreSQL.
            Exit codes: 0 listed; 1 no ledger yet; 2 bad arguments or manifest.
            """)

        @Argument(help: "The manifest (its output folder locates the state). Optional with --output or --state.")
        var manifest: String?

        @Option(help: "The state folder holding ledger.sqlite (default <output>/.factory or $FACTORY_STATE).")
        var state: String?

        @Option(help: "The output folder (locates <DIR>/.factory).")
        var output: String?

        @Option(help: "Only this series: a poster series or a kind (chat-story, recipe-video, bedtime-story).")
        var series: String?

        @Option(help: "Only the last N weeks (up to the current week, and later ones).")
        var weeks: Int?

        @Flag(help: "Print JSON.")
        var json = false

        @OptionGroup var cluster: ClusterOptions

        func run() async throws {
            if let weeks, weeks < 1 { throw failure("--weeks \(weeks): give a number of weeks, 1 or more") }
            if let series, Series(rawValue: series) == nil, Kind(rawValue: series) == nil || series == Kind.poster.rawValue {
                let names = Series.allCases.map(\.rawValue) + [Kind.chatStory, .recipeVideo, .bedtimeStory].map(\.rawValue)
                throw failure("--series \(series): not a series; use one of \(names.joined(separator: ", "))")
            }
            if let url = try cluster.url() {
                let current = try manifest.map { try ManifestLocation(manifest: $0, output: output, state: state).loadManifest().week }
                    ?? Self.today()
                let from = weeks.map { current.adding(weeks: -($0 - 1)).description }
                let db: Database
                do {
                    db = try await Database(url: url, patience: 30, log: { printError($0) })
                } catch {
                    printError(Secrets.redact("\(error)"))
                    throw ExitCode((error as? ClusterError)?.code == .schema ? 2 : 75)
                }
                do {
                    let entries = try await PostgresContentMemory(db: db).history(series: series, from: from, to: nil)
                    await db.close()
                    let text = json ? try HistoryReport.json(entries) : HistoryReport.text(entries, from: from)
                    FileHandle.standardOutput.write(Data(text.utf8))
                    return
                } catch {
                    await db.close()
                    printError(Secrets.redact("\(error)"))
                    throw ExitCode(75)
                }
            }
            let current: ISOWeek
            let folder: URL
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
            } else {
                throw failure("give a manifest, --output DIR or --state DIR to find the content memory")
            }
            let path = folder.appendingPathComponent("ledger.sqlite")
            guard FileManager.default.fileExists(atPath: path.path) else {
                printError("no ledger at \(path.path): nothing has been published with this state folder yet")
                throw ExitCode(1)
            }
            let from = weeks.map { current.adding(weeks: -($0 - 1)).description }
            let entries = try Ledger(path: path).history(series: series, from: from, to: nil)
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
