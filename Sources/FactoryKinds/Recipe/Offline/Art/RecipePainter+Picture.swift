import FactoryCore
import FactoryImaging
import Foundation

extension RecipePainter {
    /// A recipe's fridge before, fridge after or plated meal with no key (its descriptor's
    /// `offlineArt`), painted by the request's `role` hint.
    static let offlineArt: OfflineArtist = { request in
        let role = request.hints[.role].flatMap(RecipePainter.Role.init(rawValue:)) ?? .meal
        var painter = RecipePainter(width: request.width, height: request.height, role: role,
                                    prompt: request.hints.prompt ?? request.positivePrompt, seed: request.seed)
        let image = try Shapes.svg(painter.svg()).flatten().grained(sigma: 3)
        let data = try image.jpegData(quality: 92)
        let record = GenerationRecord(stage: "image", provider: OfflineWriter.provider, model: "procedural-recipe-\(role.rawValue)-v1",
                                      parameters: ["width": "\(request.width)", "height": "\(request.height)", "role": role.rawValue],
                                      seed: request.seed, promptHash: Digest.sha256(request.positivePrompt),
                                      units: ["images": 1], costUSD: 0)
        return GeneratedImage(data: data, record: record)
    }
}
