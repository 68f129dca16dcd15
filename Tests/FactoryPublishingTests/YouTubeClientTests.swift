import FactoryCore
import FactoryFakeProviders
@testable import FactoryPublishing
import Foundation
import Testing

@Suite("YouTube client against the fake")
struct YouTubeClientTests {
    static let seedRefresh = "1//g-seeded-refresh-0001"

    static func config(_ change: (inout FakeYouTube.Config) -> Void = { _ in }) -> FakeProviderConfig {
        var youtube = FakeYouTube.Config()
        youtube.refreshTokens = [seedRefresh]
        youtube.processingSeconds = 0.2
        change(&youtube)
        return FakeProviderConfig(platforms: FakePlatformConfig(youtube: youtube))
    }

    static func client(_ server: FakeProviderServer, _ http: PlatformHTTP, vault: PostingTestVault = PostingTestVault(),
                       wait: Duration = .seconds(5)) throws -> YouTubeClient {
        var client = YouTubeClient(context: try PostingHarness.context(server, platform: .youtube, vault: vault,
                                                                         seed: OAuthToken(accessToken: "", refreshToken: seedRefresh),
                                                                         wait: wait), http: http)
        client.chunkBytes = 256 << 10
        return client
    }

    static let settings = YouTubeSettings(privacy: .private, publishAt: Date(timeIntervalSince1970: 1_800_000_000), madeForKids: false, categoryId: "26")

    @Test("an upload lands once as a Short with its metadata; the session, then the video id, are saved")
    func lands() async throws {
        try await FakeProviderServer.withRunning(Self.config()) { server in
            try await PostingHarness.withHTTP { http in
                let vault = PostingTestVault()
                let progress = RecordedProgress()
                let request = try PostingHarness.request(try PostingHarness.video(bytes: (1 << 20) + 1000), youtube: Self.settings)
                let outcome = try await Self.client(server, http, vault: vault).post(request, saved: nil, progress: progress)
                let saved = try #require(await progress.saved)
                let video = try #require(saved.details[.video])
                #expect(outcome == .posted(remoteId: video, url: "https://www.youtube.com/shorts/\(video)"))
                #expect(await progress.steps == [.started, .uploaded] && saved.details[.session]?.contains("upload_id=") == true)
                let landed = await PostingHarness.landed(server, "youtube")
                #expect(landed.count == 1 && landed.first?.bytes == (1 << 20) + 1000)
                #expect(landed.first?.fields["containsSyntheticMedia"] == "true" && landed.first?.fields["selfDeclaredMadeForKids"] == "false")
                #expect(landed.first?.fields["privacyStatus"] == "private" && landed.first?.fields["publishAt"] != nil)
                #expect(landed.first?.fields["tags"] == "quotes,monday" && landed.first?.fields["categoryId"] == "26")
                // Google sent no new refresh token: the old one is kept with the new access token.
                let token = try #require(await vault.tokens[.youtube])
                #expect(token.refreshToken == Self.seedRefresh && !token.accessToken.isEmpty)
                #expect(token.expiresAt.map { abs($0.timeIntervalSinceNow - 3599) < 5 } == true)
            }
        }
    }

    @Test("an interrupted upload resumes from the 308's Range in the same session: one video")
    func resumesFromRange() async throws {
        try await FakeProviderServer.withRunning(Self.config { $0.failUploadAtBytes = 600 << 10 }) { server in
            try await PostingHarness.withHTTP { http in
                let vault = PostingTestVault()
                let client = try Self.client(server, http, vault: vault)
                let request = try PostingHarness.request(try PostingHarness.video(bytes: (1 << 20) + 1000))
                let progress = RecordedProgress()
                await #expect(throws: PublishError.self) { _ = try await client.post(request, saved: nil, progress: progress) }
                let saved = try #require(await progress.saved)
                #expect(saved.step == .started)
                #expect(await server.platformPosts().first?.bytes == 512 << 10)
                guard case .posted = try await client.post(request, saved: saved, progress: progress) else {
                    Issue.record("the resumed upload did not land"); return
                }
                let posts = await server.platformPosts()
                #expect(posts.count == 1 && posts.first?.landed == true && posts.first?.bytes == (1 << 20) + 1000)
            }
        }
    }

