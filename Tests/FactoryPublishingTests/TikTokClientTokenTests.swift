import FactoryCore
import FactoryFakeProviders
@testable import FactoryPublishing
import Foundation
import Testing

@Suite("TikTok client: tokens, consent and secrets")
struct TikTokClientTokenTests {
    @Test("an expired access token is refreshed; the rotated refresh token is saved and the old one is refused")
    func rotation() async throws {
        try await FakeProviderServer.withRunning(TikTokClientTests.config()) { server in
            try await PostingHarness.withHTTP { http in
                let clock = ManualClock(Date())
                let vault = PostingTestVault()
                let client = try TikTokClientTests.client(server, http, vault: vault, clock: clock.wall)
                let request = try PostingHarness.request(try PostingHarness.video(bytes: 1 << 20))
                guard case .posted = try await client.post(request, saved: nil, progress: RecordedProgress()) else {
                    Issue.record("first post did not land"); return
                }
                let first = try #require(await vault.tokens[.tiktok])
                #expect(first.refreshToken != TikTokClientTests.seedRefresh)
                #expect(first.account == "fake-open-id" && first.scopes.contains("video.upload"))
                #expect(first.expiresAt.map { abs($0.timeIntervalSince(clock.now) - 7200) < 5 } == true)
                // Two hours on the access token is due: the client refreshes and saves the next rotation.
                clock.advance(by: 7200)
                guard case .posted = try await client.post(request, saved: nil, progress: RecordedProgress()) else {
                    Issue.record("second post did not land"); return
                }
                let second = try #require(await vault.tokens[.tiktok])
                #expect(second.refreshToken != first.refreshToken && second.accessToken != first.accessToken)
                // The rotated-out refresh token is dead at the platform.
                let url = PostingEndpoint.url(try #require(URL(string: server.baseURLs["tiktok"] ?? "")), "/v2/oauth/token/")
                let reply = try await http.send(.POST, url, headers: [("Content-Type", "application/x-www-form-urlencoded")],
                                                body: PlatformHTTP.form([("client_key", "fake-tiktok-client-key"),
                                                                         ("client_secret", "fake-tiktok-client-secret"),
                                                                         ("grant_type", "refresh_token"),
                                                                         ("refresh_token", first.refreshToken ?? "")]),
                                                platform: .tiktok)
                #expect(reply.status == 400 && reply.json?["error"] as? String == "invalid_grant")
                #expect(await PostingHarness.landed(server, "tiktok").count == 2)
            }
        }
    }

    @Test("a 401 on a token thought valid invalidates it, refreshes and retries once")
    func unauthorizedRetry() async throws {
        try await FakeProviderServer.withRunning(TikTokClientTests.config()) { server in
            try await PostingHarness.withHTTP { http in
                let stale = OAuthToken(accessToken: "act.revoked-by-tiktok-000", refreshToken: TikTokClientTests.seedRefresh,
                                       expiresAt: Date().addingTimeInterval(86_400))
                var vaulted = stale
                vaulted.seededFrom = TikTokClientTests.seed.fingerprint
                let vault = PostingTestVault(vaulted)
                let client = try TikTokClientTests.client(server, http, vault: vault)
                let outcome = try await client.post(try PostingHarness.request(try PostingHarness.video(bytes: 1 << 20)),
                                                    saved: nil, progress: RecordedProgress())
                guard case .posted = outcome else { Issue.record("not posted: \(outcome)"); return }
                #expect(await vault.tokens[.tiktok]?.accessToken != stale.accessToken)
            }
        }
    }

    @Test("credentials errors name the fix and never carry a token")
    func noTokenInErrors() async throws {
        try await FakeProviderServer.withRunning(TikTokClientTests.config()) { server in
            try await PostingHarness.withHTTP { http in
                let secretAccess = "act.secret-access-token-9999"
                let secretRefresh = "rft.secret-refresh-token-8888"
                let vault = PostingTestVault()
                let seed = OAuthToken(accessToken: secretAccess, refreshToken: secretRefresh, expiresAt: Date().addingTimeInterval(86_400))
                let context = try PostingHarness.context(server, platform: .tiktok, vault: vault, seed: seed)
                let client = TikTokClient(context: context, http: http)
                do {
                    _ = try await client.post(try PostingHarness.request(try PostingHarness.video(bytes: 1 << 20)), saved: nil,
                                              progress: RecordedProgress())
                    Issue.record("posted with tokens the platform never issued")
                } catch let error as PublishError {
                    #expect(error.code == .credentials)
                    #expect(error.description.contains("factory auth tiktok"))
                    #expect(!error.description.contains(secretAccess) && !error.description.contains(secretRefresh))
                    #expect(!"\(error.underlying.map { "\($0)" } ?? "")".contains(secretAccess))
                }
                let check = await client.check()
                #expect(!check.ok && !check.detail.contains(secretAccess) && !check.detail.contains(secretRefresh))
            }
        }
    }

    @Test("factory auth: the authorize page (hex PKCE challenge) redirects with a code the exchange trades for tokens")
    func consent() async throws {
        try await FakeProviderServer.withRunning(TikTokClientTests.config()) { server in
            try await PostingHarness.withHTTP { http in
                let vault = PostingTestVault()
                let client = try TikTokClientTests.client(server, http, vault: vault)
                let verifier = String(repeating: "verifier-", count: 6)
                let redirect = try #require(URL(string: "http://127.0.0.1:53682/callback/"))
                let page = client.authorizationURL(redirect: redirect, state: "st-42", challenge: PostingHarness.challenge(verifier))
                #expect(page.absoluteString.contains("code_challenge=\(Digest.sha256(verifier))"))
                let reply = try await http.send(.GET, page, platform: .tiktok)
                #expect(reply.status == 302)
                let back = try #require(reply.headers["location"].flatMap(URLComponents.init(string:)))
                #expect(back.queryItems?.first { $0.name == "state" }?.value == "st-42")
                let code = try #require(back.queryItems?.first { $0.name == "code" }?.value)
                await #expect(throws: PublishError.self) { _ = try await client.exchange(code: code, redirect: redirect, verifier: "wrong-verifier-xxxxxxxx") }
                let again = try await http.send(.GET, page, platform: .tiktok)
                let code2 = try #require(again.headers["location"].flatMap(URLComponents.init(string:))?.queryItems?.first { $0.name == "code" }?.value)
                let token = try await client.exchange(code: code2, redirect: redirect, verifier: verifier)
                #expect(token.account == "fake-open-id" && token.scopes == ["video.upload", "video.publish", "video.list"])
                #expect(token.refreshToken != nil && token.expiresAt != nil && token.refreshExpiresAt != nil)
                let check = await TikTokClient(context: try PostingHarness.context(server, platform: .tiktok, vault: PostingTestVault(token), seed: nil),
                                               http: http).check()
                #expect(check.ok && check.detail.contains("@fake.creator"))
            }
        }
    }

    static let plans: [TikTokPlanCase] = [
        .init(size: 1 << 20, preferred: 10 << 20, chunk: 1 << 20, count: 1),
        .init(size: 7 << 20, preferred: 10 << 20, chunk: 7 << 20, count: 1),
        .init(size: 12 << 20, preferred: 5 << 20, chunk: 5 << 20, count: 2),
        .init(size: 50_000_123, preferred: 10_000_000, chunk: 10_000_000, count: 5),
        .init(size: 200_000_000, preferred: 10 << 20, chunk: 10 << 20, count: 19),
        .init(size: 4_000_000_000, preferred: 10 << 20, chunk: 10 << 20, count: 381),
    ]

    @Test("chunk plans follow the media transfer guide", arguments: plans)
    func chunkPlan(_ case: TikTokPlanCase) {
        let size = `case`.size
        let plan = TikTokChunkPlan(size: size, preferred: `case`.preferred)
        #expect(plan.chunkSize == `case`.chunk && plan.count == `case`.count)
        let last = plan.range(plan.count - 1)
        #expect(last.last == size - 1)
        #expect(last.last - last.first + 1 <= 128_000_000 && (1...1000).contains(plan.count))
        #expect(size < 5 << 20 ? plan.chunkSize == size : (5 << 20...64_000_000).contains(plan.chunkSize))
    }
}

struct TikTokPlanCase: Sendable, CustomTestStringConvertible {
    var size: Int64
    var preferred: Int64
    var chunk: Int64
    var count: Int64
    var testDescription: String { "\(size) bytes aiming at \(preferred)" }
}
