import Foundation
import Testing
@testable import FactoryTesting

/// psql as the `postgres` user from a folder that user cannot enter (a clone under a 0700 home
/// folder): its complaint stays on stderr and the stdout the tests compare is the query's alone.
@Suite(.enabled(if: getuid() == 0, "runs psql as the postgres user, which needs root"))
struct ScratchPostgresTests {
    /// A root-owned folder of mode 0700, as a home folder often is.
    static func privateFolder() throws -> URL {
        let folder = URL(fileURLWithPath: "/tmp").appendingPathComponent("factory-private-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return folder
    }

    @Test func psqlFromPrivateFolderKeepsItsComplaintOffStdout() throws {
        let server = try ScratchPostgres()
        defer { server.remove() }
        let folder = try Self.privateFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let query = ["-h", "127.0.0.1", "-p", "\(server.port)", "-U", "factory", "-d", "postgres", "-X", "-q", "-A", "-t", "-c", "SELECT 40 + 2"]

        // Without `env -C /` the postgres user starts in the private folder: the complaint is real…
        // (root enters the folder with `env -C`, and runuser keeps it as the working folder.)
        let psql = server.bin.appendingPathComponent("psql").path
        let bare = try ScratchPostgres.commandOutput("/usr/bin/env", ["-C", folder.path, "/usr/sbin/runuser", "-u", "postgres", "--", psql] + query)
        #expect(bare.stderr.contains("could not change directory"))
        #expect(bare.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "42")

        // …and the launch the helpers use starts it in `/`, so there is none at all.
        let launch = server.launch("psql", query)
        let helped = try ScratchPostgres.commandOutput("/usr/bin/env", ["-C", folder.path, launch.path] + launch.arguments)
        #expect(!helped.stderr.contains("could not change directory"))
        #expect(helped.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "42")
    }

    @Test func failingSQLNamesStderrInTheError() throws {
        let server = try ScratchPostgres()
        defer { server.remove() }
        #expect {
            try server.psql("postgres", "SELECT * FROM no_such_table")
        } throws: { error in
            "\(error)".contains("no_such_table") && "\(error)".contains("does not exist")
        }
    }
}