    @Test("restarts from an intent, from an expired session and from the uploaded video each end with one video")
    func restarts() async throws {
        try await FakeProviderServer.withRunning(Self.config { $0.sessionSeconds = 0.5; $0.processingSeconds = 1 }) { server in
            try await PostingHarness.withHTTP { http in
                let vault = PostingTestVault()
                let request = try PostingHarness.request(try PostingHarness.video(bytes: 300_000))
                // Intent only: nothing was sent, so a new insert.
                let fromIntent = RecordedProgress()
                let first = try await Self.client(server, http, vault: vault, wait: .milliseconds(100))
                    .post(request, saved: SavedPost(remoteId: nil, step: .intent), progress: fromIntent)
                guard case .processing = first else { Issue.record("not processing: \(first)"); return }
                // Uploaded: the saved video id is polled, never inserted again.
                let uploaded = try #require(await fromIntent.saved)
                #expect(uploaded.step == .uploaded)
                let again = try await Self.client(server, http, vault: vault).post(request, saved: uploaded, progress: fromIntent)
                #expect(again == .posted(remoteId: uploaded.details[.video] ?? "?", url: "https://www.youtube.com/shorts/\(uploaded.details[.video] ?? "?")"))
                #expect(await server.platformPosts().count == 1)
                // A session whose URI has expired (404) whose video id was never saved: the channel's
                // uploads have a video of this title since it began, so that one is recorded.
                let began = ISO8601DateFormatter().string(from: Date().addingTimeInterval(-60))
                let sessionOnly = SavedPost(remoteId: uploaded.details[.session],
                                            details: [.session: uploaded.details[.session] ?? "", .began: began], step: .started)
                try await Task.sleep(for: .milliseconds(600))
                let found = try await Self.client(server, http, vault: vault).post(request, saved: sessionOnly, progress: RecordedProgress())
                #expect(found == .posted(remoteId: uploaded.details[.video] ?? "?", url: "https://www.youtube.com/shorts/\(uploaded.details[.video] ?? "?")"))
                #expect(await server.platformPosts().count == 1)
                // Gone, and nothing of another title on the channel: nothing can land from it, so a new insert.
                var other = request
                other.title = "Tuesday's quote"
                guard case .posted = try await Self.client(server, http, vault: vault).post(other, saved: sessionOnly, progress: RecordedProgress()) else {
                    Issue.record("the fresh insert did not land"); return
                }
                #expect(await PostingHarness.landed(server, "youtube").count == 2)
            }
        }
    }

    @Test("bytes sent again to a session that completed are refused; the client asks the session and records its video")
    func completedSession() async throws {
        try await FakeProviderServer.withRunning(Self.config()) { server in
            try await PostingHarness.withHTTP { http in
                let client = try Self.client(server, http)
                let request = try PostingHarness.request(try PostingHarness.video(bytes: 700_000))
                // The last PUT got its 201; the publish died before saving the video id.
                let killed = RecordedProgress { $0 == .uploaded }
                await #expect(throws: PublishError.self) { _ = try await client.post(request, saved: nil, progress: killed) }
                let saved = try #require(await killed.saved)
                let session = try #require(URL(string: saved.details[.session] ?? ""))
                let resend = try await client.call(.PUT, session, headers: [("Content-Range", "bytes 0-699999/700000")],
                                                   body: try Data(contentsOf: request.video))
                #expect(resend.status == 400, "\(resend.text)")
                // The client, sending from 0 as a naive resume would, is refused, asks, and gets the video.
                let result = try await client.upload(request.video, size: 700_000, to: session, from: 0)
                guard case .complete(let video) = result else { Issue.record("not complete: \(result)"); return }
                #expect(await server.platformPosts().map(\.id) == [video])
                let outcome = try await client.post(request, saved: saved, progress: RecordedProgress())
                #expect(outcome == .posted(remoteId: video, url: "https://www.youtube.com/shorts/\(video)"))
                #expect(await server.platformPosts().count == 1)
            }
        }
    }

