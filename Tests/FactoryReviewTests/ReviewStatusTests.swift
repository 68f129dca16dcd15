@testable import FactoryCore
@testable import FactoryReview
import FactoryTesting
import Foundation
import Testing

/// The review's status is typed but read and written as the words report.json, the studio's API and
/// the MCP answers have always used.
@Suite struct ReviewStatusTests {
    @Test(arguments: ["done", "failed", "deferred", "unsupported", "fetched", "missing", "unreadable", "not-made"])
    func everyWordRoundTrips(word: String) throws {
        let status = ReviewEntry.Status(rawValue: word)
        #expect(status.rawValue == word)
        if case .unknown = status { Issue.record("\(word) is a known status") }
        let encoded = String(decoding: try JSONEncoder().encode([status]), as: UTF8.self)
        #expect(encoded == "[\"\(word)\"]")
        #expect(try JSONDecoder().decode([ReviewEntry.Status].self, from: Data(encoded.utf8)) == [status])
    }

    @Test func runOutcomesAreWrappedAndReviewStatesAreItsOwn() {
        #expect(ReviewEntry.Status(rawValue: "done") == .run(.done) && ReviewEntry.Status.done == .run(.done))
        #expect(ReviewEntry.Status(rawValue: "fetched") == .fetched)
        #expect(ReviewEntry.Status(rawValue: "missing") == .missing)
        #expect(ReviewEntry.Status(rawValue: "not-made") == .notMade)
    }

    @Test func aWordFromANewerRunIsKeptAsWritten() throws {
        let folder = try TemporaryFolder("review")
        try folder.write("""
        {"week": "2026-W48", "items": [{"id": "sat-quiz", "kind": "quiz", "day": "saturday", "status": "queued-elsewhere"}]}
        """, to: "2026-W48/report.json")
        let review = try WeekReview.load(folder: folder.url.appendingPathComponent("2026-W48"))
        let entry = try #require(review.entries.first)
        #expect(entry.status == .unknown("queued-elsewhere") && entry.status.rawValue == "queued-elsewhere")
        #expect(!entry.isDone && entry.needsAttention)
        #expect(ReviewTable.render(review).contains("queued-elsewhere"))
        #expect(review.count(.done) == 0 && review.summary.hasPrefix("0/1 done ·"))
    }
}
