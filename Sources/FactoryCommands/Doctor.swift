import ArgumentParser
import FactoryCore
import FactoryKinds
import FactoryProviders
import FactoryPublishing
import Foundation

extension FactoryCommand {
    /// `factory doctor [MANIFEST]`: are the keys, base URLs and models good? Spends nothing.
    struct Doctor: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check each live provider's key, base URL and model, the models' retirement dates and the price table's age; spends nothing.",
            discussion: """
            For each provider that is live (its key is set, or the manifest names it): Anthropic and OpenAI \
            are asked GET /v1/models/{model}, Runware a modelSearch task for each image model; none of these \
            is billed. Models retired or retiring within 30 days (models.json, and OpenAI's shutdown_date) and \
            a models.json older than 90 days are reported. With a manifest, its providers, models and items are \
            used; without one, the defaults. A manifest with `publish:` also has each platform's token checked \
            (refreshed when due, the rotated one saved) with its scopes, without posting anything.

            Exit codes: 0 all is well (warnings allowed); 1 a problem was found (each is named with its fix); \
            2 bad arguments or an invalid manifest.
            """)

        @Argument(help: "The manifest whose providers and models to check (optional).")
        var manifest: String?

        @Option(help: "Bundles are under DIR instead of the manifest's `output:` (where the state folder, with the platforms' tokens, is found).")
        var output: String?

        @Option(help: "The state folder with the platforms' tokens (default <output>/.factory or $FACTORY_STATE).")
        var state: String?

        @OptionGroup var cluster: ClusterOptions

        func run() async throws {
            var choices = ProviderChoices()
            var imageModels: [String] = [ModelDefaults.image]
            var platformChecks: [PlatformCheck] = []
            if let manifest {
                let location = ManifestLocation(manifest: manifest, output: output, state: state)
                let loaded = try location.loadManifest()
                choices = loaded.providers
                imageModels = ModelTable.imageModels(loaded)
                platformChecks = try await Self.checkPlatforms(loaded, state: location.stateFolder(loaded), cluster: cluster)
            }
            var findings = await ProviderDoctor(kinds: ProcessRoot.current.kinds).check(choices, imageModels: imageModels, environment: ProcessInfo.processInfo.environment)
            findings += platformChecks.map { check in
                ProviderDoctor.Finding(provider: check.platform.rawValue, level: check.ok ? .ok : check.warnsOnly ? .warning : .problem,
                                       message: check.detail + (check.fix.map { check.detail.contains($0) ? "" : "; \($0)" } ?? ""))
            }
            for finding in findings {
                let mark = switch finding.level {
                case .ok: "ok     "
                case .warning: "warning"
                case .problem: "PROBLEM"
                case .skipped: "skipped"
                }
                say("\(mark) \(finding.provider): \(finding.message)")
            }
            let problems = findings.filter { $0.level == .problem }.count
            say(problems == 0 ? "doctor: all is well" : "doctor: \(problems) problem\(problems == 1 ? "" : "s") found")
            if problems > 0 { throw ExitCode(1) }
        }

        /// Each platform the manifest posts to: its token (refreshed when due) and scopes; never a post.
        /// In a cluster the tokens are the shared database's, so a refresh here is the one every host uses.
        static func checkPlatforms(_ manifest: Manifest, state: URL, cluster: ClusterOptions) async throws -> [PlatformCheck] {
            guard let settings = manifest.publish else { return [] }
            let used = Platform.allCases.filter { platform in manifest.items.contains { ($0.publishing.platforms ?? settings.platforms).contains(platform) } }
            guard !used.isEmpty else { return [] }
            let environment = ProcessInfo.processInfo.environment
            guard let key = try? TokenKey.load(TokenKey.defaultFile(environment: environment)) else {
                return used.map { PlatformCheck(platform: $0, ok: false, detail: "the token key cannot be read or made",
                                                fix: "set FACTORY_TOKEN_KEY_FILE to a writable path") }
            }
            return try await cluster.withTokenVault(key: key, state: state) { vault in
                let http = PlatformHTTP()
                let setup = PlatformSetup(environment: environment, vault: vault, clock: .system)
                var checks: [PlatformCheck] = []
                for platform in used {
                    if let problem = setup.urlProblems([platform]).first {
                        checks.append(PlatformCheck(platform: platform, ok: false, detail: problem, fix: "correct the variable or unset it"))
                        continue
                    }
                    checks.append(await setup.client(platform, http: http).check())
                    let figures = MetricScopes.finding(platform, granted: (try? await vault.load(platform))?.scopes)
                    checks.append(PlatformCheck(platform: platform, ok: figures.ok, detail: figures.text, warnsOnly: true))
                }
                await http.shutdown()
                return checks
            }
        }
    }
}
