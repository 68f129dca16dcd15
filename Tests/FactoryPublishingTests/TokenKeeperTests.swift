import FactoryCore
@testable import FactoryPublishing
import Foundation
import Testing

@Suite("Token keeper")
struct TokenKeeperTests {
    actor Vault: TokenVault {
        var tokens: [Platform: OAuthToken] = [:]
        var saves = 0
        func load(_ platform: Platform) async throws -> OAuthToken? { tokens[platform] }
        func save(_ token: OAuthToken, for platform: Platform) async throws {
            tokens[platform] = token
            saves += 1
        }
    }

    @Test("a due token is refreshed and the rotated one is saved before it is used; the saved chain wins over the seed")
    func rotation() async throws {
        let clock = ManualClock(Date(timeIntervalSince1970: 1_800_000_000))
        let vault = Vault()
        let seed = OAuthToken(accessToken: "", refreshToken: "r1")
        let keeper = TokenKeeper(platform: .tiktok, vault: vault, seed: seed, clock: clock.wall)
        let first = try await keeper.token { old in
            #expect(old.refreshToken == "r1")
            var new = old
            new.accessToken = "a2"; new.refreshToken = "r2"; new.expiresAt = clock.now.addingTimeInterval(7200)
            return new
        }
        #expect(first.accessToken == "a2")
        #expect(await vault.tokens[.tiktok]?.refreshToken == "r2")
        // A new publish with the same (older) environment seed uses the saved rotated chain.
        let again = TokenKeeper(platform: .tiktok, vault: vault, seed: seed, clock: clock.wall)
        let second = try await again.token { _ in Issue.record("not due: no refresh"); throw PublishError(.transient, "x") }
        #expect(second.refreshToken == "r2")
        // Two hours on, it is due again.
        clock.advance(by: 7200)
        let third = try await again.token { old in
            var new = old
            new.accessToken = "a3"; new.refreshToken = "r3"; new.expiresAt = clock.now.addingTimeInterval(7200)
            return new
        }
        #expect(third.refreshToken == "r3")
        // A changed environment token starts a new chain.
        let changed = TokenKeeper(platform: .tiktok, vault: vault, seed: OAuthToken(accessToken: "", refreshToken: "fresh"), clock: clock.wall)
        let fourth = try await changed.token { old in
            #expect(old.refreshToken == "fresh")
            var new = old
            new.accessToken = "a4"; new.expiresAt = clock.now.addingTimeInterval(60 * 60)
            return new
        }
        #expect(fourth.accessToken == "a4")
    }

    @Test("no credentials anywhere is a credentials error that names factory auth")
    func missing() async {
        let keeper = TokenKeeper(platform: .youtube, vault: Vault(), seed: nil, clock: .system)
        await #expect(throws: PublishError.self) { _ = try await keeper.token { $0 } }
        do { _ = try await keeper.token { $0 } } catch let error as PublishError {
            #expect(error.code == .credentials)
            #expect(error.description.contains("factory auth youtube"))
        } catch { Issue.record("\(error)") }
    }
}
