import FactoryCore
import Foundation
import Synchronization

/// Every store a command works on, opened in one place and closed in one place: the ledger, the
/// answer cache, the content memory and the run claims, plus in a cluster the provider slots and,
/// for a worker of the week's queue, the queue and the publication fence. Built with `.local(state:)`
/// (SQLite and files under the state folder) or `.cluster(url:)` (PostgreSQL and the shared volume);
/// `with { stores in … }` closes everything on every way out.
public final class Stores: Sendable {
    /// How a local state folder is opened.
    public enum Access: Sendable {
        /// Made when missing (run, regenerate).
        case write
        /// Read as it is: without a ledger yet, the ledger and the memory are empty stand-ins and
        /// `reports` is nil (estimate, costs, history, review).
        case read
    }

    /// Where paid calls are reserved and settled.
    public let ledger: any LedgerStore
    /// The ledger's spending tables, for `costs`; nil when read access found no ledger.
    public let reports: (any LedgerReports)?
    public let cache: any AnswerCache
    public let memory: any ContentMemory
    /// The publication journal and the approvals (in the ledger's store).
    public let posts: any PostJournal
    /// Who may work on the state: the state folder's lock (this host's, in a cluster).
    public let claims: any RunClaims
    /// Where the stores are, for messages: the ledger's path, or the database's URL without its password.
    public let location: String
    /// The run id the gateway records calls under: a fresh one per run, the worker's name in a cluster.
    public let runId: String
    /// The cluster's per-provider limits; nil on one machine (the gateway's semaphores suffice).
    public let slots: (any ProviderSlots)?
    /// The week's queue, this worker's leases and the fence; nil unless opened as a worker.
    public let cluster: ClusterStores?
    /// The PostgreSQL client; nil on one machine.
    public let database: Database?
    /// The cluster's sealed platform tokens; nil on one machine (they stay in the state folder).
    public let tokens: (any SharedTokenStore)?
    private let closer: @Sendable () async -> Void
    private let closed = Atomic<Bool>(false)

    init(ledger: any LedgerStore, reports: (any LedgerReports)?, cache: any AnswerCache, memory: any ContentMemory,
         posts: any PostJournal, claims: any RunClaims, location: String, runId: String, slots: (any ProviderSlots)? = nil, cluster: ClusterStores? = nil,
         database: Database? = nil, tokens: (any SharedTokenStore)? = nil, closer: @escaping @Sendable () async -> Void) {
        self.ledger = ledger
        self.reports = reports
        self.cache = cache
        self.memory = memory
        self.posts = posts
        self.claims = claims
        self.location = location
        self.runId = runId
        self.slots = slots
        self.cluster = cluster
        self.database = database
        self.tokens = tokens
        self.closer = closer
    }

    /// A worker's bundles are published only while it holds the item's lease; nil elsewhere.
    public var fence: (any PublicationFence)? { cluster?.fence }

    /// True when read access found no ledger: the ledger and the memory are empty stand-ins.
    public var isEmpty: Bool { reports == nil }

    /// True once `close()` has run.
    public var isClosed: Bool { closed.load(ordering: .acquiring) }

    /// Runs `body` with the stores, then closes them, whether `body` returns, throws or is cancelled.
    public func with<T>(_ body: (Stores) async throws -> T) async rethrows -> T {
        let value: T
        do {
            value = try await body(self)
        } catch {
            await close()
            throw error
        }
        await close()
        return value
    }

    /// Closes every store once (later calls do nothing). Runs in its own task, so a cancelled
    /// caller still closes the database.
    public func close() async {
        guard !closed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let closer = self.closer
        await Task { await closer() }.value
    }
}
