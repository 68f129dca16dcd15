/// The stages a user can name: `regenerate --stage text|image|speech|render`. Every paid stage
/// name an item records ("text", "text-retry", "image-2", "image-before", "speech-07") is in one:
/// it is the `group` of its `StageName`.
public enum StageGroup: String, Sendable, CaseIterable, Codable, Hashable {
    case text, image, speech, render
}

extension Item {
    /// The seed a stage group uses: the override `regenerate --seed/--variant` set for it, else `base`.
    package func seed(_ group: StageGroup, default base: UInt64) -> UInt64 { stageSeeds[group] ?? base }
}
