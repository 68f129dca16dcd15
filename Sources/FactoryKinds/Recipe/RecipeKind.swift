import FactoryCore
import FactoryMedia
import Foundation

extension Kind {
    /// A recipe TikTok video in one of the five templates.
    public static let recipeVideo = Kind("recipe-video")
}

extension MemoryField {
    /// A recipe's ingredients: kept, and may recur.
    public static let dish = MemoryField("dish", checked: false)
}

/// The recipe kind's registration: how its items decode and how its job is made.
public enum RecipeKind {
    /// The registration with the shipping render settings.
    public static let descriptor = tunedDescriptor(.standard)

    /// The registration whose jobs render with `tuning` (resolved by the command layer).
    public static func tunedDescriptor(_ tuning: RenderTuning) -> KindDescriptor {
        KindDescriptor(
            kind: .recipeVideo, keys: RecipeSpec.keys, textEffort: .low, summary: "a recipe video in one of five templates",
            look: KindLook(name: "recipe video", filterLabel: "Recipe videos", colour: "#ff9f0a"),
            memory: KindMemory(fields: [.dish]),
            offline: RecipeBrief.offlineWriter, offlineArt: RecipePainter.offlineArt, fakeAnswer: FakeRecipe.answer,
            decode: { try RecipeSpec(from: $0) },
            job: { item, spec, context in
                RecipeJob(item: item, spec: spec, manifest: context.manifest, providers: context.providers,
                          weekFolder: context.weekFolder, memory: context.memory.map { $0.guarding(item: item) }, tuning: tuning.sharing(renders: context.rendersAtOnce))
            })
    }
}

extension RecipeSpec: KindSpec {
    /// `factory stats --by template` compares the five templates.
    public var templateName: String? { template.rawValue }
    /// The templates run about 13 s.
    public var renderWork: RenderWork { RenderWork(seconds: 13, fps: Double(RecipeArt.fps)) }

    public mutating func resolveFiles(_ locate: (_ value: String?, _ keyPath: [String]) -> String?) {
        if let given = photos {
            photos?.before = locate(given.before, ["photos", "before"]) ?? given.before
            photos?.after = locate(given.after, ["photos", "after"]) ?? given.after
            photos?.meal = locate(given.meal, ["photos", "meal"]) ?? given.meal
        }
        broll = broll.enumerated().map { i, path in locate(path, ["broll", "\(i)"]) ?? path }
    }

    public func missingStage(_ group: StageGroup) -> String? {
        switch group {
        case .speech: "only bedtime stories are narrated"
        case .text: "its recipe is in the manifest"
        case .image: "every picture is a local photo"
        default: nil
        }
    }
}
