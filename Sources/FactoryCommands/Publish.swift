import ArgumentParser
import FactoryCore
import FactoryPublishing
import Foundation

extension FactoryCommand {
    /// `factory publish MANIFEST`: posts the week's approved bundles whose time has come.
    struct Publish: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Post the week's approved, finished bundles whose time has come to TikTok, YouTube and Instagram.",
            discussion: """
            Each item goes out at its `post_at` (else `publish.at`) on its day, in the manifest's time zone, to each \
            of its platforms, once. Every post is written to the publication journal (the ledger's store) before its \
            first byte and after each step; a publish killed at any moment is resumed by the next one, which asks the \
            platform about the id it saved and never starts a second upload while the first may still land. A cap or \
            rate limit defers a post to the next publish. --at rehearses as if it were that time. `factory cron` adds \
            an hourly publish line. Credentials: docs/publishing.md (`factory auth`, or the environment).
            Exit codes: 0 everything due is posted (or still processing); 1 some posts failed (the report says which \
            and why); 2 bad manifest, arguments or credentials; 3 a platform cap deferred some; 75 another publish \
            holds the lock.
            """)

        @OptionGroup var options: ManifestOptions

        @OptionGroup var week: WeekOption

        @Option(name: .customLong("only"), help: "Only this item (repeatable).")
        var only: [String] = []

        @Option(help: "Act as if it were this time: YYYY-MM-DDTHH:MM (the manifest's zone) or a full ISO 8601 moment, or HH:MM today.")
        var at: String?

        @Flag(help: "Say what would be posted; send nothing and write nothing.")
        var dryRun = false

        @Option(help: "Seconds to wait for a platform to finish processing before leaving it to the next publish.")
        var wait: Double = 120

        @OptionGroup var cluster: ClusterOptions

        func run() async throws {
            var location = options.location(week: week)
            let loaded = try location.loadManifest()
            location = try cluster.located(location, loaded)
            guard let settings = loaded.publish else {
                throw failure("\(location.manifest) has no `publish:` section; add one (docs/publishing.md) to say where and when to post")
            }
            let unknown = only.filter { id in !loaded.items.contains { $0.id == id } }
            guard unknown.isEmpty else { throw failure("--only: no item \(unknown.joined(separator: ", ")) in \(location.manifest)") }
            let now: Date
            do { now = try at.map { try PublishTime.parse($0, zone: loaded.timezone) } ?? Date() } catch { throw failure("--at: \(error)") }
            let environment = ProcessInfo.processInfo.environment
            let stateFolder = location.stateFolder(loaded)
            let lock: RunLock
            do {
                lock = try RunLock(stateFolder: stateFolder, name: "publish.lock")
            } catch {
                printError("\(error)")
                throw ExitCode(75)
            }
            let key: TokenKey
            do { key = try TokenKey.load(TokenKey.defaultFile(environment: environment)) } catch { throw failure("\(error)") }
            let http = PlatformHTTP()
            let setup = PlatformSetup(environment: environment, vault: FileTokenVault(state: stateFolder, key: key), clock: .system,
                                      processingWait: .milliseconds(Int64(max(0, wait) * 1000)))
            let used = Set(loaded.items.flatMap { $0.publishing.platforms ?? settings.platforms })
            let problems = setup.urlProblems(used.sorted { $0.rawValue < $1.rawValue })
            if !problems.isEmpty {
                await http.shutdown()
                for problem in problems { printError(problem) }
                throw ExitCode(2)
            }
            let report: PublishReport
            do {
                report = try await cluster.stores(loaded, location: location).with { stores in
                    var setup = setup
                    setup.vault = cluster.tokenVault(stores, key: key, state: stateFolder)
                    var clients: [Platform: any PlatformClient] = [:]
                    for platform in used { clients[platform] = setup.client(platform, http: http) }
                    var publisher = Publisher(manifest: loaded, settings: settings, weekFolder: location.weekFolder(loaded),
                                              journal: stores.posts, clients: clients, runId: stores.runId, now: now)
                    publisher.only = Set(only)
                    publisher.dryRun = dryRun
                    publisher.log = { say($0) }
                    say("publish \(loaded.week) as of \(ISO8601DateFormatter().string(from: now))\(dryRun ? " (dry run: nothing is sent)" : "")")
                    guard let database = stores.database, !dryRun else { return try await publisher.run() }
                    // A cluster: every host publishing this week takes turns under one lock in the
                    // shared database, so no two of them begin the same post (docs/publishing.md).
                    let locked = publisher
                    guard let report = try await database.withPublicationLock(week: loaded.week.description, wait: 900, {
                        try await locked.run()
                    }) else {
                        printError("another host has been publishing \(loaded.week) for 15 minutes; try again later")
                        throw ExitCode(75)
                    }
                    return report
                }
            } catch {
                await http.shutdown()
                throw error
            }
            await http.shutdown()
            withExtendedLifetime(lock) {}
            say(report.summary)
            if report.exitCode != 0 { throw ExitCode(report.exitCode) }
        }
    }
}

/// `--at`: a moment in the manifest's zone.
enum PublishTime {
    static func parse(_ text: String, zone: TimeZone) throws -> Date {
        if let date = ISO8601DateFormatter().date(from: text) { return date }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        for format in ["yyyy-MM-dd'T'HH:mm", "yyyy-MM-dd'T'HH:mm:ss", "yyyy-MM-dd HH:mm"] {
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        if let time = LocalTime(text) {
            formatter.dateFormat = "yyyy-MM-dd"
            if let date = time.moment(on: formatter.string(from: Date()), in: zone) { return date }
        }
        throw FactoryError(.manifest, "\"\(text)\" is not a time; write 2026-11-30T18:00 (the manifest's zone), 2026-11-30T18:00:00Z, or 18:00 for today")
    }
}
