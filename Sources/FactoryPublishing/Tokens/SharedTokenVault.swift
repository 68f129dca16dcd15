import FactoryCore
import Foundation

/// A cluster's token store: the tokens sealed with the token key (the same key file on every
/// host) and kept in the shared database, refreshed under its per-platform lease. A host that
/// ran `factory auth` before joining brings its token along: when the database has none, the
/// state folder's is read, and the first save puts it in the database.
public struct SharedTokenVault: TokenVault {
    let store: any SharedTokenStore
    let key: TokenKey
    let local: FileTokenVault
    /// Seconds to wait for another host's refresh.
    let leaseWait: Double

    public init(store: any SharedTokenStore, key: TokenKey, state: URL, leaseWait: Double = 120) {
        self.store = store
        self.key = key
        local = FileTokenVault(state: state, key: key)
        self.leaseWait = leaseWait
    }

    public func load(_ platform: Platform) async throws -> OAuthToken? {
        guard let document = try await store.sealedToken(platform) else { return try local.load(platform) }
        do {
            return try key.openDocument(Data(document.utf8), platform: platform)
        } catch {
            throw PublishError(.credentials, platform: platform,
                               "the cluster's \(platform.title) token does not open with the key \(key.file.path); every host needs "
                               + "the same key file (FACTORY_TOKEN_KEY_FILE), or run `factory auth \(platform) --database …` again")
        }
    }

    public func save(_ token: OAuthToken, for platform: Platform) async throws {
        let document = try key.sealDocument(token, platform: platform)
        try await store.saveSealedToken(String(decoding: document, as: UTF8.self), for: platform)
    }

    public func whileRefreshing<T: Sendable>(_ platform: Platform, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
        try await store.withRefreshLease(platform, wait: leaseWait, body)
    }
}
