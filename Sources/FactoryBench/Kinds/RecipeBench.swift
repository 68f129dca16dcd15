import FactoryCore
import FactoryKinds
import FactoryImaging
import FactoryMedia
import Foundation

/// One recipe template rendered alone, timed from the three decoded pictures to the finished
/// MP4 (preparing the pictures, rasterising overlays, composing, encoding, muxing): what
/// `make bench` compares with libx264 on the same frames.
public enum RecipeBench {
    public static let recipe = Recipe(title: "Garlic Spinach Egg Fried Rice", hook: "Leftover rice → dinner in 15 min",
                                      steps: ["Fry garlic in sesame oil", "Add cold rice and toss well", "Scramble two eggs",
                                              "Fold in spinach until wilted", "Season with soy sauce"].map { Recipe.Step(title: $0) },
                                      timeMinutes: 15, costDollars: 6.5, calories: 520,
                                      ingredients: ["cold rice", "eggs", "spinach", "garlic", "soy sauce"])

    public static func render(template: RecipeTemplate = .fridgePip, images provider: any ImageProvider, to path: String,
                              tuning: RenderTuning = .standard, trace: BenchTrace = .off) async throws -> Double {
        var pictures: [String: Data] = [:]
        for role in ["before", "after", "meal"] {
            let request = RecipeImages.request(role: role, recipe: recipe, seed: 42, week: ISOWeek(year: 2026, week: 48))
            pictures[role] = try await provider.generate(request, context: CallContext(item: "bench", stage: .image, gateway: nil)).data
        }
        let started = DispatchTime.now().uptimeNanoseconds
        // The pictures are only needed to build the plan: once their layers exist, libvips lets them go.
        let plan = try RecipeImagesPrepared.plan(template, recipe: recipe, pictures: pictures, broll: [], beats: [], cta: RecipeTextRules.ctaPool[1])
        Vips.releaseMemory()
        trace("recipe plan built")
        // The text contrast is measured (and raised) as a run does: part of the item's time.
        let scene = try TextLegibility.ensure(Scene(width: RecipeArt.width, height: RecipeArt.height, duration: plan.duration,
                                                    layers: plan.layers), fps: RecipeArt.fps).raised.scene
        trace("recipe text contrast measured")
        let stats = try SceneRenderer.render(scene, audio: nil, to: path,
                                             settings: VideoSettings(width: RecipeArt.width, height: RecipeArt.height, fps: 30,
                                                                     bitrate: 10_000_000, preset: .standard, audioBitrate: 160_000, tuning: tuning))
        trace("recipe rendered: compose \(String(format: "%.2f", stats.composeSeconds)) s of \(String(format: "%.2f", stats.seconds)) s")
        return Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
    }
}
