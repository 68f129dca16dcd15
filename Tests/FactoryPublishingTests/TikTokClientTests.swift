import FactoryCore
import FactoryFakeProviders
@testable import FactoryPublishing
import Foundation
import Testing

@Suite("TikTok client against the fake")
struct TikTokClientTests {
    static let seedRefresh = "rft.seeded-refresh-0001"

    static func config(_ change: (inout FakeTikTok.Config) -> Void = { _ in }) -> FakeProviderConfig {
        var tiktok = FakeTikTok.Config()
        tiktok.refreshTokens = [seedRefresh]
        tiktok.processingSeconds = 0.2
        change(&tiktok)
        return FakeProviderConfig(platforms: FakePlatformConfig(tiktok: tiktok))
    }

    static var seed: OAuthToken { OAuthToken(accessToken: "", refreshToken: seedRefresh) }

    static func client(_ server: FakeProviderServer, _ http: PlatformHTTP, vault: PostingTestVault = PostingTestVault(),
                       clock: WallClock = .system, wait: Duration = .seconds(5)) throws -> TikTokClient {
        var client = TikTokClient(context: try PostingHarness.context(server, platform: .tiktok, vault: vault, seed: seed,
                                                                        clock: clock, wait: wait), http: http)
        client.preferredChunk = 5 << 20
        return client
    }

    @Test("an inbox upload lands once in the inbox; publish_id and upload_url are saved before the bytes")
    func inbox() async throws {
        try await FakeProviderServer.withRunning(Self.config()) { server in
            try await PostingHarness.withHTTP { http in
                let progress = RecordedProgress()
                let outcome = try await Self.client(server, http).post(try PostingHarness.request(try PostingHarness.video(bytes: 1 << 20)),
                                                                       saved: nil, progress: progress)
                let saved = try #require(await progress.saved)
                #expect(outcome == .posted(remoteId: saved.remoteId ?? "?", url: nil))
                #expect(await progress.steps == [.started, .uploaded])
                #expect(saved.details[.uploadURL]?.contains("upload_token=") == true)
                let posts = await server.platformPosts()
                #expect(posts.count == 1)
                #expect(posts.first?.landed == true && posts.first?.status == "SEND_TO_USER_INBOX")
                #expect(posts.first?.fields["mode"] == "inbox" && posts.first?.bytes == 1 << 20)
            }
        }
    }

    @Test("a public direct post lands once, in chunks, with its privacy, AI label and post URL")
    func direct() async throws {
        try await FakeProviderServer.withRunning(Self.config()) { server in
            try await PostingHarness.withHTTP { http in
                let request = try PostingHarness.request(try PostingHarness.video(bytes: 12 << 20),
                                                         tiktok: .init(mode: .direct, privacy: .everyone, disableDuet: true))
                let outcome = try await Self.client(server, http).post(request, saved: nil, progress: RecordedProgress())
                guard case .posted(let id, let url) = outcome else { Issue.record("not posted: \(outcome)"); return }
                #expect(url == "https://www.tiktok.com/@fake.creator/video/\(id)")
                let landed = await PostingHarness.landed(server, "tiktok")
                #expect(landed.count == 1)
                #expect(landed.first?.fields["privacy_level"] == "PUBLIC_TO_EVERYONE")
                #expect(landed.first?.fields["is_aigc"] == "true" && landed.first?.fields["disable_duet"] == "true")
                #expect(landed.first?.title == request.caption && landed.first?.bytes == 12 << 20)
            }
        }
    }

    @Test("a privacy the creator's account does not offer fails before anything is sent, naming publish.tiktok.privacy")
    func privacyNotOffered() async throws {
        try await FakeProviderServer.withRunning(Self.config { $0.privacyOptions = ["SELF_ONLY"] }) { server in
            try await PostingHarness.withHTTP { http in
                let request = try PostingHarness.request(try PostingHarness.video(bytes: 1 << 20), tiktok: .init(mode: .direct, privacy: .everyone))
                let progress = RecordedProgress()
                let outcome = try await Self.client(server, http).post(request, saved: nil, progress: progress)
                guard case .failed(let reason) = outcome else { Issue.record("not failed: \(outcome)"); return }
                #expect(reason.contains("publish.tiktok.privacy") && reason.contains("PUBLIC_TO_EVERYONE") && reason.contains("SELF_ONLY"))
                #expect(await server.platformPosts().isEmpty)
                #expect(await progress.steps.isEmpty)
            }
        }
    }

