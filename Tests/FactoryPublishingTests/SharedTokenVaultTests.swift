import FactoryCore
@testable import FactoryPublishing
import Foundation
import Testing

/// Two hosts of a cluster, each with its own state folder, share the tokens through the database:
/// TikTok rotates the refresh token on every refresh and refuses the old one (invalid_grant), so
/// the hosts must refresh one at a time and use what the other saved.
@Suite("Shared token vault")
struct SharedTokenVaultTests {
    /// The database's table and its per-platform lease, in memory (the PostgreSQL one is
    /// `PostgresTokenStore`, driven end to end by PublishTwoHostsTests).
    actor Store: SharedTokenStore {
        var rows: [Platform: String] = [:]
        var held: Set<Platform> = []
        var leases = 0

        func sealedToken(_ platform: Platform) -> String? { rows[platform] }
        func saveSealedToken(_ sealed: String, for platform: Platform) { rows[platform] = sealed }

        func withRefreshLease<T: Sendable>(_ platform: Platform, wait: Double,
                                           _ body: @escaping @Sendable () async throws -> T) async throws -> T {
            while held.contains(platform) { try await Task.sleep(for: .milliseconds(5)) }
            held.insert(platform)
            leases += 1
            defer { held.remove(platform) }
            return try await body()
        }
    }

    /// TikTok's token endpoint: each refresh token works once, and the answer carries the next one.
    actor RotatingPlatform {
        var live = "r0"
        var refreshes = 0
        func refresh(_ token: OAuthToken, now: Date) async throws -> OAuthToken {
            try await Task.sleep(for: .milliseconds(30))   // a network round trip, so the hosts overlap
            guard token.refreshToken == live else {
                throw PublishError(.credentials, platform: .tiktok, "invalid_grant: Refresh token is invalid or expired.")
            }
            refreshes += 1
            live = "r\(refreshes)"
            var fresh = token
            fresh.accessToken = "a\(refreshes)"
            fresh.refreshToken = live
            fresh.expiresAt = now.addingTimeInterval(86_400)
            return fresh
        }
    }

    static func key() throws -> TokenKey {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tokens-\(UUID().uuidString)")
        return try TokenKey.load(folder.appendingPathComponent("token.key"))
    }

    static func hosts(_ count: Int, vault: (Int) -> any TokenVault, clock: WallClock) -> [TokenKeeper] {
        let seed = OAuthToken(accessToken: "", refreshToken: "r0")   // TIKTOK_REFRESH_TOKEN, the same on every host
        return (0..<count).map { TokenKeeper(platform: .tiktok, vault: vault($0), seed: seed, clock: clock) }
    }

    @Test("hosts refreshing at once: one refresh, every host uses its token, and the rotated chain is what the next run reads")
    func oneRefreshForTheCluster() async throws {
        let store = Store(), platform = RotatingPlatform(), key = try Self.key(), clock = WallClock.system
        let states = (0..<3).map { FileManager.default.temporaryDirectory.appendingPathComponent("host-\($0)-\(UUID().uuidString)") }
        let keepers = Self.hosts(3, vault: { SharedTokenVault(store: store, key: key, state: states[$0]) }, clock: clock)
        let tokens = try await withThrowingTaskGroup(of: OAuthToken.self) { group in
            for keeper in keepers {
                group.addTask { try await keeper.token { try await platform.refresh($0, now: clock.now()) } }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(await platform.refreshes == 1)
        #expect(Set(tokens.map(\.accessToken)) == ["a1"])
        // The table holds the rotated chain, sealed: no token in clear.
        let sealed = try #require(await store.sealedToken(.tiktok))
        // Quoted: a base64 seal can hold "a1" by chance (it did, once in CI), never a quote.
        #expect(!sealed.contains("\"a1\"") && !sealed.contains("\"r1\""))
        // A later run on any host, its access token due, refreshes from r1, never from the seed's r0.
        let later = ManualClock(Date().addingTimeInterval(2 * 86_400))
        let next = Self.hosts(1, vault: { _ in SharedTokenVault(store: store, key: key, state: states[2]) }, clock: later.wall)[0]
        let token = try await next.token { try await platform.refresh($0, now: later.now) }
        #expect(token.refreshToken == "r2")
        // Nothing was written to the hosts' own folders.
        #expect(states.allSatisfy { !FileManager.default.fileExists(atPath: $0.appendingPathComponent("tokens").path) })
    }

    @Test("each host with its own folder (the old way): the second refresh is refused with invalid_grant")
    func ownFoldersRace() async throws {
        let platform = RotatingPlatform(), key = try Self.key(), clock = WallClock.system
        let keepers = Self.hosts(2, vault: { host in
            FileTokenVault(state: FileManager.default.temporaryDirectory.appendingPathComponent("own-\(host)-\(UUID().uuidString)"), key: key)
        }, clock: clock)
        var refused = 0
        for keeper in keepers {
            do { _ = try await keeper.token { try await platform.refresh($0, now: clock.now()) } } catch { refused += 1 }
        }
        #expect(refused == 1)
    }

    @Test("a host that signed in before the cluster brings its token: read from its folder, then kept in the database")
    func localTokenMovesIn() async throws {
        let store = Store(), key = try Self.key()
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("signed-in-\(UUID().uuidString)")
        try FileTokenVault(state: state, key: key).save(OAuthToken(accessToken: "a-local", refreshToken: "r-local"), for: .youtube)
        let vault = SharedTokenVault(store: store, key: key, state: state)
        #expect(try await vault.load(.youtube)?.accessToken == "a-local")
        try await vault.save(OAuthToken(accessToken: "a-next", refreshToken: "r-local"), for: .youtube)
        #expect(await store.sealedToken(.youtube) != nil)
        #expect(try await vault.load(.youtube)?.accessToken == "a-next")
        // A host with another key file cannot open the cluster's token, and says which file to share.
        let stranger = SharedTokenVault(store: store, key: try Self.key(), state: state)
        let error = await #expect(throws: PublishError.self) { _ = try await stranger.load(.youtube) }
        #expect(error?.description.contains("FACTORY_TOKEN_KEY_FILE") == true)
    }
}
