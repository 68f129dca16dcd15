import FactoryCore
import Foundation

/// A recipe-video item, fully resolved.
public struct RecipeSpec: Sendable, Equatable {
    public var template: RecipeTemplate
    public var prompt: String
    public var recipe: RecipeText?
    public var photos: RecipePhotos?
    public var broll: [String]
    public var cta: String?

    public static let keys = ["template", "prompt", "recipe", "photos", "broll", "cta"]
    enum Keys: String, CodingKey { case template, prompt, recipe, photos, broll, cta }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        template = try c.decodeIfPresent(RecipeTemplate.self, forKey: .template) ?? .snapReveal
        prompt = try c.decodeIfPresent(String.self, forKey: .prompt) ?? ""
        recipe = try c.decodeIfPresent(RecipeText.self, forKey: .recipe)
        photos = try c.decodeIfPresent(RecipePhotos.self, forKey: .photos)
        broll = try c.decodeIfPresent([String].self, forKey: .broll) ?? []
        cta = try c.decodeIfPresent(String.self, forKey: .cta)
        if prompt.isEmpty && recipe == nil {
            throw DecodingError.keyNotFound(Keys.prompt, .init(codingPath: decoder.codingPath,
                debugDescription: "a recipe video needs a `prompt:` (what to cook) or a written `recipe:`"))
        }
    }
}
