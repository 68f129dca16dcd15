import ArgumentParser
import FactoryCore
import FactoryProviders
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
            used; without one, the defaults.

            Exit codes: 0 all is well (warnings allowed); 1 a problem was found (each is named with its fix); \
            2 bad arguments or an invalid manifest.
            """)

        @Argument(help: "The manifest whose providers and models to check (optional).")
        var manifest: String?

        func run() async throws {
            var choices = ProviderChoices()
            var imageModels: [String] = [ModelDefaults.image]
            if let manifest {
                let loaded = try ManifestLocation(manifest: manifest).loadManifest()
                choices = loaded.providers
                imageModels = ModelTable.imageModels(loaded)
            }
            let findings = await ProviderDoctor().check(choices, imageModels: imageModels, environment: ProcessInfo.processInfo.environment)
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
    }
}
