import ArgumentParser
import FactoryImaging
import Foundation

/// The `factory-bench` command: the benchmarks behind `make bench`, apart from the shipping
/// `factory` binary. They time `factory` itself, found beside this binary (the same build folder).
public struct BenchCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "factory-bench",
        abstract: "Benchmarks of the factory: a week offline, each kind's render, the executor over a fake, the encoder.",
        discussion: "Each bench runs the `factory` binary built beside this one (`swift build -c release` builds both).",
        subcommands: [Bench.self, BenchExecutor.self, BenchRender.self,
                      BenchChatRender.self, BenchRecipeRender.self, BenchBedtimeRender.self, BenchCarouselRender.self, BenchEncode.self, BenchEncodeRaw.self, BenchStudio.self, BenchVoice.self])

    public init() {}

    /// This binary (the render benches run as its children, one process per measured render).
    static var benchBinary: String { URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().path }

    /// The `factory` binary beside this one; a missing one names the build that makes it.
    static func factoryBinary() throws -> String {
        let path = URL(fileURLWithPath: benchBinary).deletingLastPathComponent().appendingPathComponent("factory").path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw ValidationErrorText("no factory binary at \(path); build it beside factory-bench (swift build -c release)")
        }
        return path
    }

    /// Parses the arguments and runs the chosen bench.
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
            exit(withError: error)
        }
    }
}

/// Writes a line to standard error.
func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}