    @Test("FAILED ends as .failed with TikTok's fail_reason")
    func failed() async throws {
        try await FakeProviderServer.withRunning(Self.config { $0.failNext = 1; $0.failReason = "file_format_check_failed" }) { server in
            try await PostingHarness.withHTTP { http in
                let outcome = try await Self.client(server, http).post(try PostingHarness.request(try PostingHarness.video(bytes: 1 << 20)),
                                                                       saved: nil, progress: RecordedProgress())
                guard case .failed(let reason) = outcome else { Issue.record("not failed: \(outcome)"); return }
                #expect(reason.contains("file_format_check_failed"))
                #expect(await PostingHarness.landed(server, "tiktok").isEmpty)
            }
        }
    }

    @Test("a rate-limited init is deferred with nothing posted; a minute (here a second) later it posts")
    func rateLimited() async throws {
        try await FakeProviderServer.withRunning(Self.config { $0.initPerMinute = 1; $0.rateWindowSeconds = 1.5 }) { server in
            try await PostingHarness.withHTTP { http in
                let client = try Self.client(server, http)
                let request = try PostingHarness.request(try PostingHarness.video(bytes: 1 << 20))
                guard case .posted = try await client.post(request, saved: nil, progress: RecordedProgress()) else {
                    Issue.record("first post did not land"); return
                }
                let second = RecordedProgress()
                let deferred = try await client.post(request, saved: nil, progress: second)
                guard case .deferred(let reason) = deferred else { Issue.record("not deferred: \(deferred)"); return }
                #expect(reason.contains("rate_limit_exceeded"))
                #expect(await second.steps.isEmpty)
                #expect(await server.platformPosts().count == 1)
                try await Task.sleep(for: .milliseconds(1600))
                guard case .posted = try await client.post(request, saved: await second.saved, progress: second) else {
                    Issue.record("the later post did not land"); return
                }
                #expect(await PostingHarness.landed(server, "tiktok").count == 2)
            }
        }
    }

    @Test("a restart from a bare intent posts anew, once")
    func restartFromIntent() async throws {
        try await FakeProviderServer.withRunning(Self.config()) { server in
            try await PostingHarness.withHTTP { http in
                let outcome = try await Self.client(server, http).post(try PostingHarness.request(try PostingHarness.video(bytes: 1 << 20)),
                                                                       saved: SavedPost(remoteId: nil, step: .intent), progress: RecordedProgress())
                guard case .posted = outcome else { Issue.record("not posted: \(outcome)"); return }
                #expect(await server.platformPosts().count == 1)
            }
        }
    }

    @Test("a restart after an interrupted upload sends the missing chunks to the same publish_id: one post")
    func restartFromPartialUpload() async throws {
        try await FakeProviderServer.withRunning(Self.config { $0.failUploadAtBytes = 6 << 20 }) { server in
            try await PostingHarness.withHTTP { http in
                let client = try Self.client(server, http)
                let request = try PostingHarness.request(try PostingHarness.video(bytes: 12 << 20), tiktok: .init(mode: .direct))
                let progress = RecordedProgress()
                await #expect(throws: PublishError.self) { _ = try await client.post(request, saved: nil, progress: progress) }
                let saved = try #require(await progress.saved)
                #expect(saved.step == .started)
                #expect(await server.platformPosts().first?.bytes == 5 << 20)
                let outcome = try await client.post(request, saved: saved, progress: progress)
                #expect(outcome == .posted(remoteId: saved.remoteId ?? "?", url: nil))
                let posts = await server.platformPosts()
                #expect(posts.count == 1 && posts.first?.landed == true && posts.first?.bytes == 12 << 20)
            }
        }
    }

    @Test("a restart after the upload asks status/fetch and never inits again")
    func restartFromUploaded() async throws {
        try await FakeProviderServer.withRunning(Self.config { $0.processingSeconds = 1 }) { server in
            try await PostingHarness.withHTTP { http in
                let request = try PostingHarness.request(try PostingHarness.video(bytes: 1 << 20))
                let progress = RecordedProgress()
                let vault = PostingTestVault()
                let first = try await Self.client(server, http, vault: vault, wait: .milliseconds(100)).post(request, saved: nil, progress: progress)
                guard case .processing = first else { Issue.record("not processing: \(first)"); return }
                let saved = try #require(await progress.saved)
                #expect(saved.step == .uploaded)
                let second = try await Self.client(server, http, vault: vault).post(request, saved: saved, progress: progress)
                #expect(second == .posted(remoteId: saved.remoteId ?? "?", url: nil))
                #expect(await server.platformPosts().count == 1)
            }
        }
    }

