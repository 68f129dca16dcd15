import FactoryFakeProviders
import FactoryTesting
import Foundation
import Testing

/// A week published to the fake platforms, then `factory stats --poll` on its schedule and
/// `factory stats` over what was read: the figures are the fake's, a missing one is never 0, a
/// limit defers without losing a snapshot, a second poll of the same slot records nothing, and
/// private posts are flagged with their cause.
@Suite(.serialized) struct StatsRunTests {
    static func moment(_ hoursFromNow: Double) -> String {
        ISO8601DateFormatter().string(from: Date().addingTimeInterval(hoursFromNow * 3600))
    }

    static func config(_ change: (inout FakeMetricsConfig) -> Void = { _ in }) -> FakePlatformConfig {
        PublishWeek.platforms { config in
            // Flat curves (exponent 0): a post's counts do not move between the fake's answer and the check.
            var metrics = FakeMetricsConfig()
            metrics.tiktok = .init(viewsPerHour: 1000, exponent: 0)
            metrics.youtube = .init(viewsPerHour: 400, exponent: 0)
            metrics.instagram = .init(viewsPerHour: 250, exponent: 0)
            metrics.boost = ["tue": 3]
            metrics.tiktokIdsWithheld = true
            change(&metrics)
            config.metrics = metrics
        }
    }

