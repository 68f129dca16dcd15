import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A throwaway PostgreSQL server for tests and `bench-executor --workers`: Debian's binaries, a
/// cluster in a temporary folder, listening on 127.0.0.1 only, on a free port, with trust
/// authentication for the user `factory`. As root (CI) it runs as the `postgres` user, which owns
/// the folder. Stopped and removed by `stop()`.
public final class ScratchPostgres: Sendable {
    /// Why the throwaway server could not be made or driven.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }

    public let folder: URL
    public let port: Int
    let bin: URL
    let asPostgres: Bool

    /// postgres://factory@127.0.0.1:PORT/DATABASE
    public func url(database: String = "postgres") -> String { "postgres://factory@127.0.0.1:\(port)/\(database)?sslmode=disable" }

    public init() throws {
        bin = try Self.binaries()
        asPostgres = getuid() == 0
        folder = URL(fileURLWithPath: asPostgres ? "/tmp" : NSTemporaryDirectory()).appendingPathComponent("factory-pg-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        if asPostgres { try Self.command("/bin/chown", ["postgres:postgres", folder.path]) }
        port = try Self.freePort()
        try run("initdb", ["-D", data, "-U", "factory", "--auth=trust", "-E", "UTF8", "--no-sync", "--locale=C"])
        try start()
    }

    var data: String { folder.appendingPathComponent("data").path }

    public func start() throws {
        let options = "-c listen_addresses=127.0.0.1 -c port=\(port) -c unix_socket_directories='\(folder.path)' "
            + "-c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
        try run("pg_ctl", ["-D", data, "-o", options, "-l", folder.appendingPathComponent("server.log").path, "-w", "-t", "60", "start"])
    }

    /// Stops the server (`fast`: connections are cut, as in a restart or a failover).
    public func stop(mode: String = "fast") throws {
        try run("pg_ctl", ["-D", data, "-m", mode, "-w", "-t", "60", "stop"])
    }

    public func restart() throws {
        try stop()
        try start()
    }

    /// Creates an empty database (one per test keeps tests apart).
    public func createDatabase(_ name: String) throws {
        try run("createdb", ["-h", "127.0.0.1", "-p", "\(port)", "-U", "factory", name])
    }

    /// Runs SQL with psql and returns its unaligned output (for tests that back-date rows).
    @discardableResult
    public func psql(_ database: String, _ sql: String) throws -> String {
        try run("psql", ["-h", "127.0.0.1", "-p", "\(port)", "-U", "factory", "-d", database, "-v", "ON_ERROR_STOP=1",
                         "-X", "-q", "-A", "-t", "-c", sql])
    }

    /// Stops the server and removes its folder.
    public func remove() {
        try? stop(mode: "immediate")
        try? FileManager.default.removeItem(at: folder)
    }

    @discardableResult
    func run(_ tool: String, _ arguments: [String]) throws -> String {
        let launch = launch(tool, arguments)
        return try Self.command(launch.path, launch.arguments)
    }

    /// How a tool is started. As root every tool runs as `postgres` from `/` (through `env -C`):
    /// that user may not enter the working folder (a clone under a 0700 home folder), and would
    /// then warn "could not change directory" on stderr (read apart from stdout in any case).
    func launch(_ tool: String, _ arguments: [String]) -> (path: String, arguments: [String]) {
        let path = bin.appendingPathComponent(tool).path
        guard asPostgres else { return (path, arguments) }
        return ("/usr/sbin/runuser", ["-u", "postgres", "--", "/usr/bin/env", "-C", "/", path] + arguments)
    }

    /// Runs a tool and waits for it with posix_spawn and waitpid (Foundation's `Process` can miss
    /// the exit of a child whose own child, the server, lives on). Its stdout and stderr go through
    /// two files: the stdout alone is returned (tests compare it), the stderr is named in errors.
    @discardableResult
    static func command(_ path: String, _ arguments: [String]) throws -> String {
        try commandOutput(path, arguments).stdout
    }

    /// As `command`, but returns stdout and stderr apart.
    static func commandOutput(_ path: String, _ arguments: [String]) throws -> (stdout: String, stderr: String) {
        let stem = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("factory-pg-\(UUID().uuidString.prefix(8))")
        let output = stem.appendingPathExtension("out"), errors = stem.appendingPathExtension("err")
        defer { [output, errors].forEach { try? FileManager.default.removeItem(at: $0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errors.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
        guard spawned == 0 else { throw ScratchPostgres.Failure("cannot start \(path) (error \(spawned))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        let complaint = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        let exited = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        guard exited == 0 else {
            throw ScratchPostgres.Failure("\((path as NSString).lastPathComponent) \(arguments.last ?? "") exited "
                               + "\(exited): \(complaint.suffix(800))\(text.isEmpty ? "" : " (stdout: \(text.suffix(400)))")")
        }
        return (text, complaint)
    }

    /// The newest Debian PostgreSQL (15 or later) under /usr/lib/postgresql.
    static func binaries() throws -> URL {
        let root = URL(fileURLWithPath: "/usr/lib/postgresql")
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).compactMap(Int.init).filter { $0 >= 15 }
        guard let newest = versions.max(),
              FileManager.default.isExecutableFile(atPath: root.appendingPathComponent("\(newest)/bin/initdb").path) else {
            throw ScratchPostgres.Failure("no PostgreSQL 15 or later in /usr/lib/postgresql; install Debian's `postgresql` "
                               + "(make test-deps does)")
        }
        return root.appendingPathComponent("\(newest)/bin")
    }

    /// A port nothing listens on now (bound to 0, read back, closed).
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ScratchPostgres.Failure("cannot open a socket to find a free port") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw ScratchPostgres.Failure("cannot bind 127.0.0.1 to find a free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
