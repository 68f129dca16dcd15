import FactoryCore

/// The bedtime story's own image hints, read by its storybook painter.
extension ImageHints.Key {
    /// The hero's appearance ("curly red hair and a yellow raincoat"): the painter's colours for them.
    public static let hero: Self = "hero"
    /// The scene's setting (`StorySetting`), whose landmarks the painter draws.
    public static let setting: Self = "setting"
}
