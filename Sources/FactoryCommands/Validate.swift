import ArgumentParser
import FactoryCore
import FactoryKinds
import FactoryProviders
import Foundation

extension FactoryCommand {
    /// `factory validate FILE`: every problem as `file:line:col: path: message`, exit 2 if any.
    struct Validate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Check a manifest without running it.")

        @Argument(help: "The manifest file (YAML).")
        var manifest: String

        @OptionGroup var week: WeekOption

        func run() async throws {
            do {
                let loaded = try ManifestLoader.validate(path: manifest, kinds: ProcessRoot.current.kinds, week: week.week.flatMap(ISOWeek.init),
                                                         clock: try ManifestLocation.clock())
                let standing = loaded.weekSpec.isStanding ? ", week: \(loaded.weekSpec)" : ""
                print("\(manifest): ok — \(loaded.items.count) items for \(loaded.week) (\(Self.counts(loaded))\(standing))")
            } catch let error as ManifestError {
                for problem in error.problems { printError(problem.description) }
                printError("\(error.problems.count) problem\(error.problems.count == 1 ? "" : "s") in \(manifest)")
                throw ExitCode(2)
            } catch let error as FactoryError {
                printError(error.description)
                throw ExitCode(2)
            }
        }

        static func counts(_ manifest: Manifest) -> String {
            ProcessRoot.current.kinds.kinds.compactMap { kind in
                let n = manifest.items.filter { $0.kind == kind }.count
                return n > 0 ? "\(n) \(kind.rawValue)" : nil
            }.joined(separator: ", ")
        }
    }
}

/// Writes a line to standard error.
func printError(_ line: String) {
    Console.shared.line(line, error: true)
}
