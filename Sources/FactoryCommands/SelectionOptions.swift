import ArgumentParser
import FactoryCore

/// Which items a run (or its estimate) takes, and from which providers: the flags `run` and
/// `estimate` share, so an estimate prices exactly what the same run would make.
struct SelectionOptions: ParsableArguments {
    @Option(name: .customLong("only"), help: "Only this item (repeatable).")
    var only: [String] = []

    @Option(help: "Only the items scheduled on this weekday (monday … sunday).")
    var day: String?

    @Flag(help: "Use the offline providers even when API keys are set.")
    var offline = false

    @Flag(help: "Ignore cached provider results and published bundles: ask and pay again.")
    var fresh = false

    /// `--day` as a weekday, with `--only` checked against the manifest; a bad value exits 2.
    func weekday(in manifest: Manifest, path: String) throws -> Weekday? {
        let unknown = only.filter { id in !manifest.items.contains { $0.id == id } }
        if !unknown.isEmpty {
            printError("--only: no item with id \(unknown.joined(separator: ", ")) in \(path)")
            throw ExitCode(2)
        }
        guard let day else { return nil }
        guard let parsed = Weekday(rawValue: day.lowercased()) else {
            printError("--day \(day): not a weekday; use monday, tuesday, … sunday")
            throw ExitCode(2)
        }
        return parsed
    }
}