    @Test("the daily insert quota defers the post, naming midnight Pacific; nothing is created")
    func quota() async throws {
        try await FakeProviderServer.withRunning(Self.config { $0.insertsPerDay = 1 }) { server in
            try await PostingHarness.withHTTP { http in
                let client = try Self.client(server, http)
                let request = try PostingHarness.request(try PostingHarness.video(bytes: 300_000))
                guard case .posted = try await client.post(request, saved: nil, progress: RecordedProgress()) else {
                    Issue.record("first upload did not land"); return
                }
                let progress = RecordedProgress()
                let outcome = try await client.post(request, saved: nil, progress: progress)
                guard case .deferred(let reason) = outcome else { Issue.record("not deferred: \(outcome)"); return }
                #expect(reason.contains("quotaExceeded") && reason.contains("midnight Pacific"))
                #expect(await progress.steps.isEmpty)
                #expect(await server.platformPosts().count == 1)
            }
        }
    }

    @Test("a failed upload ends as .failed with YouTube's failureReason")
    func failed() async throws {
        try await FakeProviderServer.withRunning(Self.config { $0.failNext = 1; $0.failReason = "codec" }) { server in
            try await PostingHarness.withHTTP { http in
                let outcome = try await Self.client(server, http).post(try PostingHarness.request(try PostingHarness.video(bytes: 300_000)),
                                                                       saved: nil, progress: RecordedProgress())
                guard case .failed(let reason) = outcome else { Issue.record("not failed: \(outcome)"); return }
                #expect(reason.contains("codec"))
                #expect(await PostingHarness.landed(server, "youtube").isEmpty)
            }
        }
    }

    @Test("factory auth: consent with PKCE, the exchange, doctor's check; a refused refresh names the fix without the token")
    func consentAndCheck() async throws {
        try await FakeProviderServer.withRunning(Self.config()) { server in
            try await PostingHarness.withHTTP { http in
                let client = try Self.client(server, http)
                let verifier = String(repeating: "google-verifier-", count: 4)
                let redirect = try #require(URL(string: "http://127.0.0.1:53682/"))
                let page = client.authorizationURL(redirect: redirect, state: "st-7", challenge: PostingHarness.challenge(verifier))
                #expect(page.absoluteString.contains("access_type=offline") && page.absoluteString.contains("prompt=consent"))
                let reply = try await http.send(.GET, page, platform: .youtube)
                let back = try #require(reply.headers["location"].flatMap(URLComponents.init(string:)))
                #expect(reply.status == 302 && back.queryItems?.first { $0.name == "state" }?.value == "st-7")
                let code = try #require(back.queryItems?.first { $0.name == "code" }?.value)
                let token = try await client.exchange(code: code, redirect: redirect, verifier: verifier)
                #expect(token.refreshToken != nil && token.scopes.contains("https://www.googleapis.com/auth/youtube.upload"))
                let checked = YouTubeClient(context: try PostingHarness.context(server, platform: .youtube, vault: PostingTestVault(token, for: .youtube), seed: nil), http: http)
                let check = await checked.check()
                #expect(check.ok && check.detail.contains("UCfakeChannel"))
                let secret = "1//g-unknown-refresh-token-77"
                let stranger = YouTubeClient(context: try PostingHarness.context(server, platform: .youtube, vault: PostingTestVault(),
                                                                                 seed: OAuthToken(accessToken: "", refreshToken: secret)), http: http)
                do {
                    _ = try await stranger.post(try PostingHarness.request(try PostingHarness.video(bytes: 1000)), saved: nil, progress: RecordedProgress())
                    Issue.record("posted with a refresh token Google never issued")
                } catch let error as PublishError {
                    #expect(error.code == .credentials && error.description.contains("factory auth youtube"))
                    #expect(!error.description.contains(secret))
                }
            }
        }
    }
}
