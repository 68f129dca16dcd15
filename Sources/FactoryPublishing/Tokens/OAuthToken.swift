import FactoryCore
import Foundation

/// A platform's tokens as the token store keeps them (`<state>/tokens/<platform>.json`, mode 0600).
/// Lifetimes come from the platform's `expires_in`/`refresh_expires_in`, never from constants.
public struct OAuthToken: Sendable, Codable, Equatable {
    public var accessToken: String
    public var refreshToken: String?
    /// When the access token stops working (from `expires_in` at the moment it was issued).
    public var expiresAt: Date?
    public var refreshExpiresAt: Date?
    public var scopes: [String]
    /// The account it posts as: TikTok `open_id`, Instagram user id; nil for YouTube (the channel is the token's).
    public var account: String?
    /// The fingerprint of the environment's token this chain began with (nil when `factory auth` made it).
    public var seededFrom: String? = nil

    public init(accessToken: String, refreshToken: String? = nil, expiresAt: Date? = nil, refreshExpiresAt: Date? = nil,
                scopes: [String] = [], account: String? = nil) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
        self.refreshExpiresAt = refreshExpiresAt
        self.scopes = scopes
        self.account = account
    }

    /// True when the access token is gone or will be within `margin` seconds.
    public func isDue(at now: Date, margin: TimeInterval = 300) -> Bool {
        guard let expiresAt else { return false }
        return expiresAt.timeIntervalSince(now) <= margin
    }
}

/// Where a platform client reads and saves its tokens. `save` is atomic and durable: a rotated
/// refresh token is saved the moment it arrives, because the old one has stopped working.
public protocol TokenVault: Sendable {
    func load(_ platform: Platform) async throws -> OAuthToken?
    func save(_ token: OAuthToken, for platform: Platform) async throws
    /// Runs a refresh while no other process refreshes `platform`'s token from the same store.
    func whileRefreshing<T: Sendable>(_ platform: Platform, _ body: @escaping @Sendable () async throws -> T) async throws -> T
}

extension TokenVault {
    /// One state folder has one publisher at a time (`publish.lock`): nothing more to hold.
    public func whileRefreshing<T: Sendable>(_ platform: Platform, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
        try await body()
    }
}

/// A platform app's own credentials, from the environment (`TIKTOK_CLIENT_KEY`/`TIKTOK_CLIENT_SECRET`,
/// `YOUTUBE_CLIENT_ID`/`YOUTUBE_CLIENT_SECRET`); Instagram's long-lived token needs none.
public struct AppCredentials: Sendable, Equatable {
    public var clientId: String
    public var clientSecret: String

    public init(clientId: String, clientSecret: String) {
        self.clientId = clientId
        self.clientSecret = clientSecret
    }
}
