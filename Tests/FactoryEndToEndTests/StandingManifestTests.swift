import FactoryFakeProviders
import FactoryTesting
import Foundation
import Testing

/// A standing manifest through the `factory` binary: `week: next` on a Sunday, two Mondays of the
/// printed cron line (two folders of new bundles, the earlier one untouched, history and review
/// reading the memory), and a live writer that keeps coming back to a tiny list of quotes.
@Suite(.serialized) struct StandingManifestTests {
    static func poster(_ id: String, day: String, series: String, quote: String? = nil) -> String {
        "  - { id: \(id), kind: poster, day: \(day), series: \(series), format: square, quality: draft, duration: 6, prompt: \"a quiet hill\""
            + (quote.map { ", quote: \"\($0)\"" } ?? "") + " }\n"
    }

    static func manifest(week: String, providers: String = "", items: String) -> String {
        "version: 1\nweek: \(week)\ntimezone: America/New_York\noutput: out\n\(providers)items:\n" + items
    }

    /// One row of `factory history --json`.
    struct Entry: Decodable {
        var series: String; var week: String; var item: String; var version: Int; var field: String; var text: String; var fixed: Bool
    }

    static func history(_ folder: TemporaryFolder, _ extra: [String] = [], environment: [String: String] = [:]) throws -> [Entry] {
        let out = try TestSupport.runFactory(["history", "--state", "out/.factory", "--json"] + extra, in: folder.url, environment: environment)
        #expect(out.status == 0, "\(out.stderr)")
        return try JSONDecoder().decode([Entry].self, from: Data(out.stdout.utf8))
    }

    @Test func weekNextOnASundayMakesTheFollowingWeek() throws {
        let folder = try TemporaryFolder("standing-next")
        try folder.write(Self.manifest(week: "next", items: Self.poster("mon", day: "monday", series: "monday-motivation")), to: "week.yaml")
        let sunday = ["FACTORY_TODAY": "2026-11-29"]
        let validate = try TestSupport.runFactory(["validate", "week.yaml"], in: folder.url, environment: sunday)
        #expect(validate.status == 0 && validate.stdout.contains("1 items for 2026-W49") && validate.stdout.contains("week: next"), "\(validate.stdout)")
        let run = try TestSupport.runFactory(["run", "week.yaml", "--skip-render"], in: folder.url, environment: sunday)
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        #expect(run.stdout.contains("week: next resolved to 2026-W49 (America/New_York)"), "\(run.stdout)")
        #expect(run.stdout.contains("making 1 of 1 items for 2026-W49 into \(folder.path("out/2026-W49"))"))
        #expect(FileManager.default.fileExists(atPath: folder.path("out/2026-W49/report.json")))
        #expect(!FileManager.default.fileExists(atPath: folder.path("out/2026-W48")))
        // --week overrides, on validate and estimate alike; a bad one exits 2 naming the flag.
        let other = try TestSupport.runFactory(["estimate", "week.yaml", "--week", "2027-W01"], in: folder.url, environment: sunday)
        #expect(other.status == 0 && other.stdout.contains("2027-W01"), "\(other.stdout)\n\(other.stderr)")
        let bad = try TestSupport.runFactory(["run", "week.yaml", "--week", "2026-W54"], in: folder.url, environment: sunday)
        #expect(bad.status == 2 && bad.stderr.contains("--week 2026-W54"), "\(bad.stderr)")
        let badDay = try TestSupport.runFactory(["validate", "week.yaml"], in: folder.url, environment: ["FACTORY_TODAY": "2026-02-30x"])
        #expect(badDay.status == 2 && badDay.stderr.contains("FACTORY_TODAY=2026-02-30x is not a date"), "\(badDay.stderr)")
    }

