import ArgumentParser
import FactoryCore
import FactoryKinds
import FactoryMedia
import FactoryProviders
import Foundation

extension BenchCommand {
    /// Hidden: renders one 15 s recipe template and prints the seconds it took (for `bench`).
    struct BenchRecipeRender: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "bench-recipe-render", shouldDisplay: false)
        @Option var to: String
        @Option var template = "fridge-pip"

        func run() async throws {
            guard let chosen = RecipeTemplate(rawValue: template) else { throw ValidationError("no template \(template)") }
            let settings = BenchSettings.fromProcess()
            let seconds = try await RecipeBench.render(template: chosen, images: OfflineImageProvider(kinds: StandardKinds.registry), to: to,
                                                       tuning: settings.render, trace: settings.trace)
            print(String(format: "%.4f %d", seconds, ProcessMemory.resident().peak))
        }
    }
}

extension BenchCommand {
    /// Hidden: renders a read-along bedtime video of `--minutes` and prints seconds and peak RSS.
    struct BenchBedtimeRender: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "bench-bedtime-render", shouldDisplay: false)
        @Option var to: String
        @Option var minutes = 2.0

        func run() async throws {
            let cover = try await OfflineImageProvider(kinds: StandardKinds.registry).generate(
                ImageRequest(positivePrompt: "a girl and an owl in a firefly forest", negativePrompt: "", model: "offline", width: 576,
                             height: 1024, steps: 1, cfgScale: 1, seed: 7, hints: ImageHints(own: [.style: "watercolor", .series: "mindful-moment"])),
                context: CallContext(item: "bench", stage: "image", gateway: nil)).data
            let work = URL(fileURLWithPath: to).deletingLastPathComponent().appendingPathComponent("bedtime-work")
            let seconds = try BedtimeBench.render(minutes: minutes, cover: cover, to: to, work: work,
                                                  tuning: BenchSettings.fromProcess().render)
            print(String(format: "%.4f %d", seconds, ProcessMemory.resident().peak))
        }
    }
}
