import Foundation

// A chat story's own facts in metadata.json's details.

extension Measurements.Field where Value == String {
    static var theme: Self { .text("theme") }
    static var appearance: Self { .text("appearance") }
    static var format: Self { .text("format") }
    /// The cast's names, comma-separated.
    static var characters: Self { .text("characters") }
    static var typingSpeed: Self { .text("typing_speed") }
}

extension Measurements.Field where Value == Int {
    static var messages: Self { .count("messages") }
    /// How many typed-text states were rasterised for the keyboard's input line.
    static var typedTextVersions: Self { .count("typed_text_versions") }
}

extension Measurements.Field where Value == Double {
    /// The moment cover.jpg is taken from.
    static var coverAt: Self { .figure("cover_at_seconds", "%.3f") }
    static var composeSeconds: Self { .figure("compose_seconds", "%.2f") }
}

extension Measurements.Field where Value == Bool {
    static var keyboard: Self { .flag("keyboard") }
}