    @Test func theCronLineMakesANewWeekEveryMondayWithoutRepeats() throws {
        let folder = try TemporaryFolder("standing cron")
        try folder.write(Self.manifest(week: "auto", items: Self.poster("mon", day: "monday", series: "monday-motivation")
                                        + Self.poster("thu", day: "thursday", series: "thursday-therapy", quote: "Rest is part of the work.")),
                         to: "week.yaml")
        let (_, _, command) = try CronTests.printedEntry(folder)
        var earlier: [String: String] = [:]
        for (monday, week) in [("2026-11-23", "2026-W48"), ("2026-11-30", "2026-W49")] {
            // cron's empty environment, with the day the test pretends it is.
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["-i", "FACTORY_TODAY=\(monday)", "/bin/sh", "-c", command]
            process.currentDirectoryURL = URL(fileURLWithPath: "/")
            try process.run()
            process.waitUntilExit()
            let log = CronTests.read(folder.path("out/.factory/cron.log"))
            #expect(process.terminationStatus == 0, "\(log)")
            #expect(log.contains("week: auto resolved to \(week) (America/New_York)"), "\(log)")
            for item in ["mon", "thu"] { #expect(FileManager.default.fileExists(atPath: folder.path("out/\(week)/\(item)/poster.jpg"))) }
            let first = TestSupport.snapshot(folder.url.appendingPathComponent("out/2026-W48"))
            if week == "2026-W48" { earlier = first } else { #expect(first == earlier, "the earlier week is untouched") }
        }
        #expect(!earlier.isEmpty)
        let entries = try Self.history(folder)
        let quotes = entries.filter { $0.item == "mon" && $0.field == "quote" }
        #expect(quotes.map(\.week) == ["2026-W48", "2026-W49"])
        #expect(Set(quotes.map(\.text)).count == 2, "two different quotes: \(quotes.map(\.text))")
        #expect(entries.filter { $0.item == "thu" && $0.field == "quote" }.allSatisfy { $0.fixed && $0.text == "Rest is part of the work." })
        // The week's own report notes the fixed quote repeating the week before (allowed).
        let report = CronTests.read(folder.path("out/2026-W49/report.txt"))
        #expect(report.contains("NOTE thu: allowed repeat: the quote \"Rest is part of the work.\" is fixed in the manifest and repeats 2026-W48 thu"),
                "\(report)")
        // history: the last week only, one series, and the plain table.
        let lastWeek = try Self.history(folder, ["--weeks", "1"], environment: ["FACTORY_TODAY": "2026-12-01"])
        #expect(Set(lastWeek.map(\.week)) == ["2026-W49"])
        #expect(Set(try Self.history(folder, ["--series", "thursday-therapy"]).map(\.series)) == ["thursday-therapy"])
        let table = try TestSupport.runFactory(["history", "--state", "out/.factory"], in: folder.url)
        #expect(table.stdout.contains("2026-W49") && table.stdout.contains("4 items in 2 weeks"),
                "\(table.stdout)")
        let badSeries = try TestSupport.runFactory(["history", "--state", "out/.factory", "--series", "monday-motivaton"], in: folder.url)
        #expect(badSeries.status == 2 && badSeries.stderr.contains("--series monday-motivaton: not a series"), "\(badSeries.stderr)")
        // review marks the fixed repeat, in the table and the gallery.
        let review = try TestSupport.runFactory(["review", "out/2026-W49"], in: folder.url)
        #expect(review.status == 0, "\(review.stderr)")
        #expect(review.stdout.contains("CLOSE TO EARLIER WEEKS"), "\(review.stdout)")
        let gallery = CronTests.read(folder.path("out/2026-W49/index.html"))
        #expect(gallery.contains("repeats (fixed in the manifest, allowed) 2026-W48 thu"), "gallery marks the repeat")
        #expect(!gallery.contains("quote repeats 2026-W48 mon"), "the written quote is new")
    }

    @Test func aLiveWriterWithATinyQuoteListEndsWithANewQuoteOrABoundedFailure() async throws {
        let folder = try TemporaryFolder("standing-tiny")
        try folder.write(Self.manifest(week: "auto", providers: "providers: { text: anthropic, image: runware }\n",
                                       items: Self.poster("mon", day: "monday", series: "monday-motivation")), to: "week.yaml")
        let one = FakeProviderServer(config: FakeProviderConfig(quotes: ["Small steps every day add up. — Ana Ruiz"]))
        _ = try await one.start()
        let first = try TestSupport.runFactory(["run", "week.yaml", "--week", "2026-W10"], in: folder.url, environment: LiveRunTests.environment(one))
        #expect(first.status == 0, "\(first.stdout)\n\(first.stderr)")
        // The list has one quote, and it is published: every ask of the next week repeats it.
        let second = try TestSupport.runFactory(["run", "week.yaml", "--week", "2026-W11"], in: folder.url, environment: LiveRunTests.environment(one))
        #expect(second.status == 1, "\(second.stdout)\n\(second.stderr)")
        #expect(second.stdout.contains("failed mon (poster)"), "\(second.stdout)")
        #expect(second.stdout.contains("the anthropic writer gave 3 quotes the series already published"), "\(second.stdout)")
        #expect(second.stdout.contains("write the quote in the manifest (`quote:`)"))
        let texts = await one.stats().charges.filter { $0.provider == "anthropic" }
        #expect(texts.count == 4, "1 ask in the first week, 3 in the second: \(texts.count)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("out/2026-W11/mon")), "nothing published")
        let quarantined = (try? FileManager.default.contentsOfDirectory(atPath: folder.path("out/2026-W11/.quarantine/_repeats/mon"))) ?? []
        #expect(quarantined.count >= 3, "every refused answer is kept: \(quarantined)")
        struct Costs: Decodable { struct Row: Decodable { var key: String; var calls: Int }; var rows: [Row] }
        let costs = try TestSupport.runFactory(["costs", "--state", "out/.factory", "--json", "--by", "item"], in: folder.url)
        #expect(costs.stdout.contains("mon"), "the refused asks are in the ledger: \(costs.stdout)")
        // Run again: asked afresh (the refusals left the cache), bounded again, never a loop.
        let again = try TestSupport.runFactory(["run", "week.yaml", "--week", "2026-W11"], in: folder.url, environment: LiveRunTests.environment(one))
        #expect(again.status == 1)
        #expect(await one.stats().charges.filter { $0.provider == "anthropic" }.count <= 7)
        await one.stop()

        // A list whose one quote is not yet published: the next week publishes it on the first ask
        // (exit 0), and the series' history grows by exactly it, after the first week's.
        let fresh = FakeProviderServer(config: FakeProviderConfig(quotes: ["Begin where you are. — Bo Lind"]))
        _ = try await fresh.start()
        let third = try TestSupport.runFactory(["run", "week.yaml", "--week", "2026-W12"], in: folder.url, environment: LiveRunTests.environment(fresh))
        #expect(third.status == 0, "\(third.stdout)\n\(third.stderr)")
        #expect(await fresh.stats().charges.filter { $0.provider == "anthropic" }.count == 1)
        let published = try Self.history(folder).filter { $0.field == "quote" }
        #expect(published.map(\.text) == ["Small steps every day add up.", "Begin where you are."])
        #expect(FileManager.default.fileExists(atPath: folder.path("out/2026-W12/mon")))
        await fresh.stop()
    }
}
