import Foundation

/// Where a cluster keeps the platforms' tokens, sealed by the publisher before they get here, so
/// that a refresh token one host rotates is the one every host uses next (TikTok's old refresh
/// token stops working the moment a new one is issued). One machine has no such store: its
/// tokens stay in its state folder.
public protocol SharedTokenStore: Sendable {
    /// The sealed token document saved for `platform` (JSON; the token itself is ciphertext in it),
    /// or nil when none was.
    func sealedToken(_ platform: Platform) async throws -> String?
    func saveSealedToken(_ sealed: String, for platform: Platform) async throws
    /// Runs `body` while this process holds `platform`'s refresh lease, so one host refreshes at a
    /// time and the others read what it saved. Throws when the lease was not had in `wait` seconds.
    func withRefreshLease<T: Sendable>(_ platform: Platform, wait: Double,
                                       _ body: @escaping @Sendable () async throws -> T) async throws -> T
}
