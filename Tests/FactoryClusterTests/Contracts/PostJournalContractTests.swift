import FactoryCore
import Foundation
import Testing

/// One set of cases for every `PostJournal`: memory, the SQLite ledger's tables and PostgreSQL.
@Suite(.serialized) struct PostJournalContractTests {
    @Test(arguments: StoreKind.allCases)
    func aPostIsJournalledStepByStepAndReadBackByTheNextPublish(_ kind: StoreKind) async throws {
        let time = ManualClock(ContractTime.saturdayNight)
        let opened = try await PostJournalUnderTest.open(kind, clock: time.wall)
        let post = try await opened.journal.begin(week: "2026-W48", item: "mon", platform: .tiktok, version: "v1", runId: "pub-1")
        #expect(post.state == .intent && post.attempt == 1 && post.remoteId == nil)
        time.advance(by: 5)
        try await opened.journal.advance(post.id, state: .started, remoteId: "p-123", details: [.uploadURL: "https://up/1"])
        try await opened.journal.advance(post.id, state: .uploaded, remoteId: nil, details: [PostDetails.Key("bytes"): "100"])
        var seen = try #require(try await opened.other.posts(week: "2026-W48").first)
        #expect(seen.state == .uploaded && seen.remoteId == "p-123")
        #expect(seen.details.stored == ["upload_url": "https://up/1", "bytes": "100"], "stored under the same names as before")
        #expect(seen.createdAt == ContractTime.stamp(ContractTime.saturdayNight) && seen.updatedAt == ContractTime.stamp(time.now))
        try await opened.journal.finish(post.id, state: .posted, remoteId: "v-9", url: "https://tiktok/v-9", reason: nil)
        seen = try #require(try await opened.other.posts(week: "2026-W48").first)
        #expect(seen.state == .posted && seen.remoteId == "v-9" && seen.url == "https://tiktok/v-9" && !seen.state.inFlight)
        #expect(try await opened.other.posts(week: "2026-W49").isEmpty)
        await opened.close()
    }

    @Test(arguments: StoreKind.allCases)
    func attemptsCountPerItemAndPlatform(_ kind: StoreKind) async throws {
        let opened = try await PostJournalUnderTest.open(kind, clock: .system)
        let first = try await opened.journal.begin(week: "2026-W48", item: "mon", platform: .youtube, version: "v1", runId: "a")
        try await opened.journal.finish(first.id, state: .failed, remoteId: nil, url: nil, reason: "FAILED: file_format_check_failed")
        let second = try await opened.other.begin(week: "2026-W48", item: "mon", platform: .youtube, version: "v1", runId: "b")
        let elsewhere = try await opened.other.begin(week: "2026-W48", item: "mon", platform: .instagram, version: "v1", runId: "b")
        #expect(second.attempt == 2 && elsewhere.attempt == 1 && second.id != first.id)
        try await opened.journal.note(second.id, "deferred: rate limit")
        let all = try await opened.journal.posts(week: "2026-W48")
        #expect(all.map(\.id) == [first.id, second.id, elsewhere.id])
        #expect(all[0].reason == "FAILED: file_format_check_failed" && all[1].reason == "deferred: rate limit" && all[1].state == .intent)
        await #expect(throws: (any Error).self) { try await opened.journal.finish(987_654, state: .posted, remoteId: nil, url: nil, reason: nil) }
        await opened.close()
    }

    @Test(arguments: StoreKind.allCases)
    func approvalsAreOnePerItemAndCanBeRevoked(_ kind: StoreKind) async throws {
        let opened = try await PostJournalUnderTest.open(kind, clock: ManualClock(ContractTime.saturdayNight).wall)
        try await opened.journal.approve(week: "2026-W48", item: "tue", version: "v1", by: "ana")
        try await opened.journal.approve(week: "2026-W48", item: "mon", version: "v1", by: "ana")
        try await opened.journal.approve(week: "2026-W48", item: "mon", version: "v2", by: "bo")
        try await opened.journal.approve(week: "2026-W49", item: "mon", version: "v9", by: "bo")
        let week = try await opened.other.approvals(week: "2026-W48")
        #expect(week.map(\.item) == ["mon", "tue"])
        #expect(week[0] == Approval(week: "2026-W48", item: "mon", version: "v2", by: "bo", approvedAt: ContractTime.stamp(ContractTime.saturdayNight)))
        #expect(try await opened.other.revoke(week: "2026-W48", item: "mon"))
        #expect(try await !opened.other.revoke(week: "2026-W48", item: "mon"))
        #expect(try await opened.journal.approvals(week: "2026-W48").map(\.item) == ["tue"])
        await opened.close()
    }

