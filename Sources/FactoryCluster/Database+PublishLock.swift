import Foundation
import PostgresNIO

extension Database {
    /// Runs `body` while this process holds the week's publication lock in PostgreSQL: a session
    /// advisory lock on one connection kept for the whole publish, so two hosts publishing one week
    /// take turns and the second sees every post the first began (the journal is shared). A host
    /// that dies loses the lock with its connection. Waits up to `wait` seconds for another host's
    /// publish to end; nil when it did not (the caller exits 75, as for the local `publish.lock`).
    public func withPublicationLock<T: Sendable>(week: String, wait: Double,
                                                 _ body: @escaping @Sendable () async throws -> T) async throws -> T? {
        let key = "factory-publish:\(week)", logger = self.logger
        do {
            return try await client.withConnection { connection -> T? in
                let deadline = ContinuousClock.now + .seconds(wait)
                while true {
                    let rows = try await connection.query("SELECT pg_try_advisory_lock(hashtext(\(key)))", logger: logger).collect()
                    if try rows.first?.decode(Bool.self) == true { break }
                    guard ContinuousClock.now < deadline else { return nil }
                    try await Task.sleep(for: .milliseconds(500))
                }
                do {
                    let value = try await body()
                    _ = try? await connection.query("SELECT pg_advisory_unlock(hashtext(\(key)))", logger: logger)
                    return value
                } catch {
                    _ = try? await connection.query("SELECT pg_advisory_unlock(hashtext(\(key)))", logger: logger)
                    throw error
                }
            }
        } catch let error as ClusterError {
            throw error
        } catch is CancellationError {
            throw CancellationError()
        } catch where Self.isTransient(error) {
            throw ClusterError(.connection, "publishing \(week): the database at \(url.redacted) could not hold the publication lock", underlying: error)
        }
    }
}
