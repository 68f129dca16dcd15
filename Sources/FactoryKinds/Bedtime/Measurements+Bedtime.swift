import Foundation

// A bedtime story's own facts in metadata.json's details (the speech, read-along and loudness
// figures are `Measurements`' own).

extension Measurements.Field where Value == String {
    /// How dark the veil behind the subtitles is.
    static var subtitleVeil: Self { .text("subtitle_veil") }
    /// chunk_01, chunk_02, …: each spoken chunk's length, seconds and whether it was reused.
    static func chunk(_ number: Int) -> Self { .text(String(format: "chunk_%02d", number)) }
}

extension Measurements.Field where Value == Int {
    static var words: Self { .count("words") }
    static var chunks: Self { .count("chunks") }
    static var chunksReused: Self { .count("chunks_reused") }
}

extension Measurements.Field where Value == Double {
    static var narrationSeconds: Self { .figure("narration_seconds", "%.2f") }
    static var narrationLoudness: Self { .figure("narration_loudness_lufs", "%.1f") }
    static var narrationTruePeak: Self { .figure("narration_true_peak_dbtp", "%.1f") }
    static var loudnessAfterNormalise: Self { .figure("loudness_after_normalise", "%.1f") }
}
