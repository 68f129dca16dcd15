import ArgumentParser
import FactoryCore
import FactoryProviders
import Foundation

extension FactoryCommand {
    /// `factory run MANIFEST`: plans every item and writes one bundle per item.
    struct Run: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Make the week's bundles from a manifest.")

        @OptionGroup var options: ManifestOptions

        @Option(name: .customLong("only"), help: "Make only this item (repeatable).")
        var only: [String] = []

        @Option(help: "Make only the items scheduled on this weekday (monday … sunday).")
        var day: String?

        @Flag(help: "Use the offline providers even when API keys are set.")
        var offline = false

        func run() async throws {
            let manifest: Manifest
            do {
                manifest = try ManifestLoader.load(path: options.manifest)
            } catch let error as ManifestError {
                for problem in error.problems { printError(problem.description) }
                throw ExitCode(2)
            }
            var weekday: Weekday?
            if let day {
                guard let parsed = Weekday(rawValue: day.lowercased()) else {
                    printError("--day \(day): not a weekday; use monday, tuesday, … sunday")
                    throw ExitCode(2)
                }
                weekday = parsed
            }
            let unknown = only.filter { id in !manifest.items.contains { $0.id == id } }
            if !unknown.isEmpty {
                printError("--only: no item with id \(unknown.joined(separator: ", ")) in \(options.manifest)")
                throw ExitCode(2)
            }
            // State (the lock now; the ledger and cache later) lives in <output>/.factory unless
            // --state or FACTORY_STATE says otherwise.
            let outputRoot = options.output.map { URL(fileURLWithPath: $0) } ?? manifest.output
            let statePath = options.state ?? ProcessInfo.processInfo.environment["FACTORY_STATE"]
            let stateFolder = statePath.map { URL(fileURLWithPath: $0) } ?? outputRoot.appendingPathComponent(".factory")
            let lock: RunLock
            do {
                lock = try RunLock(stateFolder: stateFolder)
            } catch {
                printError("\(error)")
                throw ExitCode(75)
            }
            defer { withExtendedLifetime(lock) {} }
            let providers = ProviderSet(text: OfflineTextProvider(), image: OfflineImageProvider())
            let runner = Runner(manifest: manifest, providers: providers,
                                options: RunOptions(only: only, day: weekday, output: options.output.map { URL(fileURLWithPath: $0) }),
                                log: { print($0) })
            print("providers: text \(providers.text.name), image \(providers.image.name) (offline: no key needed, nothing is spent)")
            print("making \(runner.selected.count) of \(manifest.items.count) items for \(manifest.week) into \(runner.weekFolder.path)")
            let report = try await runner.run()
            print(report.summary)
            if report.exitCode != 0 { throw ExitCode(report.exitCode) }
        }
    }
}
