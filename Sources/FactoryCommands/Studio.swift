import ArgumentParser
import FactoryCluster
import FactoryCore
import FactoryPublishing
import FactoryStudio
import Foundation

extension FactoryCommand {
    /// `factory studio [MANIFEST]`: the week in a browser, to watch, approve, make again and publish.
    struct Studio: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Serve the week in a browser: watch each item, approve it, make it again, publish it (docs/studio.md).",
            discussion: """
            Prints one URL with a one-time key and serves until Ctrl-C. It binds 127.0.0.1 unless --bind says \
            otherwise. Every action runs the CLI command it stands for (approve, regenerate, publish) with this \
            manifest, output, state and database, so a cron run or publish at the same moment is safe. \
            Exit codes: 0 stopped; 2 bad arguments or manifest; 75 the port or the stores cannot be opened.
            """)

        @Argument(help: "The manifest (default: the one named by the newest report.json under the output folder).")
        var manifest: String?

        @Option(help: "Bundles are under DIR instead of the manifest's `output:`.")
        var output: String?

        @Option(help: "The state folder (default <output>/.factory or $FACTORY_STATE).")
        var state: String?

        @OptionGroup var week: WeekOption

        @OptionGroup var cluster: ClusterOptions

        @Option(help: "The port to listen on (0: any free one).")
        var port: Int = 8426

        @Option(help: "The address to listen on. Anything but loopback lets other machines reach a page that can post to your accounts.")
        var bind: String = "127.0.0.1"

        func run() async throws {
            let path: String
            if let manifest {
                path = manifest
            } else if let found = Self.newestManifest(output: output) {
                path = found
            } else {
                throw failure("no report.json under \(output ?? "output") names a manifest: give the manifest, e.g. `factory studio week.yaml`")
            }
            var location = ManifestLocation(manifest: path, output: output, state: state, week: week.week)
            let loaded = try location.loadManifest()
            location = try cluster.located(location, loaded)
            if !["127.0.0.1", "::1", "localhost"].contains(bind) {
                printError("warning: --bind \(bind) lets other machines reach this studio; whoever gets its URL can approve and "
                           + "post to your accounts. Prefer an SSH tunnel to 127.0.0.1.")
            }
            let stateFolder = location.stateFolder(loaded)
            let weekFolder = location.weekFolder(loaded)
            let flags = ["--output", (location.outputFolder ?? loaded.output).path, "--state", stateFolder.path,
                         "--week", loaded.week.description]
            if let url = cluster.database {
                // Children read it from the environment: a password in argv shows in `ps`.
                setenv("FACTORY_DATABASE_URL", url, 1)
            }
            let binary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
            let environment = ProcessInfo.processInfo.environment
            let platforms = loaded.publish?.platforms ?? []
            try await cluster.stores(state: stateFolder, output: location.outputFolder ?? loaded.output, manifest: loaded, access: .write)
                .with { stores in
                    let server = StudioServer(StudioConfiguration(
                        manifest: loaded, manifestPath: URL(fileURLWithPath: path).standardizedFileURL.path, weekFolder: weekFolder,
                        stateFolder: stateFolder, bind: bind, port: port, binary: binary, flags: flags,
                        journal: stores.isEmpty ? nil : stores.posts, reports: stores.reports,
                        health: { StudioHealth.check(platforms, state: stateFolder, environment: environment) }))
                    let url: URL
                    do { url = try await server.start() } catch {
                        printError("\(error)")
                        throw ExitCode(75)
                    }
                    say("studio for \(loaded.week) at \(url.absoluteString)")
                    say("(the key in that URL is this session's; Ctrl-C stops the studio)")
                    await FakeProviders.waitForTerminationSignal()
                    await server.stop()
                }
        }

        /// The manifest the newest report.json under the output folder names.
        static func newestManifest(output: String?) -> String? {
            let root = URL(fileURLWithPath: output ?? "output")
            let weeks = (try? FileManager.default.contentsOfDirectory(at: root, includingPropertiesForKeys: [.contentModificationDateKey])) ?? []
            let reports = weeks.map { $0.appendingPathComponent("report.json") }.compactMap { url -> (Date, String)? in
                guard let data = try? Data(contentsOf: url),
                      let manifest = (try? JSONSerialization.jsonObject(with: data) as? [String: Any])?["manifest"] as? String else { return nil }
                let date = (try? url.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate) ?? .distantPast
                return (date, manifest)
            }
            return reports.max { $0.0 < $1.0 }?.1
        }
    }
}

/// Each platform's token, read from the token store without a network call: the studio header's
/// channel health.
enum StudioHealth {
    static func check(_ platforms: [Platform], state: URL, environment: [String: String], now: Date = Date()) -> [StudioPlatformHealth] {
        let setup = PlatformSetup(environment: environment, vault: NoVault(), clock: .system)
        let key = try? TokenKey.load(TokenKey.defaultFile(environment: environment))
        let vault = key.map { FileTokenVault(state: state, key: $0) }
        return platforms.map { platform in
            let fix = "factory auth \(platform.rawValue)"
            let token = (try? vault?.load(platform)) ?? nil
            guard let token else {
                if setup.seed(platform) != nil {
                    return StudioPlatformHealth(platform: platform.rawValue, title: platform.title, health: "ok",
                                                detail: "a token from the environment; the next publish signs in with it", fix: nil)
                }
                return StudioPlatformHealth(platform: platform.rawValue, title: platform.title, health: "missing",
                                            detail: "no token: sign in once", fix: fix)
            }
            if let refreshEnd = token.refreshExpiresAt, refreshEnd <= now {
                return StudioPlatformHealth(platform: platform.rawValue, title: platform.title, health: "expired",
                                            detail: "the sign-in expired \(Self.ago(refreshEnd, now))", fix: fix)
            }
            guard let end = token.expiresAt else {
                return StudioPlatformHealth(platform: platform.rawValue, title: platform.title, health: "ok", detail: "token valid", fix: nil)
            }
            if end > now {
                return StudioPlatformHealth(platform: platform.rawValue, title: platform.title, health: "ok",
                                            detail: "token valid, expires in \(Self.span(end.timeIntervalSince(now)))", fix: nil)
            }
            guard token.refreshToken != nil else {
                return StudioPlatformHealth(platform: platform.rawValue, title: platform.title, health: "expired",
                                            detail: "the token expired \(Self.ago(end, now))", fix: fix)
            }
            return StudioPlatformHealth(platform: platform.rawValue, title: platform.title, health: "refresh-needed",
                                        detail: "the access token expired; the next publish refreshes it", fix: nil)
        }
    }

    static func span(_ seconds: TimeInterval) -> String {
        let minutes = Int(seconds / 60)
        if minutes < 60 { return "\(minutes) min" }
        if minutes < 48 * 60 { return "\(minutes / 60) h \(minutes % 60) min" }
        return "\(minutes / 1440) days"
    }

    static func ago(_ date: Date, _ now: Date) -> String { "\(span(now.timeIntervalSince(date))) ago" }

    /// The setup's own vault is not read here (the health reads the file store itself).
    struct NoVault: TokenVault {
        func load(_ platform: Platform) async throws -> OAuthToken? { nil }
        func save(_ token: OAuthToken, for platform: Platform) async throws {}
    }
}
