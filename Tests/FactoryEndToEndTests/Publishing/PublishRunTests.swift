import FactoryCore
import FactoryFakeProviders
import FactoryTesting
import Foundation
import Testing

/// `factory approve` and `factory publish` end to end against the fake platforms: the schedule,
/// approvals, one post per item and platform, deferrals, failures, token refresh and rotation.
@Suite(.serialized) struct PublishRunTests {
    /// The landed posts are exactly `expected` ("platform item": count), with every post in the message otherwise.
    func expectLanded(_ server: FakeProviderServer, _ week: PublishWeek, _ expected: [String: Int], sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let posts = await server.platformPosts()
        #expect(FakeProviderServer.landed(posts, week: week) == expected, "\(posts)", sourceLocation: sourceLocation)
    }

    static let beforeMonday = "2026-11-23T17:59"
    static let monday = "2026-11-23T18:00"
    static let tuesday = "2026-11-24T18:05"

    @Test func beforeItsTimeNothingThenEachApprovedItemOnceAndASecondPublishPostsNothing() async throws {
        let week = try PublishWeek()
        let config = PublishWeek.platforms()
        try await FakeProviderServer.withRunning(FakeProviderConfig(platforms: config)) { server in
            #expect(try week.approve(["mon"]).status == 0)
            var out = try week.publish(server, config: config, at: Self.beforeMonday)
            #expect(out.status == 0, "\(out.stdout)\(out.stderr)")
            #expect(await server.platformPosts().isEmpty)
            out = try week.publish(server, config: config, at: Self.monday)
            #expect(out.status == 0, "\(out.stdout)\(out.stderr)")
            try await expectLanded(server, week, ["tiktok mon": 1, "youtube mon": 1, "instagram mon": 1])
            #expect(out.stdout.contains("POSTED") && out.stdout.contains("https://www.youtube.com/shorts/"), "\(out.stdout)")
            // Tuesday's item is not approved: at its time it is still not posted; Monday's is not posted again.
            out = try week.publish(server, config: config, at: Self.tuesday)
            #expect(out.status == 0, "\(out.stdout)\(out.stderr)")
            #expect(out.stdout.contains("not approved (factory approve tue)"), "\(out.stdout)")
            try await expectLanded(server, week, ["tiktok mon": 1, "youtube mon": 1, "instagram mon": 1])
            // Approved, it goes out; revoked before its time, it would not have.
            #expect(try week.approve(["tue"]).status == 0)
            out = try week.publish(server, config: config, at: Self.tuesday)
            #expect(out.status == 0, "\(out.stdout)\(out.stderr)")
            #expect(await server.landed(week).values.reduce(0, +) == 6)
            #expect(await server.platformPosts().count == 6)
            // review and the gallery show the approval and where each item went, with its link.
            let review = try TestSupport.runFactory(["review", "--output", week.output.path], in: week.folder.url)
            #expect(review.stdout.contains("mon: approved by") && review.stdout.contains("YouTube: posted https://www.youtube.com/shorts/"),
                    "\(review.stdout)\(review.stderr)")
            let page = try String(contentsOf: week.weekFolder.appendingPathComponent("index.html"), encoding: .utf8)
            #expect(page.contains("<li data-platform=\"youtube\"><strong>YouTube</strong>: posted <a href=\"https://www.youtube.com/shorts/"))
        }
    }

    @Test func aRegeneratedItemIsPostedOnlyWhenApprovedAgainAndTheOldPostIsReported() async throws {
        let week = try PublishWeek(publish: "publish: { platforms: [youtube] }", items: [("mon", "monday", 400_000)])
        let config = PublishWeek.platforms()
        try await FakeProviderServer.withRunning(FakeProviderConfig(platforms: config)) { server in
            #expect(try week.approve(["mon"]).status == 0)
            #expect(try week.publish(server, config: config, at: Self.monday).status == 0)
            try PublishWeek.bundle("mon", bytes: 400_000, in: week.weekFolder, salt: 1)
            var out = try week.publish(server, config: config, at: Self.tuesday)
            #expect(out.stdout.contains("regenerated since it was approved"), "\(out.stdout)")
            #expect(await server.platformPosts().count == 1)
            #expect(try week.approve(["mon"]).status == 0)
            out = try week.publish(server, config: config, at: Self.tuesday)
            #expect(out.status == 0 && out.stdout.contains("the earlier version's post stays up"), "\(out.stdout)\(out.stderr)")
            #expect(await server.platformPosts().filter(\.landed).count == 2)
            let revoked = try week.approve(["mon"], ["--revoke"])
            #expect(revoked.status == 0 && revoked.stdout.contains("revoked mon"))
        }
    }

    @Test func capsDeferAndALaterPublishFinishes() async throws {
        let week = try PublishWeek(publish: "publish: { platforms: [tiktok, instagram], approval: auto }",
                                   items: [("mon", "monday", 300_000), ("tue", "monday", 340_000), ("wed", "monday", 380_000)])
        let config = PublishWeek.platforms { config in
            config.tiktok.initPerMinute = 1
            // Windows longer than one publish takes (it polls each post's status every few seconds).
            config.tiktok.rateWindowSeconds = 12
            config.instagram.quotaTotal = 1
            config.instagram.quotaDuration = 12
        }
        try await FakeProviderServer.withRunning(FakeProviderConfig(platforms: config)) { server in
            var out = try week.publish(server, config: config, at: Self.monday)
            #expect(out.status == 3, "\(out.stdout)\(out.stderr)")
            #expect(out.stdout.contains("DEFERRED"), "\(out.stdout)")
            // Each line says each thing once, and an item held back by a cap says why without
            // repeating the other item's refusal.
            for line in out.stdout.split(separator: "\n") {
                for phrase in ["the next publish", "nothing was posted", "posts anew", "asks again"] {
                    #expect(line.components(separatedBy: phrase).count <= 2, "repeated \"\(phrase)\": \(line)")
                }
            }
            let held = out.stdout.split(separator: "\n").filter { $0.contains("held back") }
            #expect(held.count == 2 && held.allSatisfy { $0.contains("wed →") && $0.contains("deferred tue earlier in this publish") },
                    "\(out.stdout)")
            #expect(held.allSatisfy { !$0.contains("rate_limit") && !$0.contains("publishing limit") }, "\(out.stdout)")
            #expect(await server.landed(week).values.reduce(0, +) == 2)
            for _ in 0..<3 where out.status != 0 {
                try await Task.sleep(for: .seconds(12.5))
                out = try week.publish(server, config: config, at: Self.monday)
            }
            #expect(out.status == 0, "\(out.stdout)\(out.stderr)")
            try await expectLanded(server, week, ["tiktok mon": 1, "tiktok tue": 1, "tiktok wed": 1,
                                                  "instagram mon": 1, "instagram tue": 1, "instagram wed": 1])
        }
    }

    @Test func aTextSetByHandIsWhatIsPostedAndAnOverLongOneIsRefused() async throws {
        let week = try PublishWeek(publish: "publish: { platforms: [youtube, instagram], approval: auto }", items: [("mon", "monday", 300_000)])
        let config = PublishWeek.platforms()
        try await FakeProviderServer.withRunning(FakeProviderConfig(platforms: config)) { server in
            let tooLong = try TestSupport.runFactory(["caption", "mon", "--platform", "instagram", "--caption", String(repeating: "a", count: 2201),
                                                      "--manifest", week.manifest], in: week.folder.url)
            #expect(tooLong.status == 2 && tooLong.stderr.contains("Instagram takes at most 2200"), "\(tooLong.stderr)")
            let set = try TestSupport.runFactory(["caption", "mon", "--platform", "instagram", "--caption", "Edited by hand #calm",
                                                  "--manifest", week.manifest], in: week.folder.url)
            #expect(set.status == 0, "\(set.stdout)\(set.stderr)")
            let titled = try TestSupport.runFactory(["caption", "mon", "--platform", "youtube", "--title", "A better title",
                                                     "--caption", "The description #calm", "--manifest", week.manifest], in: week.folder.url)
            #expect(titled.status == 0, "\(titled.stdout)\(titled.stderr)")
            let out = try week.publish(server, config: config, at: Self.monday)
            #expect(out.status == 0, "\(out.stdout)\(out.stderr)")
            let posts = await server.platformPosts().filter(\.landed)
            #expect(posts.first { $0.platform == "instagram" }?.title == "Edited by hand #calm", "\(posts)")
            let video = posts.first { $0.platform == "youtube" }
            #expect(video?.title == "A better title" && video?.fields["description"] == "The description #calm", "\(posts)")
        }
    }

    @Test func aFailedPostIsReportedWithThePlatformsReasonAndPostedAgainNextTime() async throws {
        let week = try PublishWeek(publish: "publish: { platforms: [tiktok], approval: auto }", items: [("mon", "monday", 300_000)])
        let config = PublishWeek.platforms { $0.tiktok.failNext = 1 }
        try await FakeProviderServer.withRunning(FakeProviderConfig(platforms: config)) { server in
            var out = try week.publish(server, config: config, at: Self.monday)
            #expect(out.status == 1, "\(out.stdout)\(out.stderr)")
            #expect(out.stdout.contains("FAILED") && out.stdout.contains(config.tiktok.failReason), "\(out.stdout)")
            out = try week.publish(server, config: config, at: Self.monday)
            #expect(out.status == 0, "\(out.stdout)\(out.stderr)")
            try await expectLanded(server, week, ["tiktok mon": 1])
        }
    }

    @Test func anExpiredTokenIsRefreshedAndTheRotatedRefreshTokenIsKeptWithNoTokenInAnyFileOrLog() async throws {
        let week = try PublishWeek(publish: "publish: { platforms: [tiktok, youtube], approval: auto }")
        let config = PublishWeek.platforms { config in
            config.tiktok.accessSeconds = 1
            config.youtube.accessSeconds = 1
        }
        try await FakeProviderServer.withRunning(FakeProviderConfig(platforms: config)) { server in
            var logs = ""
            var out = try week.publish(server, config: config, at: Self.monday)
            logs += out.stdout + out.stderr
            #expect(out.status == 0, "\(logs)")
            let tokenFile = week.state.appendingPathComponent("tokens/tiktok.json")
            let mode = (try FileManager.default.attributesOfItem(atPath: tokenFile.path)[.posixPermissions] as? NSNumber)?.intValue
            #expect(mode == 0o600)
            try await Task.sleep(for: .seconds(1.5))
            // The seed's refresh token was rotated away: this publish must use the saved one.
            out = try week.publish(server, config: config, at: Self.tuesday)
            logs += out.stdout + out.stderr
            #expect(out.status == 0, "\(logs)")
            try await expectLanded(server, week, ["tiktok mon": 1, "tiktok tue": 1, "youtube mon": 1, "youtube tue": 1])
            let secrets = try Regex(#"(act|rft)\.[A-Za-z0-9_\-]{6,}|tiktok-seed-rft|google-seed-rft|IGfake"#)
            #expect(logs.firstMatch(of: secrets) == nil, "\(logs)")
            for file in FileManager.default.enumerator(at: week.output, includingPropertiesForKeys: nil)?.compactMap({ $0 as? URL }) ?? [] {
                guard let data = try? Data(contentsOf: file) else { continue }
                let text = String(decoding: data, as: UTF8.self)
                #expect(text.firstMatch(of: secrets) == nil, "a token in \(file.path)")
            }
        }
    }
}
