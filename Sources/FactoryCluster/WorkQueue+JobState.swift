extension WorkQueue {
    /// Where an item of the week's queue stands. The raw values are `factory_jobs.state`'s text.
    public enum JobState: String, Sendable, CaseIterable {
        /// Waiting for a worker (new, handed back, or its lease expired before its last attempt).
        case queued
        /// Leased to a worker (`owner`, `attempt`) until `lease_until`.
        case running
        /// Made (or fetched from the cache); its outcome is recorded.
        case done
        /// Failed, or its lease expired on its last attempt.
        case failed
        /// Put off (budget, a paused provider); a re-run of the finished week queues it again.
        case deferred

        /// The state as an SQL string literal (`'queued'`), for queries assembled in Swift.
        public var sql: String { "'\(rawValue)'" }

        /// The states as an SQL list, for the CHECK constraint.
        static var sqlList: String { allCases.map(\.sql).joined(separator: ", ") }
    }
}
