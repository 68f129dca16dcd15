import FactoryCore
import FactoryFakeProviders
@testable import FactoryPublishing
import Foundation
import NIOHTTP1
import Testing

/// A publish killed at each step, carried on by the next; the limit; expiry.
extension InstagramClientTests {
    /// Where the first publish dies.
    enum Kill: String, CaseIterable, Sendable {
        /// Before saving the container: the journal still says intent (an orphan container stays behind).
        case beforeContainerSaved
        /// Every byte went, but `.uploaded` was not saved: the journal says started.
        case beforeUploadedSaved
        /// `.uploaded` saved, killed before `media_publish`.
        case beforePublishing
        /// `media_publish` answered, its media id not saved.
        case afterMediaPublish

        func crashes(_ step: PostStep, _ details: PostDetails) -> Bool {
            switch self {
            case .beforeContainerSaved: step == .started
            case .beforeUploadedSaved: step == .uploaded
            case .beforePublishing: step == .publishing && details[.media] == nil
            case .afterMediaPublish: details[.media] != nil
            }
        }
    }

    @Test("killed at any step, the next publish ends with exactly one PUBLISHED reel and one media_publish", arguments: Kill.allCases)
    func resume(after kill: Kill) async throws {
        try await FakeProviderServer.withRunning(Self.config()) { server in
            let request = try Self.request()
            let journal = Journal { step, details in kill.crashes(step, details) }
            try await Self.withClient(server) { client in
                await #expect(throws: PublishError.self) { _ = try await client.post(request, saved: nil, progress: journal) }
                let saved = await journal.saved ?? SavedPost(remoteId: nil, step: .intent)
                let next = Journal()
                let outcome = try await client.post(request, saved: saved, progress: next)
                guard case .posted(let media, _) = outcome else { Issue.record("not posted: \(outcome)"); return }
                let reels = await Self.landed(server)
                #expect(reels.count == 1)
                #expect(reels.first?.fields["media_id"] == media)
                #expect(reels.first?.fields["publish_calls"] == "1")
            }
        }
    }

    @Test("a publish killed mid-upload sends the whole file again; the host holding half refuses it (2207053), the container is closed and a new one lands once")
    func midUpload() async throws {
        try await FakeProviderServer.withRunning(Self.config()) { server in
            let request = try Self.request()
            let bytes = try Data(contentsOf: request.video)
            let graph = try #require(server.baseURLs["instagram"])
            let http = PlatformHTTP()
            // What the killed publish got done: a container, and half the video.
            let create = try await http.send(.POST, try #require(URL(string: "\(graph)/v24.0/\(Self.user)/media")),
                                             headers: [("Authorization", "Bearer \(Self.seedToken)"),
                                                       ("Content-Type", "application/x-www-form-urlencoded")],
                                             body: PlatformHTTP.form([("media_type", "REELS"), ("upload_type", "resumable"),
                                                                      ("caption", request.caption), ("is_ai_generated", "true")]),
                                             platform: .instagram)
            let container = try #require(create.json?["id"] as? String)
            let uri = try #require(create.json?["uri"] as? String)
            let half = try await http.send(.POST, try #require(URL(string: uri)),
                                           headers: [("Authorization", "OAuth \(Self.seedToken)"), ("offset", "0"),
                                                     ("file_size", String(bytes.count))],
                                           body: bytes.prefix(bytes.count / 2), platform: .instagram)
            await http.shutdown()
            #expect(half.status == 200)
            #expect(await server.platformPosts().first?.status == "IN_PROGRESS")
            let saved = SavedPost(remoteId: container, details: [.container: container, .mode: "resumable", .uploadURI: uri], step: .started)
            let outcome = try await Self.withClient(server) { try await $0.post(request, saved: saved, progress: Journal()) }
            guard case .abandoned(let reason) = outcome else { Issue.record("not abandoned: \(outcome)"); return }
            #expect(reason.contains(container) && reason.contains("2207053"), "\(reason)")
            #expect(await server.platformPosts().first { $0.id == container }?.status == "ERROR")
            // The publisher then begins a new post: a new container, which lands; the old one never does.
            let fresh = try await Self.withClient(server) { try await $0.post(request, saved: nil, progress: Journal()) }
            guard case .posted = fresh else { Issue.record("not posted: \(fresh)"); return }
            let posts = await server.platformPosts()
            #expect(posts.count == 2 && posts.filter(\.landed).count == 1)
            #expect(posts.first { $0.id == container }?.landed == false)
        }
    }

    @Test("quota 1: the second post is deferred before any container; a FINISHED container hitting the limit is deferred and kept; after the window both land")
    func publishingLimit() async throws {
        try await FakeProviderServer.withRunning(Self.config { $0.quotaTotal = 1; $0.quotaDuration = 3 }) { server in
            let first = try Self.request("mon")
            let second = try Self.request("tue", caption: "Tuesday #quote")
            let third = try Self.request("wed", caption: "Wednesday #quote")
            try await Self.withClient(server) { client in
                // Wednesday's container is made and finished, but its publish is killed before media_publish.
                let killed = Journal { step, details in step == .publishing && details[.media] == nil }
                await #expect(throws: PublishError.self) { _ = try await client.post(third, saved: nil, progress: killed) }
                guard case .posted = try await client.post(first, saved: nil, progress: Journal()) else { Issue.record("mon not posted"); return }
                let deferred = try await client.post(second, saved: nil, progress: Journal())
                guard case .deferred(let reason) = deferred else { Issue.record("not deferred: \(deferred)"); return }
                #expect(reason.contains("publishing limit (1 per 3 s)"))
                #expect(await server.platformPosts().count == 2)  // no container for Tuesday
                // media_publish itself refused with code 9: deferred, the container kept.
                let saved = try #require(await killed.saved)
                let again = try await client.post(third, saved: saved, progress: Journal())
                guard case .deferred = again else { Issue.record("not deferred: \(again)"); return }
                try await Task.sleep(for: .seconds(3.2))
                guard case .posted = try await client.post(second, saved: nil, progress: Journal()) else { Issue.record("tue not posted"); return }
                try await Task.sleep(for: .seconds(3.2))
                guard case .posted = try await client.post(third, saved: saved, progress: Journal()) else { Issue.record("wed not posted"); return }
            }
            let reels = await Self.landed(server)
            #expect(reels.map(\.title).sorted() == [first.caption, second.caption, third.caption].sorted())
            #expect(reels.allSatisfy { $0.fields["publish_calls"] == "1" || $0.title == third.caption })
        }
    }

    @Test("an expired container is closed for a new one; the new container lands")
    func expired() async throws {
        try await FakeProviderServer.withRunning(Self.config { $0.containerLifetimeSeconds = 1.5; $0.processingSeconds = 0.1 }) { server in
            let request = try Self.request()
            try await Self.withClient(server) { client in
                let killed = Journal { step, _ in step == .publishing }
                await #expect(throws: PublishError.self) { _ = try await client.post(request, saved: nil, progress: killed) }
                try await Task.sleep(for: .seconds(1.7))
                let outcome = try await client.post(request, saved: await killed.saved, progress: Journal())
                guard case .abandoned(let reason) = outcome else { Issue.record("not abandoned: \(outcome)"); return }
                #expect(reason.contains("expired"), "\(reason)")
                guard case .posted = try await client.post(request, saved: nil, progress: Journal()) else { Issue.record("not posted"); return }
            }
            let all = await server.platformPosts()
            #expect(all.map(\.status) == ["EXPIRED", "PUBLISHED"])
        }
    }
}
