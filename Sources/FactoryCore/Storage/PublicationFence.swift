/// Guards a bundle's publication in cluster mode: `publish` runs only while this worker still
/// holds the item's lease, and the lease cannot be taken over while it runs; otherwise it throws
/// and nothing is published.
public protocol PublicationFence: Sendable {
    func publish(item: String, _ publish: @Sendable () throws -> Void) async throws
}
