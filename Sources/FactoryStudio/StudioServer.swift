import FactoryCore
import Foundation
import Hummingbird
import Logging
import NIOCore
import Synchronization

/// What `factory studio` hands the server: the week, where its bundles and state are, how to run
/// the CLI for an action, and the stores to read (docs/studio.md).
public struct StudioConfiguration: Sendable {
    public var manifest: Manifest
    public var manifestPath: String
    public var weekFolder: URL
    /// Where the thumbnails are kept (`<state>/studio/thumbs`).
    public var stateFolder: URL
    public var bind: String
    public var port: Int
    /// The `factory` binary the actions run.
    public var binary: String
    /// The flags that point an action at the same manifest, week, output, state and database.
    public var flags: [String]
    public var journal: (any PostJournal)?
    public var reports: (any LedgerReports)?
    public var health: @Sendable () async -> [StudioPlatformHealth]

    public init(manifest: Manifest, manifestPath: String, weekFolder: URL, stateFolder: URL, bind: String, port: Int, binary: String,
                flags: [String], journal: (any PostJournal)?, reports: (any LedgerReports)?,
                health: @escaping @Sendable () async -> [StudioPlatformHealth]) {
        self.manifest = manifest
        self.manifestPath = manifestPath
        self.weekFolder = weekFolder
        self.stateFolder = stateFolder
        self.bind = bind
        self.port = port
        self.binary = binary
        self.flags = flags
        self.journal = journal
        self.reports = reports
        self.health = health
    }
}

/// The studio's HTTP server on Hummingbird: binds the configured address (127.0.0.1 by default)
/// and answers through `StudioRouter`, behind `StudioGuard`.
public final class StudioServer: Sendable {
    let configuration: StudioConfiguration
    private let task = Mutex<Task<Void, Never>?>(nil)

    public init(_ configuration: StudioConfiguration) {
        self.configuration = configuration
    }

    /// Starts serving; returns the URL to open (with the secret) once the port is bound.
    public func start() async throws -> URL {
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        var logger = Logger(label: "studio")
        logger.logLevel = .critical
        let configuration = configuration
        let box = StudioRouterBox()
        let app = Application(
            responder: CallbackResponder<BasicRequestContext> { request, _ in
                guard let router = box.router.withLock({ $0 }) else { return Response(status: .serviceUnavailable) }
                return await router.respond(request)
            },
            configuration: .init(address: .hostname(configuration.bind, port: configuration.port), serverName: nil),
            onServerRunning: { channel in
                continuation.yield(channel.localAddress?.port ?? -1)
                continuation.finish()
            },
            logger: logger)
        let running = Task {
            do { try await app.run() } catch {
                continuation.yield(-1)
                continuation.finish()
            }
        }
        var bound = -1
        for await port in ports { bound = port; break }
        guard bound > 0 else {
            running.cancel()
            throw StudioError("cannot listen on \(configuration.bind):\(configuration.port); is the port in use? (choose another with --port)")
        }
        let door = StudioGuard(bind: configuration.bind, port: bound)
        let router = StudioRouter(configuration: configuration, door: door, jobs: StudioJobs(binary: configuration.binary),
                                  thumbnails: StudioThumbnails(folder: configuration.stateFolder.appendingPathComponent("studio/thumbs")))
        box.router.withLock { $0 = router }
        task.withLock { $0 = running }
        let host = configuration.bind.contains(":") ? "[\(configuration.bind)]" : configuration.bind
        return URL(string: "http://\(host):\(bound)/?key=\(door.secret)") ?? URL(fileURLWithPath: "/")
    }

    /// Serves until the task is cancelled (Ctrl-C).
    public func wait() async {
        let running = task.withLock { $0 }
        await running?.value
    }

    public func stop() async {
        let running = task.withLock { $0 }
        running?.cancel()
        await running?.value
    }
}

/// The router, set once the port is known (the guard needs it), read by every request after.
final class StudioRouterBox: Sendable {
    let router = Mutex<StudioRouter?>(nil)
}

/// The studio's error: what went wrong and what to do.
public struct StudioError: Error, CustomStringConvertible, Sendable {
    public let description: String
    init(_ description: String) { self.description = description }
}
