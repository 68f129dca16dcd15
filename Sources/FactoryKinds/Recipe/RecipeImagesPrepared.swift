import FactoryCore
import FactoryImaging
import Foundation

/// Turns the three encoded pictures into the template's plan: decoded, covered to 1080×1920,
/// BEFORE blurred (radius 10) for the hook, AFTER given the colour pop (contrast +0.1,
/// saturation +0.08). The decoded images live only inside this call, so the render that follows
/// holds just the layers.
package enum RecipeImagesPrepared {
    /// A picture that is missing or cannot be read, said for the quarantine.
    struct Missing: Error { var reason: String }

    package static func plan(_ template: RecipeTemplate, recipe: Recipe, pictures: [String: Data], broll: [String], beats: [Double],
                     cta: String) throws -> RecipePlan {
        var images: [String: Image] = [:]
        for role in ["before", "after", "meal"] {
            guard let data = pictures[role] else {
                throw Missing(reason: "the \(role) picture is missing; give photos.\(role) or let the image provider make it")
            }
            do {
                images[role] = try Image.decode(data).srgb().flatten().cover(width: RecipeArt.width, height: RecipeArt.height).materialised()
            } catch {
                throw Missing(reason: "the \(role) picture cannot be read (\(error)); replace photos.\(role) with a JPEG, PNG or WebP")
            }
        }
        guard let before = images["before"], let after = images["after"], let meal = images["meal"] else {
            throw Missing(reason: "a picture is missing")
        }
        let inputs = RecipeInputs(recipe: recipe, before: before, beforeBlurred: try before.blurred(sigma: 10).materialised(),
                                  after: try after.adjusted(contrast: 1.1).saturated(1.08).materialised(), meal: meal,
                                  broll: broll, beats: beats, cta: cta)
        return try RecipeTemplates.plan(template, inputs)
    }
}