    @Test(arguments: StoreKind.allCases)
    func aTextIsOnePerVersionAndPlatformAndTheNewestWins(_ kind: StoreKind) async throws {
        let opened = try await PostJournalUnderTest.open(kind, clock: ManualClock(ContractTime.saturdayNight).wall)
        try await opened.journal.setText(PostText(week: "2026-W48", item: "mon", version: "v1", platform: .tiktok, title: nil,
                                                  caption: "first", by: "ana"))
        try await opened.journal.setText(PostText(week: "2026-W48", item: "mon", version: "v1", platform: .tiktok, title: nil,
                                                  caption: "second <b>", by: "bo"))
        try await opened.journal.setText(PostText(week: "2026-W48", item: "mon", version: "v1", platform: .youtube, title: "A title",
                                                  caption: "desc", by: "bo"))
        try await opened.journal.setText(PostText(week: "2026-W49", item: "mon", version: "v1", platform: .tiktok, title: nil,
                                                  caption: "other week", by: "bo"))
        let texts = try await opened.other.texts(week: "2026-W48")
        #expect(texts.count == 2)
        #expect(texts.text(item: "mon", version: "v1", platform: .tiktok)
                == PostText(week: "2026-W48", item: "mon", version: "v1", platform: .tiktok, title: nil, caption: "second <b>", by: "bo",
                            editedAt: ContractTime.stamp(ContractTime.saturdayNight)))
        #expect(texts.text(item: "mon", version: "v1", platform: .youtube)?.title == "A title")
        #expect(texts.text(item: "mon", version: "v2", platform: .tiktok) == nil)
        await opened.close()
    }

    @Test(arguments: StoreKind.allCases)
    func aSnapshotIsOnePerPostAndSlotWithMissingFiguresKeptAsNull(_ kind: StoreKind) async throws {
        let opened = try await PostJournalUnderTest.open(kind, clock: .system)
        let first = MetricSnapshot(week: "2026-W48", item: "mon", platform: .tiktok, postId: "7452300000000000001",
                                   slot: "2026-11-23T19:00:00Z", fetchedAt: "2026-11-23T19:00:05Z",
                                   values: ["view_count": 1234, "like_count": 56, "share_count": nil], visibility: "PUBLIC_TO_EVERYONE")
        #expect(try await opened.journal.record(first))
        // The same slot again (a poll killed after it wrote, run again): nothing is added.
        var again = first
        again.fetchedAt = "2026-11-23T19:20:00Z"
        again.values["view_count"] = 1300
        #expect(try await !opened.other.record(again))
        let later = MetricSnapshot(week: "2026-W48", item: "mon", platform: .instagram, postId: "17900000000000001",
                                   slot: "2026-11-24T00:00:00Z", fetchedAt: "2026-11-24T00:00:03Z",
                                   values: ["views": nil, "reach": nil], reason: "Instagram has no data for it yet (up to 48 h)")
        #expect(try await opened.other.record(later))
        let read = try await opened.journal.snapshots(week: "2026-W48")
        #expect(read == [first, later])
        #expect(read[0].values["share_count"] == .some(nil) && read[0].values["view_count"] == 1234)
        #expect(try await opened.journal.snapshots(week: "2026-W49").isEmpty)
        await opened.close()
    }

    @Test(arguments: StoreKind.allCases)
    func twoHostsBeginningAtOnceGetDifferentAttempts(_ kind: StoreKind) async throws {
        let opened = try await PostJournalUnderTest.open(kind, clock: .system)
        let journal = opened.journal, other = opened.other
        let attempts = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<8 {
                let use = index.isMultiple(of: 2) ? journal : other
                group.addTask { try await use.begin(week: "2026-W48", item: "mon", platform: .tiktok, version: "v1", runId: "r\(index)").attempt }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(attempts.sorted() == Array(1...8))
        await opened.close()
    }
}
