import FactoryCluster
import FactoryCore
import FactoryPublishing
import Foundation

extension ClusterOptions {
    /// Where the platforms' tokens are kept: `<state>/tokens` on one machine; in a cluster, the
    /// shared database (sealed with the same key file on every host), so that the refresh token
    /// one host rotates is the one the next host uses.
    func tokenVault(_ stores: Stores?, key: TokenKey, state: URL) -> any TokenVault {
        guard let shared = stores?.tokens else { return FileTokenVault(state: state, key: key) }
        return SharedTokenVault(store: shared, key: key, state: state)
    }

    /// Runs `body` with the token vault, opening the cluster's database for it when one is named
    /// (and closing it after); on one machine, the state folder's vault.
    func withTokenVault<T>(key: TokenKey, state: URL, _ body: (any TokenVault) async throws -> T) async throws -> T {
        guard try url() != nil else { return try await body(FileTokenVault(state: state, key: key)) }
        return try await stores(state: state, output: nil, manifest: nil, access: .read).with { stores in
            try await body(tokenVault(stores, key: key, state: state))
        }
    }
}
