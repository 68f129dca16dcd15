import FactoryCore
import Foundation
import PostgresNIO

/// The week's items as rows of `factory_jobs`: enqueued once (unique index, ON CONFLICT DO
/// NOTHING), claimed with FOR UPDATE SKIP LOCKED under a lease timed by the database clock,
/// renewed by heartbeat, and closed only by the lease's holder (owner and attempt: the fence).
public struct WorkQueue: Sendable {
    /// One claim on one item: who holds it and which attempt this is.
    public struct Lease: Sendable, Equatable {
        public var job: Int64
        public var item: String
        public var attempt: Int64
    }

    /// A job's row as the report needs it.
    public struct Row: Sendable {
        public var item: String
        public var state: JobState
        public var outcome: String?
        public var reason: String?
    }

    let db: Database
    /// The week's queue: its ISO week and the manifest's hash (a changed manifest is a new queue).
    public let name: String
    /// This worker, as lease owner and ledger run id.
    public let owner: String
    public let leaseSeconds: Double

    public init(db: Database, name: String, owner: String, leaseSeconds: Double) {
        self.db = db
        self.name = name
        self.owner = owner
        self.leaseSeconds = leaseSeconds
    }

    /// Adds the items not queued yet; returns how many were new (0 when another worker enqueued them).
    @discardableResult
    public func enqueue(_ items: [(id: String, position: Int)], maxAttempts: Int) async throws -> Int {
        let ids = items.map(\.id), positions = items.map(\.position)
        return try await db.rows("enqueue the week", """
            WITH added AS (
                INSERT INTO factory_jobs (queue, item, position, max_attempts)
                SELECT \(name), t.item, t.position, \(maxAttempts) FROM unnest(\(ids)::text[], \(positions)::bigint[]) AS t(item, position)
                ON CONFLICT (queue, item) DO NOTHING RETURNING 1)
            SELECT count(*) FROM added
            """).first.map { try $0.decode(Int.self) } ?? 0
    }

    /// A re-run of a finished week: its failed and deferred items are queued again (only when
    /// nothing is queued or running, so a worker joining a live week changes nothing).
    public func reopenIfFinished(_ items: [String]) async throws -> Int {
        try await db.rows("reopen the week", """
            WITH reopened AS (
                UPDATE factory_jobs SET state = \(unescaped: JobState.queued.sql), attempt = 0, outcome = NULL, reason = NULL, owner = NULL,
                       lease_until = NULL, updated_at = now()
                 WHERE queue = \(name) AND item = ANY(\(items)::text[]) AND state IN (\(unescaped: JobState.failed.sql), \(unescaped: JobState.deferred.sql))
                   AND NOT EXISTS (SELECT 1 FROM factory_jobs o WHERE o.queue = \(name) AND o.item = ANY(\(items)::text[])
                                   AND o.state IN (\(unescaped: JobState.queued.sql), \(unescaped: JobState.running.sql)))
                RETURNING 1)
            SELECT count(*) FROM reopened
            """).first.map { try $0.decode(Int.self) } ?? 0
    }

    /// Takes up to `limit` queued items, earliest in the manifest first, skipping rows other workers hold locked.
    public func claim(_ limit: Int, among items: [String]) async throws -> [Lease] {
        try await db.rows("claim work", """
            UPDATE factory_jobs SET state = \(unescaped: JobState.running.sql), attempt = attempt + 1, owner = \(owner),
                   lease_until = now() + make_interval(secs => \(leaseSeconds)), updated_at = now()
             WHERE id IN (SELECT id FROM factory_jobs
                           WHERE queue = \(name) AND state = \(unescaped: JobState.queued.sql) AND item = ANY(\(items)::text[])
                           ORDER BY position FOR UPDATE SKIP LOCKED LIMIT \(limit))
               AND state = \(unescaped: JobState.queued.sql)
            RETURNING id, item, attempt
            """).map { row in
            let (job, item, attempt) = try row.decode((Int64, String, Int64).self)
            return Lease(job: job, item: item, attempt: attempt)
        }
    }

    /// Renews every lease this worker holds (and its provider slots); returns the leases it still
    /// holds. One missing from the answer expired (a stalled worker does not revive it) or was
    /// taken over: its work must stop.
    public func heartbeat() async throws -> [(job: Int64, attempt: Int64)] {
        try await db.rows("heartbeat", """
            WITH slots AS (
                UPDATE factory_slots SET lease_until = now() + make_interval(secs => \(leaseSeconds))
                 WHERE worker = \(owner) AND holder IS NOT NULL RETURNING 1)
            UPDATE factory_jobs SET lease_until = now() + make_interval(secs => \(leaseSeconds))
             WHERE owner = \(owner) AND state = \(unescaped: JobState.running.sql) AND lease_until > now()
            RETURNING id, attempt
            """).map { row in
            let (job, attempt) = try row.decode((Int64, Int64).self)
            return (job, attempt)
        }
    }

