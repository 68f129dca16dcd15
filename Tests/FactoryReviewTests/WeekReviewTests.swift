@testable import FactoryCore
@testable import FactoryKinds
@testable import FactoryReview
import FactoryTesting
import Foundation
import Testing

/// Loading a week (report.json read tolerantly, bundles on disk) and the terminal table.
@Suite struct WeekReviewTests {
    @Test func entriesFollowTheWeekWithReasonsForItemsWithoutBundles() throws {
        let folder = try TemporaryFolder("review")
        let review = try WeekReview.load(folder: try ReviewFixtures.week(in: folder))
        #expect(review.week == "2026-W48")
        #expect(review.entries.map(\.id) == ["mon-poster", "tue-story", "wed-recipe", "fri-chat"])
        let failed = try #require(review.entries.first { $0.id == "tue-story" })
        #expect(failed.status == .failed && !failed.hasBundle && failed.reason?.contains("music/missing.mp3") == true)
        #expect(failed.date == "2026-11-24")
        let deferred = try #require(review.entries.first { $0.id == "wed-recipe" })
        #expect(deferred.status == .deferred && deferred.deferral == "budget")
        let poster = try #require(review.entries.first { $0.id == "mon-poster" })
        #expect(poster.metadata?.totalCostUSD == 0.0012 && poster.duration == 7.0)
        #expect(poster.metadata?.measurements?.own["cover_at_seconds"] == "1.5", "dictionary keys are kept as written")
        #expect(poster.caption?.hasPrefix("Breathe") == true)
        #expect(review.spentUSD == 0.0063)
        #expect(abs(review.totalDuration - 41.4) < 1e-9)
    }

    @Test func tableHasAlignedColumnsReasonsAndTotals() throws {
        let folder = try TemporaryFolder("review")
        let table = ReviewTable.render(try WeekReview.load(folder: try ReviewFixtures.week(in: folder)))
        let lines = table.split(separator: "\n").map(String.init)
        let header = try #require(lines.first { $0.hasPrefix("ITEM") })
        #expect(header.contains("KIND") && header.contains("DAY") && header.contains("STATUS") && header.contains("DURATION")
                && header.contains("SIZE") && header.contains("COST") && header.contains("FAILED CHECKS"))
        func row(_ id: String) throws -> String { try #require(lines.first { $0.hasPrefix(id + " ") }) }
        let poster = try row("mon-poster"), story = try row("tue-story"), recipe = try row("wed-recipe"), chat = try row("fri-chat")
        #expect(poster.contains("poster") && poster.contains("Mon 23 Nov") && poster.contains("done") && poster.contains("7.0 s")
                && poster.contains("3.1 MB") && poster.contains("$0.0012") && poster.hasSuffix("none"))
        #expect(story.contains("failed") && story.hasSuffix("item tue-story: music file music/missing.mp3 does not exist"))
        #expect(recipe.contains("deferred (budget)") && recipe.hasSuffix("the daily cap of $3.00 would be passed"))
        #expect(chat.contains("34.4 s") && chat.contains("Fri 27 Nov"))
        // Every row starts its columns where the header does.
        for column in ["KIND", "DAY", "STATUS"] {
            let start = try #require(header.range(of: column)).lowerBound.utf16Offset(in: header)
            for line in [poster, story, recipe, chat] {
                let index = line.index(line.startIndex, offsetBy: start)
                #expect(line[line.index(before: index)] == " " && line[index] != " ", "\(column) in: \(line)")
            }
        }
        let total = try row("total")
        #expect(total.contains("2/4 done") && total.contains("41.4 s") && total.contains("$0.0063"))
        #expect(lines.last == "2/4 done, 1 failed, 1 deferred · spent $0.0063 · 41.4 s of video · 13.8 MB")
    }

    @Test func failedChecksAreNamedInTheTable() throws {
        let folder = try TemporaryFolder("review")
        try folder.write(ReviewFixtures.metadata(id: "quiet", kind: "bedtime-story", date: "2026-11-28", title: "Quiet",
                                                 seconds: 90, videoBytes: 1_000, failedCheck: "audio:loudness"),
                         to: "2026-W48/quiet/metadata.json")
        let review = try WeekReview.load(folder: folder.url.appendingPathComponent("2026-W48"))
        #expect(review.report == nil && review.entries.map(\.status) == [.done])
        let line = try #require(ReviewTable.render(review).split(separator: "\n").first { $0.hasPrefix("quiet") })
        #expect(line.hasSuffix("audio:loudness"))
    }

    @Test func theNewestWeekIsTheLatestInTheCalendar() throws {
        let folder = try TemporaryFolder("review")
        for week in ["2025-W52", "2026-W09", "2026-W48"] { try folder.write("{}", to: "output/\(week)/report.json") }
        try FileManager.default.createDirectory(atPath: folder.path("output/2026-W50"), withIntermediateDirectories: true)
        try folder.write("notes", to: "output/2027-W01.txt")
        let root = folder.url.appendingPathComponent("output")
        #expect(try WeekReview.newestWeek(in: root).lastPathComponent == "2026-W48")
        #expect(try WeekReview.locate(nil, output: root.path).lastPathComponent == "2026-W48")
        #expect(try WeekReview.locate(root.path, output: nil).lastPathComponent == "2026-W48")
        #expect(try WeekReview.locate("2026-W09", output: root.path).lastPathComponent == "2026-W09")
        #expect(throws: FactoryError.self) { try WeekReview.locate(nil, output: folder.path("nothing-here")) }
    }

    @Test func metadataReadsBackWhatTheEncoderWrote() throws {
        let check = BundleMetadata.Check("video:codec", true, "h264 High")
        let record = GenerationRecord(stage: "image", provider: .live(.runware), model: "m", promptHash: "p", units: ["images": 1], costUSD: 0.0019)
        let metadata = BundleMetadata(itemId: "a", kind: "poster", week: "2026-W48", scheduledDate: "2026-11-23", title: "T",
                                      generation: [record], totalCostUSD: 0.0019, layout: [:], checks: [check],
                                      measurements: Measurements(["loudness_target_lufs": "-18"]), manifestSha256: "m", toolVersion: "v", createdAt: "c")
        let data = try SnakeJSON.encoder().encode(metadata)
        #expect(String(decoding: data, as: UTF8.self).contains("\"total_cost_usd\" : 0.0019"))
        let back = try SnakeJSON.decoder().decode(BundleMetadata.self, from: data)
        #expect(back.totalCostUSD == 0.0019 && back.generation.first?.costUSD == 0.0019 && back.itemId == "a")
        #expect(back.measurements?.loudness.targetLUFS == -18 && back.measurements?.text == ["loudness_target_lufs": "-18"] && back.checks == [check])
    }
}
