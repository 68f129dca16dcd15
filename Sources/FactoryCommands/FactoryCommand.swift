import ArgumentParser
import FactoryImaging

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
          2   invalid manifest or arguments
          3   stopped by budget (some items deferred)
          75  another run holds the lock
        """,
        version: "0.1.0",
        subcommands: [Run.self, Validate.self, Bench.self, BenchRender.self, BenchEncode.self])

    public init() {}
}

/// Flags shared by the commands that read a manifest.
struct ManifestOptions: ParsableArguments {
    @Argument(help: "The manifest file (YAML).")
    var manifest: String

    @Option(help: "Write bundles under DIR instead of the manifest's `output:`.")
    var output: String?

    @Option(help: "Keep state (the run lock; later the ledger and cache) in DIR instead of <output>/.factory (or $FACTORY_STATE).")
    var state: String?
}

extension FactoryCommand {
    /// Parses the arguments and runs the chosen subcommand, awaiting async ones.
    public static func entry() async {
        Vips.limitMallocArenas()
        do {
            var command = try parseAsRoot(nil)
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withError: error)
        }
    }
}
