import ArgumentParser
import FactoryCore
import Foundation

/// `--manifest`, `--output` and `--state` for the commands that act on items already made
/// (approve, caption, regenerate): the manifest may be left out, and is then the one the newest
/// report.json under the output folder names for the item.
struct ItemOptions: ParsableArguments {
    @Option(help: "The manifest (default: the one named by the newest report.json under the output folder).")
    var manifest: String?

    @Option(help: "Bundles are under DIR instead of the manifest's `output:`.")
    var output: String?

    @Option(help: "The state folder (default <output>/.factory or $FACTORY_STATE).")
    var state: String?

    /// Where `item` was made: the manifest given, or found from the reports; the week given, else
    /// (when `reportWeek`) the week of the report that named the manifest.
    func location(item: String, week: WeekOption, reportWeek: Bool = true) throws -> (location: ManifestLocation, foundWeek: String?) {
        let found = manifest == nil ? try FactoryCommand.Regenerate.findManifest(item: item, output: output) : nil
        let location = ManifestLocation(manifest: manifest ?? found?.manifest ?? "", output: output, state: state,
                                        week: week.week ?? (reportWeek ? found?.week : nil))
        return (location, found?.week)
    }
}
