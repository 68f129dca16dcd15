import FactoryCore
import Foundation

// metadata.json's `details`: one flat object of strings. Each typed figure keeps the key and the
// printf format the kinds always wrote it with; text a reader cannot parse stays in `own` as written.
extension Measurements: Codable {
    /// Reads a `details` object: known keys into the typed fields, the rest into `own`.
    public init(_ text: [String: String]) {
        var rest = text
        func string(_ key: String) -> String? { rest.removeValue(forKey: key) }
        func number(_ key: String) -> Double? {
            guard let value = rest[key].flatMap(Double.init) else { return nil }
            rest[key] = nil
            return value
        }
        loudness.targetLUFS = number("loudness_target_lufs")
        loudness.truePeakCeilingDBTP = number("loudness_true_peak_ceiling_dbtp")
        if let preset = rest["loudness_preset"].flatMap(LoudnessTarget.Preset.init(rawValue:)) {
            loudness.preset = preset
            rest["loudness_preset"] = nil
        }
        loudness.method = string("loudness_method")
        loudness.integratedLUFS = number("loudness_lufs")
        loudness.truePeakDBTP = number("true_peak_dbtp")
        contrast.ratio = number("text_contrast_min")
        contrast.layer = string("text_contrast_layer")
        contrast.time = number("text_contrast_time")
        contrast.seconds = number("text_contrast_seconds")
        readAlong.medianMs = number("readalong_drift_median_ms")
        readAlong.p90Ms = number("readalong_drift_p90_ms")
        readAlong.signedMedianMs = number("readalong_drift_signed_median_ms")
        readAlong.lagMs = number("readalong_drift_lag_ms")
        if let parts = rest["readalong_words_matched"]?.split(separator: "/", omittingEmptySubsequences: false), parts.count == 2,
           let matched = Int(parts[0]), let changes = Int(parts[1]) {
            (readAlong.matched, readAlong.changes) = (matched, changes)
            rest["readalong_words_matched"] = nil
        }
        readAlong.method = string("readalong_method")
        speech.provider = string("speech_provider").map(StageProvider.init(rawValue:))
        speech.voice = string("voice")
        speech.wordTimings = string("word_timings")
        speech.readAlong = string("readalong")
        inputsSha256 = string("inputs_sha256")
        music = string("music")
        own = rest
    }

    /// The `details` object: `own`, with every typed field that is set under its key.
    public var text: [String: String] {
        var out = own
        func put(_ key: String, _ value: String?) { if let value { out[key] = value } }
        func figure(_ key: String, _ value: Double?, _ format: String) { put(key, value.map { String(format: format, $0) }) }
        figure("loudness_target_lufs", loudness.targetLUFS, "%g")
        figure("loudness_true_peak_ceiling_dbtp", loudness.truePeakCeilingDBTP, "%g")
        put("loudness_preset", loudness.preset?.rawValue)
        put("loudness_method", loudness.method)
        figure("loudness_lufs", loudness.integratedLUFS, "%.1f")
        figure("true_peak_dbtp", loudness.truePeakDBTP, "%.1f")
        figure("text_contrast_min", contrast.ratio, "%.2f")
        put("text_contrast_layer", contrast.layer)
        figure("text_contrast_time", contrast.time, "%.3f")
        figure("text_contrast_seconds", contrast.seconds, "%.2f")
        figure("readalong_drift_median_ms", readAlong.medianMs, "%.0f")
        figure("readalong_drift_p90_ms", readAlong.p90Ms, "%.0f")
        figure("readalong_drift_signed_median_ms", readAlong.signedMedianMs, "%.0f")
        figure("readalong_drift_lag_ms", readAlong.lagMs, "%.0f")
        if let matched = readAlong.matched, let changes = readAlong.changes { out["readalong_words_matched"] = "\(matched)/\(changes)" }
        put("readalong_method", readAlong.method)
        put("speech_provider", speech.provider?.rawValue)
        put("voice", speech.voice)
        put("word_timings", speech.wordTimings)
        put("readalong", speech.readAlong)
        put("inputs_sha256", inputsSha256)
        put("music", music)
        return out
    }

    // A plain dictionary, so its keys are written and read as they are, never through a key strategy.
    public init(from decoder: Decoder) throws {
        self.init(try decoder.singleValueContainer().decode([String: String].self))
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}
