import ArgumentParser
import FactoryCore
import FactoryMedia
import FactoryProviders
import Foundation

extension FactoryCommand {
    /// Hidden: renders one 15 s recipe template and prints the seconds it took (for `bench`).
    struct BenchRecipeRender: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "bench-recipe-render", shouldDisplay: false)
        @Option var to: String
        @Option var template = "fridge-pip"

        func run() async throws {
            guard let chosen = RecipeTemplate(rawValue: template) else { throw ValidationError("no template \(template)") }
            let seconds = try await RecipeBench.render(template: chosen, images: OfflineImageProvider(), to: to)
            print(String(format: "%.4f %d", seconds, ProcessMemory.resident().peak))
        }
    }
}
