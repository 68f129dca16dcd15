import ArgumentParser
import FactoryCore
import FactoryPublishing
import FactoryReview
import Foundation

extension FactoryCommand {
    /// `factory stats MANIFEST`: what each post did, what it cost per 1,000 views, which posts are stuck.
    struct Stats: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Read and report what each post did: views, likes, comments, shares, saves, cost per 1,000 views.",
            discussion: """
            --poll reads the figures of every posted post whose time has come (hourly to 48 h, daily to day 30, then \
            weekly; Instagram every 6 h over its first two days) and appends one snapshot per post and slot to the \
            journal's store; `factory cron` puts it beside the hourly publish line. Without --poll, prints the week's \
            figures from the snapshots (--json, --csv, --html FILE), grouped --by item, series, kind, template, voice, \
            hour or platform, with the cost per 1,000 views from the ledger and the stuck posts with their likely cause. \
            --suggest names what did best over the weeks read (advice only). docs/analytics.md.
            Exit codes: 0 done; 2 bad manifest, arguments or credentials; 3 a platform's limit deferred some reads \
            to the next poll.
            """)

        @OptionGroup var options: ManifestOptions

        @OptionGroup var week: WeekOption

        @Option(help: "Every week from the one holding this date (YYYY-MM-DD) to the manifest's.")
        var since: String?

        @Option(help: "Group by item, series, kind, template, voice, hour or platform.")
        var by: StatsGrouping = .series

        @Flag(help: "Read the figures that are due and record them (the hourly cron line).")
        var poll = false

        @Flag(help: "Name what did best over the weeks read (the last 4 without --since), with the evidence.")
        var suggest = false

        @Flag(help: "Print JSON.")
        var json = false

        @Flag(help: "Print CSV, one row per post.")
        var csv = false

        @Option(help: "Also write the charts as an HTML page to this file.")
        var html: String?

        @Option(help: "Act as if it were this time (as `publish --at`).")
        var at: String?

        @OptionGroup var cluster: ClusterOptions

        func run() async throws {
            var location = options.location(week: week)
            let loaded = try location.loadManifest()
            location = try cluster.located(location, loaded)
            let now: Date
            do { now = try at.map { try PublishTime.parse($0, zone: loaded.timezone) } ?? Date() } catch { throw failure("--at: \(error)") }
            if poll { return try await runPoll(loaded, location: location, now: now) }
            let weeks = try weeksRead(loaded, now: now)
            let output: String = try await cluster.stores(loaded, location: location, access: .read).with { stores in
                var costs: [String: [String: Double]] = [:]
                for row in try await stores.reports?.summary(by: [.week, .item], since: nil) ?? [] where row.keys.count == 2 {
                    costs[row.keys[0], default: [:]][row.keys[1]] = row.actualUSD
                }
                var read: [(week: String, stats: WeekStats)] = []
                for name in weeks {
                    let stats = WeekStats(posts: try await stores.posts.posts(week: name), snapshots: try await stores.posts.snapshots(week: name),
                                          items: loaded.items, costs: costs[name] ?? [:], zone: loaded.timezone, now: now, grouping: by)
                    read.append((name, stats))
                }
                if let html {
                    try Data(StatsPage.html(weeks: read).utf8).write(to: URL(fileURLWithPath: html))
                    printError("stats: wrote \(html)")
                }
                if suggest { return StatsSuggest.text(StatsSuggest.findings(read.flatMap(\.stats.posts)), weeks: weeks) }
                let merged = WeekStats(merging: read.map(\.stats), grouping: by)
                if json { return try StatsText.json(merged) }
                if csv { return StatsText.csv(merged) }
                return StatsText.text(merged, title: "How did it do? \(weeks.count == 1 ? weeks[0] : "\(weeks[0])–\(weeks[weeks.count - 1])")")
            }
            FileHandle.standardOutput.write(Data(output.utf8))
        }

        /// The manifest's week, every week since `--since`, or the last four for `--suggest`.
        func weeksRead(_ manifest: Manifest, now: Date) throws -> [String] {
            let zone = manifest.timezone
            guard since != nil || suggest else { return [manifest.week.description] }
            let formatter = DateFormatter()
            formatter.dateFormat = "yyyy-MM-dd"
            formatter.timeZone = zone
            let end = manifest.week.date(of: .monday, in: zone) ?? now
            let start: Date
            if let since {
                guard let date = formatter.date(from: since) else { throw failure("--since \(since): write a date such as 2026-11-02") }
                start = date
            } else {
                start = end.addingTimeInterval(-21 * 86_400)
            }
            var weeks: [String] = []
            var day = start
            while day <= end.addingTimeInterval(6 * 86_400), weeks.count < 260 {
                let name = ISOWeek.containing(day, in: zone).description
                if weeks.last != name { weeks.append(name) }
                day = day.addingTimeInterval(7 * 86_400)
            }
            if weeks.last != manifest.week.description { weeks.append(manifest.week.description) }
            return weeks
        }

        /// `--poll`: reads what is due on every platform the manifest posts to.
        func runPoll(_ loaded: Manifest, location: ManifestLocation, now: Date) async throws {
            guard let settings = loaded.publish else { throw failure("\(location.manifest) has no `publish:` section: nothing was posted") }
            let environment = ProcessInfo.processInfo.environment
            let stateFolder = location.stateFolder(loaded)
            let key: TokenKey
            do { key = try TokenKey.load(TokenKey.defaultFile(environment: environment)) } catch { throw failure("\(error)") }
            let used = Set(loaded.items.flatMap { $0.publishing.platforms ?? settings.platforms }).sorted { $0.rawValue < $1.rawValue }
            let probe = PlatformSetup(environment: environment, vault: FileTokenVault(state: stateFolder, key: key), clock: .system)
            let problems = probe.urlProblems(used)
            if !problems.isEmpty {
                for problem in problems { printError(problem) }
                throw ExitCode(2)
            }
            let http = PlatformHTTP()
            let weekFolder = location.weekFolder(loaded)
            let report: MetricsPoller.Report
            do {
                report = try await cluster.stores(loaded, location: location).with { stores in
                    var setup = probe
                    setup.vault = cluster.tokenVault(stores, key: key, state: stateFolder)
                    var readers: [Platform: any MetricReader] = [:]
                    for platform in used { readers[platform] = setup.client(platform, http: http) as? any MetricReader }
                    let texts = try await stores.posts.texts(week: loaded.week.description)
                    var poller = MetricsPoller(week: loaded.week.description, journal: stores.posts, readers: readers, now: now) { item, platform in
                        texts.last { $0.item == item && $0.platform == platform }?.caption
                            ?? (try? String(contentsOf: weekFolder.appendingPathComponent(item).appendingPathComponent("caption.txt"), encoding: .utf8))
                            ?? ""
                    }
                    poller.log = { say($0) }
                    return try await poller.run()
                }
            } catch let error as PublishError {
                await http.shutdown()
                printError(Secrets.redact("\(error)"))
                throw ExitCode(error.code == .credentials ? 2 : 1)
            } catch {
                await http.shutdown()
                throw error
            }
            await http.shutdown()
            say(report.summary)
            if report.exitCode != 0 { throw ExitCode(report.exitCode) }
        }
    }
}

extension StatsGrouping: ExpressibleByArgument {}
