import Foundation

// A recipe video's own facts in metadata.json's details.

extension Measurements.Field where Value == String {
    /// The recipe template (the studio shows it on the card).
    public static var template: Self { .text("template") }
    /// Where the cuts fall, in seconds, space-separated ("%.2f" each).
    static var cuts: Self { .text("cuts") }
    static var hook: Self { .text("hook") }
    static var cta: Self { .text("cta") }
    /// The b-roll clips' file names, comma-separated.
    static var broll: Self { .text("broll") }
}

extension Measurements.Field where Value == Int {
    static var beatsDetected: Self { .count("beats_detected") }
}

extension Measurements.Field where Value == Double {
    static var recipeDuration: Self { .figure("duration_seconds", "%.2f") }
}
