/// A provider's concurrency limit held across processes: its limit belongs to the account, not
/// the machine. On one machine the gateway's semaphores are enough (no `ProviderSlots`); the
/// cluster leases slots in PostgreSQL (FactoryCluster), so a dead worker's slots come back.
public protocol ProviderSlots: Sendable {
    /// Runs `body` holding one of `provider`'s slots, waiting for one to be free.
    func withSlot<T: Sendable>(_ provider: ProviderID, _ body: @Sendable () async throws -> T) async throws -> T
}
