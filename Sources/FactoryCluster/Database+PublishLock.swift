import Foundation
import PostgresNIO

extension Database {
    /// Runs `body` while this process holds the week's publication lock in PostgreSQL, so two hosts
    /// publishing one week take turns and the second sees every post the first began (the journal is
    /// shared). Waits up to `wait` seconds for another host's publish to end; nil when it did not
    /// (the caller exits 75, as for the local `publish.lock`).
    public func withPublicationLock<T: Sendable>(week: String, wait: Double,
                                                 _ body: @escaping @Sendable () async throws -> T) async throws -> T? {
        try await withAdvisoryLock("factory-publish:\(week)", what: "publishing \(week)", wait: wait, body)
    }

    /// Runs `body` while this process holds the session advisory lock named `name`, on one
    /// connection kept for the whole of `body`: a host that dies loses the lock with its connection.
    /// Waits up to `wait` seconds; nil when another process held it all that time.
    func withAdvisoryLock<T: Sendable>(_ name: String, what: String, wait: Double,
                                       _ body: @escaping @Sendable () async throws -> T) async throws -> T? {
        let logger = self.logger
        do {
            return try await client.withConnection { connection -> T? in
                let deadline = ContinuousClock.now + .seconds(wait)
                while true {
                    let rows = try await connection.query("SELECT pg_try_advisory_lock(hashtext(\(name)))", logger: logger).collect()
                    if try rows.first?.decode(Bool.self) == true { break }
                    guard ContinuousClock.now < deadline else { return nil }
                    try await Task.sleep(for: .milliseconds(200))
                }
                do {
                    let value = try await body()
                    _ = try? await connection.query("SELECT pg_advisory_unlock(hashtext(\(name)))", logger: logger)
                    return value
                } catch {
                    _ = try? await connection.query("SELECT pg_advisory_unlock(hashtext(\(name)))", logger: logger)
                    throw error
                }
            }
        } catch let error as ClusterError {
            throw error
        } catch is CancellationError {
            throw CancellationError()
        } catch where Self.isTransient(error) {
            throw ClusterError(.connection, "\(what): the database at \(url.redacted) could not hold the lock", underlying: error)
        }
    }
}
