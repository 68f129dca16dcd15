import ArgumentParser
import FactoryCore
import Foundation
import FactoryImaging
import FactoryKinds
import FactoryProviders

/// The `factory` command: turns a weekly manifest into finished share bundles.
@available(macOS 10.15, *)
public struct FactoryCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "factory",
        abstract: "A batch content factory: one YAML manifest in, a week of finished share bundles out.",
        discussion: """
        Exit codes:
          0   every item done
          1   some items failed (the report says which and why)
          2   invalid manifest, arguments or provider settings
          3   a budget cap deferred some items (run again when the cap has room)
          75  another run holds the lock, or items were deferred (a paused provider); run again later
          130/143  stopped by SIGINT/SIGTERM (the report is written)
        """,
        version: "0.1.0",
        subcommands: [Run.self, Estimate.self, Regenerate.self, Validate.self, Review.self, Approve.self, Publish.self, Stats.self, Auth.self,
                      History.self, Costs.self, Cron.self, Doctor.self, FakeProviders.self, Studio.self, Caption.self, MCPServe.self])

    public init() {}
}

/// Flags shared by the commands that read a manifest.
struct ManifestOptions: ParsableArguments {
    @Argument(help: "The manifest file (YAML).")
    var manifest: String

    @Option(help: "Write bundles under DIR instead of the manifest's `output:`.")
    var output: String?

    @Option(help: "Keep state (the lock, the ledger, the cache) in DIR instead of <output>/.factory (or $FACTORY_STATE).")
    var state: String?

    /// The same choices as a plain value, for code that has them from elsewhere (regenerate, costs).
    var location: ManifestLocation { ManifestLocation(manifest: manifest, output: output, state: state) }

    /// This location making `week` (`--week`) whatever the manifest's `week:` says.
    func location(week: WeekOption) -> ManifestLocation {
        var location = self.location
        location.week = week.week
        return location
    }
    var outputFolder: URL? { location.outputFolder }
    func loadManifest() throws -> Manifest { try location.loadManifest() }
    func stateFolder(_ manifest: Manifest) -> URL { location.stateFolder(manifest) }
}

/// `--week YYYY-Www`: the week to make, whatever the manifest's `week:` says (run, estimate,
/// validate, regenerate).
struct WeekOption: ParsableArguments {
    @Option(name: .customLong("week"), help: "Make this ISO week (YYYY-Www) instead of the manifest's `week:` (auto, next or a week).")
    var text: String?

    /// The parsed week; a bad one exits 2 naming the flag and the fix.
    var week: String? { text }

    func validate() throws {
        guard let text else { return }
        guard let week = ISOWeek(text) else { throw ValidationError("--week \(text): write an ISO week such as 2026-W48") }
        guard week.date(of: .monday, in: TimeZone(identifier: "UTC") ?? .current) != nil else {
            throw ValidationError("--week \(text): \(week.year) has no week \(week.week); ISO years have 52 or 53 weeks")
        }
    }
}

/// Where a manifest is, and where its bundles and state go (`--output`, `--state`, $FACTORY_STATE).
struct ManifestLocation: Sendable {
    var manifest: String
    var output: String?
    var state: String?
    /// `--week`: the week to make instead of the manifest's.
    var week: String?

    init(manifest: String, output: String? = nil, state: String? = nil, week: String? = nil) {
        self.manifest = manifest
        self.output = output
        self.state = state
        self.week = week
    }

    var outputFolder: URL? { output.map { URL(fileURLWithPath: $0) } }

    /// Loads and checks the manifest, its week resolved (`--week`, else `week:` with the run's
    /// date from the clock or $FACTORY_TODAY); problems are printed and exit 2.
    func loadManifest() throws -> Manifest {
        do {
            let root = ProcessRoot.current
            let loaded = try ManifestLoader.load(path: manifest, kinds: root.kinds, week: week.flatMap(ISOWeek.init), clock: try Self.clock())
            // The manifest's own content library is checked with it (exit 2 on a problem), and
            // kept for the run.
            _ = try root.library(for: loaded)
            return loaded
        } catch let error as ManifestError {
            for problem in error.problems { printError(problem.description) }
            throw ExitCode(2)
        } catch let error as FactoryError {
            printError(error.description)
            throw ExitCode(2)
        }
    }

    /// Today for `week: auto|next`: the clock, or $FACTORY_TODAY (YYYY-MM-DD).
    static func clock() throws -> RunClock {
        try RunDate.today(environment: ProcessInfo.processInfo.environment)
    }

    /// `--state`, else $FACTORY_STATE, else `<output>/.factory`.
    func stateFolder(_ manifest: Manifest) -> URL {
        let outputRoot = outputFolder ?? manifest.output
        let path = state ?? ProcessInfo.processInfo.environment["FACTORY_STATE"]
        return path.map { URL(fileURLWithPath: $0) } ?? outputRoot.appendingPathComponent(".factory")
    }

    /// The week's folder: `<output>/<week>`.
    func weekFolder(_ manifest: Manifest) -> URL {
        (outputFolder ?? manifest.output).appendingPathComponent(manifest.week.description)
    }

    /// The gateway's settings for this manifest (the week's quarantine beside its bundles).
    func settings(_ manifest: Manifest, runId: String, fresh: Bool, freshStages: Set<StageGroup>) -> PaidCallGateway.Settings {
        let c = manifest.concurrency
        var settings = PaidCallGateway.Settings(
            budget: manifest.budget, timezone: manifest.timezone, week: manifest.week.description,
            runId: runId, fresh: fresh,
            limits: [.runware: c.runware, .openai: c.openai, .anthropic: c.anthropic], total: c.total, freshStages: freshStages)
        settings.quarantine = QuarantineFolder.week(weekFolder(manifest))
        return settings
    }
}

extension FactoryCommand {
    /// Parses the arguments and runs the chosen subcommand, awaiting async ones.
    public static func entry() async {
        Vips.tuneMalloc(environment: ProcessInfo.processInfo.environment)
        do {
            var command = try parseAsRoot(nil)
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            // Bad arguments exit 2, as the exit codes in docs/architecture.md say (ArgumentParser's own is 64).
            let code = exitCode(for: error)
            if code == .validationFailure {
                let message = fullMessage(for: error)
                if !message.isEmpty { FileHandle.standardError.write(Data((message + "\n").utf8)) }
                exit(withError: ExitCode(2))
            }
            exit(withError: error)
        }
    }
}