    static func json(_ output: TestSupport.Output) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
    }

    @Test func pollOnScheduleThenReportTheFakesCounts() async throws {
        let week = try PublishWeek(publish: """
            publish: { platforms: [tiktok, youtube, instagram], approval: auto, tiktok: { mode: direct, privacy: PUBLIC_TO_EVERYONE }, youtube: { privacy: public } }
            """, items: [("mon", "monday", 1_300_000), ("tue", "monday", 900_000)])
        let config = Self.config()
        try await FakeProviderServer.withRunning(FakeProviderConfig(platforms: config)) { server in
            let environment = week.environment(server, config: config)
            let published = try week.publish(server, config: config, at: "2026-11-23T18:00")
            #expect(published.status == 0, "\(published.stdout)\(published.stderr)")
            func stats(_ arguments: [String]) throws -> TestSupport.Output {
                try TestSupport.runFactory(["stats", week.manifest] + arguments, in: week.folder.url, environment: environment)
            }
            // Two hours on: TikTok (its ids found through video/list) and YouTube are due; Instagram's first read is at 6 h.
            await server.advancePlatformClock(by: 2 * 3600)
            let first = try stats(["--poll", "--at", Self.moment(2)])
            #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
            #expect(first.stdout.contains("4 snapshots recorded"), "\(first.stdout)")
            // The same slot again (a poll killed after writing, run again): nothing new.
            let again = try stats(["--poll", "--at", Self.moment(2.2)])
            #expect(again.stdout.contains("0 snapshots recorded; 4 already read"), "\(again.stdout)")
            // 30 hours on: Instagram has figures (the fake's 24 h delay has passed).
            await server.advancePlatformClock(by: 28 * 3600)
            let later = try stats(["--poll", "--at", Self.moment(30)])
            #expect(later.stdout.contains("6 snapshots recorded"), "\(later.stdout)\(later.stderr)")

            let report = try Self.json(try stats(["--json", "--by", "item", "--at", Self.moment(30)]))
            let posts = try #require(report["posts"] as? [[String: Any]])
            var views: [String: Double] = [:]
            for post in posts {
                let figures = post["figures"] as? [String: Any] ?? [:]
                views["\(post["platform"] as? String ?? "") \(post["item"] as? String ?? "")"] = (figures["views"] as? NSNumber)?.doubleValue
            }
            #expect(views == ["tiktok mon": 1000, "tiktok tue": 3000, "youtube mon": 400, "youtube tue": 1200,
                              "instagram mon": 250, "instagram tue": 750], "\(posts)")
            // TikTok gives no saves: absent (null), never 0.
            let tiktok = try #require(posts.first { $0["platform"] as? String == "tiktok" })
            #expect((tiktok["figures"] as? [String: Any])?["saves"] == nil)
            #expect(tiktok["post_id"] as? String ?? tiktok["postId"] as? String != nil, "\(tiktok)")
            let groups = try #require(report["groups"] as? [[String: Any]])
            let tue = try #require(groups.first { $0["key"] as? String == "tue" })
            #expect(((tue["figures"] as? [String: Any])?["views"] as? NSNumber)?.doubleValue == 4950)
            #expect(tue["withViews"] as? Int == 3 && tue["posts"] as? Int == 3)
            let text = try stats(["--at", Self.moment(30)])
            #expect(text.stdout.contains("best of 6 posts with views: tue on tiktok (3000)"), "\(text.stdout)")
            let page = week.folder.url.appendingPathComponent("stats.html")
            let html = try stats(["--html", page.path, "--at", Self.moment(30)])
            #expect(html.status == 0)
            let written = try String(contentsOf: page, encoding: .utf8)
            #expect(written.contains("<svg") && written.contains("Cost per 1,000 views by series") && !written.contains("<script"))
            // The review gallery's cards carry each platform's figures and the views-over-time chart.
            let review = try TestSupport.runFactory(["review", "--output", week.output.path], in: week.folder.url, environment: environment)
            let gallery = try String(contentsOf: week.weekFolder.appendingPathComponent("index.html"), encoding: .utf8)
            #expect(gallery.contains("<svg class=\"spark\"") && gallery.contains("TikTok: 3000 views"), "\(review.stdout)\(review.stderr)")
            if let keep = ProcessInfo.processInfo.environment["FACTORY_KEEP_SCREENSHOTS"] {
                try? FileManager.default.copyItem(at: page, to: URL(fileURLWithPath: keep + "/stats.html"))
                try? FileManager.default.copyItem(at: week.weekFolder.appendingPathComponent("index.html"), to: URL(fileURLWithPath: keep + "/gallery.html"))
            }
        }
    }

    @Test func aLimitDefersAndPrivatePostsAreFlaggedWithTheirCause() async throws {
        let week = try PublishWeek(publish: """
            publish: { platforms: [tiktok, youtube], approval: auto, tiktok: { mode: direct, privacy: SELF_ONLY }, youtube: { privacy: private } }
            """, items: [("mon", "monday", 1_300_000)])
        let config = Self.config { $0.youtubeUnitsPerDay = 0 }
        try await FakeProviderServer.withRunning(FakeProviderConfig(platforms: config)) { server in
            let environment = week.environment(server, config: config)
            #expect(try week.publish(server, config: config, at: "2026-11-23T18:00").status == 0)
            await server.advancePlatformClock(by: 8 * 3600)
            let poll = try TestSupport.runFactory(["stats", week.manifest, "--poll", "--at", Self.moment(8)], in: week.folder.url,
                                                  environment: environment)
            // YouTube's quota is spent: exit 3, its read waits; TikTok's (a SELF_ONLY post: no id, no figures) is kept.
            #expect(poll.status == 3, "\(poll.stdout)\(poll.stderr)")
            #expect(poll.stdout.contains("YouTube deferred: YouTube's daily quota is used up"), "\(poll.stdout)")
            #expect(poll.stdout.contains("1 snapshot recorded"), "\(poll.stdout)")
            let text = try TestSupport.runFactory(["stats", week.manifest, "--at", Self.moment(8)], in: week.folder.url, environment: environment)
            #expect(text.stdout.contains("mon on tiktok: posted SELF_ONLY"), "\(text.stdout)")
            #expect(text.stdout.contains("mon on youtube: YouTube has it private"), "\(text.stdout)")
            // A missing figure is shown as —, never 0.
            let tiktokRow = try #require(text.stdout.split(separator: "\n").first { $0.hasPrefix("mon") && $0.contains("tiktok") })
            #expect(tiktokRow.contains("—") && !tiktokRow.contains(" 0 "), "\(tiktokRow)")
        }
    }
}