    /// Records the item's end (`done`, `failed`, `deferred`, or `queued` to hand it back) if this
    /// worker still holds the lease; false when it was fenced off (its outcome is dropped).
    public func finish(_ lease: Lease, state: JobState, outcome: ItemOutcome?) async throws -> Bool {
        let text = try outcome.map { String(decoding: try SnakeJSON.encoder().encode($0), as: UTF8.self) }
        let backToQueue = state == .queued
        let rows = try await db.rows("record item \(lease.item)", """
            UPDATE factory_jobs SET state = \(state.rawValue), outcome = \(backToQueue ? nil : text), reason = NULL,
                   lease_until = NULL, updated_at = now(),
                   attempt = CASE WHEN \(backToQueue) THEN attempt - 1 ELSE attempt END
             WHERE id = \(lease.job) AND owner = \(owner) AND attempt = \(lease.attempt) AND state = \(unescaped: JobState.running.sql)
               AND lease_until > now()
            RETURNING id
            """)
        if !rows.isEmpty { return true }
        // A retried statement whose first try committed finds its own write.
        return try await !db.rows("check item \(lease.item)", """
            SELECT 1 FROM factory_jobs WHERE id = \(lease.job) AND owner = \(owner) AND state = \(state.rawValue)
               AND attempt = \(backToQueue ? lease.attempt - 1 : lease.attempt)
            """).isEmpty
    }

    /// Returns expired leases to the queue, or fails the item after its last attempt, re-checking
    /// state and lease in the same statement (another worker may have renewed or finished it).
    public func rescue() async throws -> [(item: String, state: JobState, reason: String)] {
        try await db.rows("rescue expired leases", """
            UPDATE factory_jobs SET
                   state = CASE WHEN attempt >= max_attempts THEN \(unescaped: JobState.failed.sql) ELSE \(unescaped: JobState.queued.sql) END,
                   reason = CASE WHEN attempt >= max_attempts
                                 THEN 'item ' || item || ': its lease expired on each of its ' || attempt
                                      || ' attempts (last held by ' || owner || '); it was not made'
                                 ELSE 'the lease of ' || owner || ' expired on attempt ' || attempt END,
                   lease_until = NULL, updated_at = now()
             WHERE id IN (SELECT id FROM factory_jobs
                           WHERE queue = \(name) AND state = \(unescaped: JobState.running.sql) AND lease_until < now()
                           FOR UPDATE SKIP LOCKED)
               AND state = \(unescaped: JobState.running.sql) AND lease_until < now()
            RETURNING item, state, reason
            """).map { row in
            let (item, state, reason) = try row.decode((String, String, String).self)
            return (item, try Self.state(state), reason)
        }
    }

    /// Items still queued or running among `items` (0 and 0: the week has no work left).
    public func remaining(_ items: [String]) async throws -> (queued: Int, running: Int) {
        let row = try await db.rows("count the week's work", """
            SELECT count(*) FILTER (WHERE state = \(unescaped: JobState.queued.sql)),
                   count(*) FILTER (WHERE state = \(unescaped: JobState.running.sql))
              FROM factory_jobs WHERE queue = \(name) AND item = ANY(\(items)::text[])
            """).first
        return try row.map { try $0.decode((Int, Int).self) } ?? (0, 0)
    }

    /// Every selected item's row, for the week's report.
    public func rows(_ items: [String]) async throws -> [Row] {
        try await db.rows("read the week's outcomes", """
            SELECT item, state, outcome, reason FROM factory_jobs WHERE queue = \(name) AND item = ANY(\(items)::text[])
            """).map { row in
            let (item, state, outcome, reason) = try row.decode((String, String, String?, String?).self)
            return Row(item: item, state: try Self.state(state), outcome: outcome, reason: reason)
        }
    }

    /// A row's state; one this binary does not know cannot happen (the schema's CHECK lists them all).
    static func state(_ text: String) throws -> JobState {
        guard let state = JobState(rawValue: text) else {
            throw ClusterError(.query, "the work queue holds a job in state \"\(text)\", which this factory does not know; "
                               + "run the same factory version on every worker")
        }
        return state
    }
}
