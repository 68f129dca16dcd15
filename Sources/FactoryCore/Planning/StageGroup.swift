/// The stages a user can name: `regenerate --stage text|image|speech|render`. Every paid stage
/// name an item records ("text", "text-retry", "image-2", "image-before", "speech-07") is in one.
public enum StageGroup: String, Sendable, CaseIterable, Codable, Hashable {
    case text, image, speech, render

    /// The group of a recorded stage name; nil for names outside the four.
    public static func of(stage: String) -> StageGroup? {
        for group in [StageGroup.text, .image, .speech] where stage == group.rawValue || stage.hasPrefix(group.rawValue + "-") {
            return group
        }
        return stage == "render" ? .render : nil
    }
}

extension Item {
    /// The seed a stage group uses: the override `regenerate --seed/--variant` set for it, else `base`.
    package func seed(_ group: StageGroup, default base: UInt64) -> UInt64 { stageSeeds[group] ?? base }
}
