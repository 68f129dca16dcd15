import FactoryCore
import Foundation

/// One platform's access token for one publish: loaded from the vault (or seeded from the
/// environment), refreshed when `expiresAt` is near or after a 401, and saved at once whenever
/// the platform hands back a new one (TikTok rotates its refresh tokens: the old one is dead).
public actor TokenKeeper {
    public let platform: Platform
    private let vault: any TokenVault
    private let seed: OAuthToken?
    private let clock: WallClock
    private var current: OAuthToken?
    private var loaded = false

    /// `seed` is what the environment offers (`TIKTOK_REFRESH_TOKEN`, `INSTAGRAM_ACCESS_TOKEN`…);
    /// the vault's token is used over it, unless the seed was changed since the vault's was made from it.
    public init(platform: Platform, vault: any TokenVault, seed: OAuthToken?, clock: WallClock) {
        self.platform = platform
        self.vault = vault
        self.seed = seed
        self.clock = clock
    }

    /// The token to call with; `refresh` is run first when the token is due (or was invalidated),
    /// and its answer is saved before it is used. The refresh runs under the vault's lease: in a
    /// cluster, a host that waited for another's refresh uses the token that host saved, and a
    /// rotated refresh token is refreshed from, never the one it replaced.
    public func token(refresh: @escaping @Sendable (OAuthToken) async throws -> OAuthToken) async throws -> OAuthToken {
        var token = try await stored()
        if token.isDue(at: clock.now()) || token.accessToken.isEmpty {
            guard token.refreshToken != nil || platform == .instagram else {
                throw PublishError(.credentials, platform: platform,
                                   "the access token has expired and there is no refresh token; run `factory auth \(platform)`")
            }
            let stale = token, vault = self.vault, platform = self.platform, clock = self.clock, seed = self.seed
            token = try await vault.whileRefreshing(platform) {
                let saved = Self.chain(try await vault.load(platform), seed: seed)
                if let saved, saved.accessToken != stale.accessToken, !saved.accessToken.isEmpty, !saved.isDue(at: clock.now()) {
                    return saved   // refreshed by another process while this one waited
                }
                let before = saved ?? stale
                var fresh = try await refresh(before)
                // The chain keeps its origin (and its account) whatever the client built the new token from.
                if fresh.seededFrom == nil { fresh.seededFrom = before.seededFrom }
                if fresh.account == nil { fresh.account = before.account }
                if fresh.refreshToken == nil { fresh.refreshToken = before.refreshToken }
                try await vault.save(fresh, for: platform)
                return fresh
            }
            current = token
        }
        Secrets.register(token.accessToken)
        if let refreshToken = token.refreshToken { Secrets.register(refreshToken) }
        return token
    }

    /// Marks the access token as spent (the platform answered 401), so the next `token` refreshes.
    public func invalidate() {
        current?.expiresAt = .distantPast
    }

    private func stored() async throws -> OAuthToken {
        if let current { return current }
        var token = Self.chain(try await vault.load(platform), seed: seed)
        if token == nil, let seed {
            var seeded = seed
            seeded.seededFrom = seed.fingerprint
            token = seeded
        }
        guard let token else {
            throw PublishError(.credentials, platform: platform,
                               "no \(platform.title) credentials; run `factory auth \(platform)` or set the environment (docs/publishing.md)")
        }
        current = token
        return token
    }

    /// The saved token, unless the environment names a different token than the one the saved
    /// chain began with: then the user changed it, and the saved chain is set aside.
    private static func chain(_ saved: OAuthToken?, seed: OAuthToken?) -> OAuthToken? {
        guard let saved else { return nil }
        if let seed, saved.seededFrom != seed.fingerprint { return nil }
        return saved
    }
}

extension OAuthToken {
    /// A short, non-secret fingerprint of the token a chain was seeded from.
    var fingerprint: String { Secrets.fingerprint((refreshToken ?? "") + "|" + accessToken) }
}
