import FactoryCore
import Foundation

extension StoryBrief {
    /// The brief of a bedtime item.
    public init(spec: BedtimeSpec, seed: UInt64, recent: RecentWork = RecentWork()) {
        self.init(name: spec.hero.name.trimmingCharacters(in: .whitespaces), age: spec.hero.age, appearance: spec.hero.appearance,
                  traits: spec.hero.traits, ability: spec.hero.ability, companion: spec.companion, theme: spec.theme,
                  minutes: spec.lengthMinutes, language: spec.language, seed: seed)
        self.recent = recent
    }
}
