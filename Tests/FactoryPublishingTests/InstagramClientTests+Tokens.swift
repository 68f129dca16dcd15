import FactoryCore
import FactoryFakeProviders
@testable import FactoryPublishing
import Foundation
import NIOHTTP1
import Testing

/// Tokens: refresh near expiry (and the 24-hour rule), a dead token, the login.
extension InstagramClientTests {
    @Test("a token near expiry is refreshed before posting, saved with its new 60-day life, and the post lands")
    func refreshNearExpiry() async throws {
        try await FakeProviderServer.withRunning(Self.config()) { server in
            let vault = Vault()
            let seed = OAuthToken(accessToken: Self.seedToken, expiresAt: Date().addingTimeInterval(120), account: Self.user)
            let outcome = try await Self.withClient(server, vault: vault, seed: seed) {
                try await $0.post(try Self.request(), saved: nil, progress: Journal())
            }
            guard case .posted = outcome else { Issue.record("not posted: \(outcome)"); return }
            let saved = try #require(await vault.tokens[.instagram])
            #expect(saved.accessToken != Self.seedToken)
            #expect(saved.account == Self.user)
            let life = try #require(saved.expiresAt).timeIntervalSinceNow
            #expect(abs(life - 60 * 86_400) < 60)
        }
    }

    @Test("a token younger than the refresh minimum is not refreshed: the platform refuses and the still-valid token is used")
    func tooYoungToRefresh() async throws {
        try await FakeProviderServer.withRunning(Self.config { $0.seedTokenAgeSeconds = 0 }) { server in
            let vault = Vault()
            let seed = OAuthToken(accessToken: Self.seedToken, expiresAt: Date().addingTimeInterval(120), account: Self.user)
            let outcome = try await Self.withClient(server, vault: vault, seed: seed) {
                try await $0.post(try Self.request(), saved: nil, progress: Journal())
            }
            guard case .posted = outcome else { Issue.record("not posted: \(outcome)"); return }
            #expect(await vault.tokens[.instagram]?.accessToken == Self.seedToken)
        }
    }

    @Test("a token Instagram does not know is a credentials error that names factory auth and never the token")
    func deadToken() async throws {
        try await FakeProviderServer.withRunning(Self.config()) { server in
            let dead = "IGdead-token-that-was-revoked-0042"
            let seed = OAuthToken(accessToken: dead, expiresAt: Date().addingTimeInterval(30 * 86_400), account: Self.user)
            try await Self.withClient(server, seed: seed) { client in
                do {
                    let outcome = try await client.post(try Self.request(), saved: nil, progress: Journal())
                    Issue.record("posted with a dead token: \(outcome)")
                } catch let error as PublishError {
                    #expect(error.code == .credentials)
                    #expect(error.description.contains("factory auth instagram"))
                    #expect(!error.description.contains(dead) && !"\(error)".contains(dead))
                }
                let check = await client.check()
                #expect(!check.ok && !check.detail.contains(dead))
            }
            #expect(await server.platformPosts().isEmpty)
        }
    }

    @Test("login: the authorize page sends the code back; it becomes a 60-day token for the account, without PKCE")
    func login() async throws {
        try await FakeProviderServer.withRunning(Self.config()) { server in
            let redirect = try #require(URL(string: "http://127.0.0.1:9/callback"))
            try await Self.withClient(server) { client in
                let page = client.authorizationURL(redirect: redirect, state: "s1", challenge: "ignored")
                #expect(page.query?.contains("code_challenge") == false)
                #expect(page.query?.contains("scope=instagram_business_basic%2Cinstagram_business_content_publish") == true)
                let http = PlatformHTTP()
                let answer = try await http.send(.GET, page, platform: .instagram)
                await http.shutdown()
                let location = try #require(answer.headers["location"])
                #expect(answer.status == 302 && location.hasSuffix("#_") && location.contains("state=s1"))
                let code = try #require(URLComponents(string: location)?.queryItems?.first { $0.name == "code" }?.value)
                let token = try await client.exchange(code: code, redirect: redirect, verifier: "ignored")
                #expect(token.account == Self.user)
                #expect(abs((token.expiresAt?.timeIntervalSinceNow ?? 0) - 60 * 86_400) < 60)
                #expect(token.scopes.contains("instagram_business_content_publish"))
                // The code is good once.
                await #expect(throws: PublishError.self) { _ = try await client.exchange(code: code, redirect: redirect, verifier: "") }
            }
        }
    }
}
