import FactoryCore
import FactoryImaging
import Foundation

extension StorybookPainter {
    /// A bedtime story's illustration with no key (its descriptor's `offlineArt`): the storybook
    /// scene of the story's setting (the `setting` hint, else the one its prompt speaks of, else
    /// one picked by seed) with the hero drawn from the `hero` hint's appearance words.
    static let offlineArt: OfflineArtist = { request in
        let setting = setting(of: request)
        var painter = StorybookPainter(width: request.width, height: request.height, setting: setting,
                                       appearance: request.hints[.hero] ?? "", seed: request.seed)
        let image = try Shapes.svg(painter.svg()).flatten()
        let data = try image.jpegData(quality: 92)
        let record = GenerationRecord(stage: .image, provider: OfflineWriter.provider, model: "procedural-storybook-\(setting.rawValue)-v1",
                                      parameters: ["width": "\(request.width)", "height": "\(request.height)", "setting": setting.rawValue],
                                      seed: request.seed, promptHash: Digest.sha256(request.positivePrompt),
                                      units: ["images": 1], costUSD: 0)
        return GeneratedImage(data: data, record: record)
    }

    static func setting(of request: ImageRequest) -> StorySetting {
        if let named = request.hints[.setting].flatMap(StorySetting.init(rawValue:)) { return named }
        if let guessed = StorySetting.guess(scene: request.hints.prompt ?? request.positivePrompt) { return guessed }
        return StorySetting.allCases[Int(Seed.mix(request.seed) % UInt64(StorySetting.allCases.count))]
    }
}