    @Test("a lapsed upload URL never frees a new post by itself: TikTok's FAILED does, and the next post lands once")
    func uploadURLGone() async throws {
        try await FakeProviderServer.withRunning(Self.config { $0.failUploadAtBytes = 6 << 20; $0.uploadURLSeconds = 2 }) { server in
            try await PostingHarness.withHTTP { http in
                let client = try Self.client(server, http)
                let request = try PostingHarness.request(try PostingHarness.video(bytes: 12 << 20))
                let progress = RecordedProgress()
                await #expect(throws: PublishError.self) { _ = try await client.post(request, saved: nil, progress: progress) }
                let saved = try #require(await progress.saved)
                // A chunk refused (here: a spoilt upload token) while status/fetch still says
                // PROCESSING_UPLOAD with bytes missing: the post is kept open, nothing new begun.
                let held = try await client.upload(request.video, plan: TikTokChunkPlan(size: 12 << 20, chunkSize: 5 << 20), from: 1,
                                                   to: (saved.details[.uploadURL] ?? "") + "spoilt", publishId: saved.remoteId ?? "",
                                                   username: nil, progress: progress)
                guard case .processing(let why) = held else { Issue.record("not kept open: \(held)"); return }
                #expect(why.contains("kept open"), "\(why)")
                // Past the URL's lifetime TikTok (here the fake's choice) fails it: that frees a new post.
                try await Task.sleep(for: .milliseconds(2100))
                let outcome = try await client.post(request, saved: saved, progress: progress)
                guard case .failed(let reason) = outcome else { Issue.record("not failed: \(outcome)"); return }
                #expect(reason.contains("upload_url_expired"), "\(reason)")
                #expect(await server.platformPosts().count == 1)
                guard case .posted = try await client.post(request, saved: nil, progress: RecordedProgress()) else {
                    Issue.record("the new post did not land"); return
                }
                #expect(await PostingHarness.landed(server, "tiktok").count == 1)
            }
        }
    }

    @Test("a chunk refused because TikTok already has every byte asks status/fetch and records that post: never a second init")
    func refusedChunkOfACompleteUpload() async throws {
        try await FakeProviderServer.withRunning(Self.config { $0.processingSeconds = 0.5 }) { server in
            try await PostingHarness.withHTTP { http in
                let client = try Self.client(server, http)
                let request = try PostingHarness.request(try PostingHarness.video(bytes: 12 << 20), tiktok: .init(mode: .direct))
                // Every byte went; the publish died before it could write `.uploaded`.
                let killed = RecordedProgress { $0 == .uploaded }
                await #expect(throws: PublishError.self) { _ = try await client.post(request, saved: nil, progress: killed) }
                let saved = try #require(await killed.saved)
                #expect(saved.step == .started)
                // The next publish's resend of the last chunk is refused: the upload is complete.
                let plan = TikTokChunkPlan(size: 12 << 20, chunkSize: 5 << 20)
                let outcome = try await client.upload(request.video, plan: plan, from: plan.count - 1, to: saved.details[.uploadURL] ?? "",
                                                      publishId: saved.remoteId ?? "", username: nil, progress: RecordedProgress())
                guard case .posted = outcome else { Issue.record("not posted: \(outcome)"); return }
                let posts = await server.platformPosts()
                #expect(posts.count == 1 && posts.first?.landed == true, "\(posts)")
            }
        }
    }
}

@Suite("The fake TikTok's upload URL after a client dies")
struct FakeTikTokUploadTests {
    @Test("a chunk after the last byte is refused as not continuing the upload at N of N")
    func chunkAfterComplete() async throws {
        try await FakeProviderServer.withRunning(TikTokClientTests.config()) { server in
            try await PostingHarness.withHTTP { http in
                let client = try TikTokClientTests.client(server, http)
                let request = try PostingHarness.request(try PostingHarness.video(bytes: 1 << 20))
                let progress = RecordedProgress()
                _ = try await client.post(request, saved: nil, progress: progress)
                let url = try #require(URL(string: await progress.saved?.details[.uploadURL] ?? ""))
                let bytes = try Data(contentsOf: request.video)
                let again = try await http.send(.PUT, url, headers: [("Content-Type", "video/mp4"),
                                                                     ("Content-Range", "bytes 0-\(bytes.count - 1)/\(bytes.count)")],
                                                body: bytes, platform: .tiktok)
                #expect(again.status == 400)
                #expect(again.text.contains("invalid_file_upload") && again.text.contains("does not continue the upload at \(bytes.count) of \(bytes.count)"),
                        "\(again.text)")
            }
        }
    }
}
