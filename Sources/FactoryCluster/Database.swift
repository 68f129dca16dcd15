import Foundation
import Logging
import NIOCore
import NIOPosix
import PostgresNIO
import Synchronization
import _ConnectionPoolModule

/// The process's one PostgreSQL client: opened once (the schema migrated on first use), every
/// statement counted as a round trip, and retried with backoff while the connection is lost or the
/// server restarts, up to `patience` seconds. Statements retried this way are written to be
/// idempotent (see the functions in `Schema`).
public final class Database: Sendable {
    public let url: DatabaseURL
    let client: PostgresClient
    let logger = Logger(label: "factory.postgres", factory: { _ in SwiftLogNoOpLogHandler() })
    private let runner: Task<Void, Never>
    private let trips = Atomic<Int>(0)
    /// Seconds an operation keeps retrying while the database is away.
    public let patience: Double
    let log: @Sendable (String) -> Void

    /// Connects and brings the schema up to date, or throws `ClusterError(.schema)` when the
    /// database was migrated by a newer binary.
    public init(url: DatabaseURL, patience: Double = 120, log: @escaping @Sendable (String) -> Void) async throws {
        self.url = url
        self.patience = patience
        self.log = log
        let client = PostgresClient(configuration: url.configuration, backgroundLogger: logger)
        self.client = client
        runner = Task { await client.run() }
        do {
            try await Schema.migrate(self)
        } catch {
            await close()
            throw error
        }
    }

    /// Statements sent since the client opened (each `run` counts its statements).
    public var roundTrips: Int { trips.load(ordering: .relaxed) }

    /// Counts statements sent outside `run` (the publication's transaction).
    func count(statements: Int) { trips.add(statements, ordering: .relaxed) }

    public func close() async {
        runner.cancel()
        await runner.value
    }

    /// Runs `body`, retrying with backoff when the connection was lost; other errors become
    /// `ClusterError(.query)` naming `what`. `statements` is how many round trips `body` makes.
    func run<T: Sendable>(_ what: String, statements: Int = 1,
                          _ body: @escaping @Sendable (PostgresClient) async throws -> T) async throws -> T {
        let client = self.client
        let started = ContinuousClock.now
        var attempt = 0
        while true {
            attempt += 1
            trips.add(statements, ordering: .relaxed)
            do {
                return try await Self.withDeadline(seconds: Self.attemptSeconds) { try await body(client) }
            } catch let error as ClusterError {
                throw error
            } catch let error where Self.isTransient(error) {
                if ContinuousClock.now - started > .seconds(patience) {
                    throw ClusterError(.connection, "\(what): the database at \(url.redacted) did not answer for "
                                       + "\(Int(patience)) s; check that it runs and that this host can reach it", underlying: error)
                }
                if attempt == 1 || attempt % 10 == 0 { log("database: \(what) failed (\(ClusterError.describe(error))); retrying") }
                try await Task.sleep(for: .seconds(Backoff.delay(attempt: attempt, jitter: Double.random(in: 0..<1))))
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                throw ClusterError(.query, "\(what) failed", underlying: error)
            }
        }
    }

    /// All rows of one statement.
    func rows(_ what: String, _ query: PostgresQuery) async throws -> [PostgresRow] {
        let logger = self.logger
        return try await run(what) { client in try await client.query(query, logger: logger).collect() }
    }

    /// One statement whose rows are not needed.
    func execute(_ what: String, _ query: PostgresQuery) async throws {
        _ = try await rows(what, query)
    }

    /// Lost connections, a server shutting down or starting up, and serialization failures: worth retrying.
    static func isTransient(_ error: any Error) -> Bool {
        if error is ConnectionPoolError || error is AttemptTimedOut { return true }
        if let error = error as? PSQLError {
            switch error.code {
            case .serverClosedConnection, .connectionError, .uncleanShutdown, .clientClosedConnection:
                return true
            case .server:
                let state = error.serverInfo?[.sqlState] ?? ""
                return state.hasPrefix("08") || ["57P01", "57P02", "57P03", "40001", "40P01", "53300"].contains(state)
            default:
                return false
            }
        }
        return error is NIOConnectionError || error is IOError || error is ChannelError
    }

    /// The server's own message and SQLSTATE, when `error` came from the server.
    static func serverMessage(_ error: any Error) -> String? {
        guard let error = error as? PSQLError else { return nil }
        guard let info = error.serverInfo, let message = info[.message] else { return "\(error.code)" }
        return "\(message) (SQLSTATE \(info[.sqlState] ?? "?"))"
    }
}
