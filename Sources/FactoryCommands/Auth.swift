import ArgumentParser
import FactoryCore
import FactoryPublishing
import Foundation

extension FactoryCommand {
    /// `factory auth tiktok|youtube|instagram`: the OAuth flow, tokens into the state folder.
    struct Auth: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Sign in to TikTok, YouTube or Instagram and keep the tokens in the state folder (mode 0600).",
            discussion: """
            Opens (or prints) the platform's consent page with a loopback redirect to 127.0.0.1 and, where the \
            platform takes it (TikTok, Google), a PKCE S256 challenge; waits for the redirect, trades the code for \
            tokens and saves them in <state>/tokens/<platform>.json (0600, sealed with ~/.config/contentfactory/token.key \
            or $FACTORY_TOKEN_KEY_FILE). The app's credentials come from TIKTOK_CLIENT_KEY/TIKTOK_CLIENT_SECRET, \
            YOUTUBE_CLIENT_ID/YOUTUBE_CLIENT_SECRET or INSTAGRAM_CLIENT_ID/INSTAGRAM_CLIENT_SECRET (environment or \
            credentials file). Register http://127.0.0.1:<port>/callback as the app's redirect URI (use --port).
            Exit codes: 0 saved; 2 missing app credentials, a refused consent or a bad argument.
            """)

        @Argument(help: "tiktok, youtube or instagram.")
        var platform: String

        @Argument(help: "A manifest, to find the state folder from its `output:` (optional).")
        var manifest: String?

        @Option(help: "The state folder (default <output>/.factory of the manifest, or $FACTORY_STATE, or ./output/.factory).")
        var state: String?

        @OptionGroup var cluster: ClusterOptions

        @Option(help: "The loopback port for the redirect (0: any free port; the app must have the redirect URI registered).")
        var port: Int = 0

        @Option(help: "Seconds to wait for the browser to come back.")
        var timeout: Double = 600

        func run() async throws {
            guard let chosen = Platform(rawValue: platform.lowercased()) else {
                throw failure("\(platform): use tiktok, youtube or instagram")
            }
            let environment = ProcessInfo.processInfo.environment
            let stateFolder: URL
            if let state {
                stateFolder = URL(fileURLWithPath: state)
            } else if let manifest {
                let location = ManifestLocation(manifest: manifest)
                stateFolder = location.stateFolder(try location.loadManifest())
            } else {
                stateFolder = URL(fileURLWithPath: environment["FACTORY_STATE"] ?? "output/.factory")
            }
            let key: TokenKey
            do { key = try TokenKey.load(TokenKey.defaultFile(environment: environment)) } catch { throw failure("\(error)") }
            try await cluster.withTokenVault(key: key, state: stateFolder) { vault in
                try await signIn(chosen, vault: vault, environment: environment)
            }
        }

        /// The consent page, the redirect, the code traded for tokens, and the tokens saved in `vault`.
        private func signIn(_ chosen: Platform, vault: any TokenVault, environment: [String: String]) async throws {
            let setup = PlatformSetup(environment: environment, vault: vault, clock: .system)
            if let problem = setup.urlProblems([chosen]).first { throw failure(problem) }
            guard setup.app(chosen) != nil else {
                throw failure("\(chosen.title) needs the app's credentials first: " + Self.appVariables(chosen) + " (docs/publishing.md)")
            }
            let http = PlatformHTTP()
            defer { Task { await http.shutdown() } }
            let client = setup.client(chosen, http: http)
            let listener: LoopbackRedirect
            do { listener = try LoopbackRedirect(port: port) } catch { throw failure("\(error)") }
            let pkce = PKCE(), state = PKCE.state()
            let page = client.authorizationURL(redirect: listener.redirectURL, state: state, challenge: pkce.challenge)
            print("Open this page to let ContentFactory post to \(chosen.title) (waiting for the redirect to \(listener.redirectURL)):")
            print(page.absoluteString)
            fflush(nil)   // the page must show now, even when stdout is a file or a pipe
            Self.openBrowser(page)
            let query: [String: String]
            do {
                query = try await withThrowingTaskGroup(of: [String: String].self) { group in
                    group.addTask { try await listener.waitForCallback() }
                    group.addTask {
                        try await Task.sleep(for: .seconds(timeout))
                        throw PublishError(.input, "no redirect came back within \(Int(timeout)) s")
                    }
                    let first = try await group.next() ?? [:]
                    group.cancelAll()
                    return first
                }
            } catch { throw failure("\(error)") }
            guard query["state"] == state else { throw failure("the redirect's state does not match this sign-in; start again") }
            guard let code = query["code"] else {
                throw failure("\(chosen.title) refused: \(query["error_description"] ?? query["error"] ?? "no code came back")")
            }
            do {
                let token = try await client.exchange(code: code, redirect: listener.redirectURL, verifier: pkce.verifier)
                try await vault.save(token, for: chosen)
                let until = token.expiresAt.map { " (access until \(ISO8601DateFormatter().string(from: $0)), refreshed by publish)" } ?? ""
                let place = (vault as? FileTokenVault)?.file(chosen).path ?? "the cluster's database"
                say("saved \(chosen.title) tokens in \(place)\(until); scopes: \(token.scopes.joined(separator: ", "))")
            } catch {
                throw failure("\(error)")
            }
        }

        static func appVariables(_ platform: Platform) -> String {
            switch platform {
            case .tiktok: "TIKTOK_CLIENT_KEY and TIKTOK_CLIENT_SECRET"
            case .youtube: "YOUTUBE_CLIENT_ID and YOUTUBE_CLIENT_SECRET"
            case .instagram: "INSTAGRAM_CLIENT_ID and INSTAGRAM_CLIENT_SECRET"
            }
        }

        /// xdg-open when there is a display; otherwise the printed URL is the way.
        static func openBrowser(_ url: URL) {
            let environment = ProcessInfo.processInfo.environment
            guard environment["DISPLAY"] != nil || environment["WAYLAND_DISPLAY"] != nil,
                  FileManager.default.isExecutableFile(atPath: "/usr/bin/xdg-open") else { return }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/xdg-open")
            process.arguments = [url.absoluteString]
            try? process.run()
        }
    }
}
