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
    /// The server, then the watcher.
    private let tasks = Mutex<[Task<Void, Never>]>([])

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
        let watcher = Task { await Self.watch(configuration, jobs: router.jobs) }
        tasks.withLock { $0 = [running, watcher] }
        let host = configuration.bind.contains(":") ? "[\(configuration.bind)]" : configuration.bind
        return URL(string: "http://\(host):\(bound)/?key=\(door.secret)") ?? URL(fileURLWithPath: "/")
    }

    /// Tells the open pages when the week changed under them (a cron `run` publishing bundles, a
    /// `publish` or `approve` in a terminal, another host in a cluster): every 2 s it compares the
    /// bundles' metadata and the journal's posts and approvals with what it saw last.
    static func watch(_ configuration: StudioConfiguration, jobs: StudioJobs) async {
        var last = ""
        while !Task.isCancelled {
            let week = configuration.manifest.week.description
            let files = StudioWeekCache.signature(configuration.weekFolder).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            let posts = (try? await configuration.journal?.posts(week: week))?.map { "\($0.id):\($0.state.rawValue):\($0.updatedAt)" } ?? []
            let approvals = (try? await configuration.journal?.approvals(week: week))?.map { "\($0.item):\($0.version)" } ?? []
            let texts = (try? await configuration.journal?.texts(week: week))?.map { "\($0.item):\($0.platform.rawValue):\($0.editedAt)" } ?? []
            let now = (files + posts + approvals + texts).joined(separator: "|")
            if !last.isEmpty, now != last { await jobs.weekChanged() }
            last = now
            try? await Task.sleep(for: .seconds(2))
        }
    }

    /// Serves until the task is cancelled (Ctrl-C).
    public func wait() async {
        let running = tasks.withLock { $0.first }
        await running?.value
    }

    public func stop() async {
        for task in tasks.withLock({ $0 }) {
            task.cancel()
            await task.value
        }
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
