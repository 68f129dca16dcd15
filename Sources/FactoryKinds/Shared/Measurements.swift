import FactoryCore
import Foundation

/// What a bundle measured and how it was made (metadata.json's `details`), typed. On disk it stays
/// the flat object of strings it always was, keyed and formatted as before (`Measurements+Text`), so
/// old bundles read and new ones are the same bytes.
public struct Measurements: Sendable, Equatable {
    /// The soundtrack against its `loudness:` target (`SoundtrackLevel`).
    public struct Loudness: Sendable, Equatable {
        /// loudness_target_lufs, loudness_true_peak_ceiling_dbtp, loudness_preset: what it was levelled to.
        public var targetLUFS: Double?
        public var truePeakCeilingDBTP: Double?
        public var preset: LoudnessTarget.Preset?
        /// loudness_method: how it was metered.
        public var method: String?
        /// loudness_lufs, true_peak_dbtp: what was measured (absent without a soundtrack).
        public var integratedLUFS: Double?
        public var truePeakDBTP: Double?

        public init(targetLUFS: Double? = nil, truePeakCeilingDBTP: Double? = nil, preset: LoudnessTarget.Preset? = nil,
                    method: String? = nil, integratedLUFS: Double? = nil, truePeakDBTP: Double? = nil) {
            self.targetLUFS = targetLUFS
            self.truePeakCeilingDBTP = truePeakCeilingDBTP
            self.preset = preset
            self.method = method
            self.integratedLUFS = integratedLUFS
            self.truePeakDBTP = truePeakDBTP
        }
    }

    /// The lowest WCAG contrast of any text layer (text_contrast_min, _layer, _time) and how long
    /// measuring it took (text_contrast_seconds).
    public struct Contrast: Sendable, Equatable {
        public var ratio: Double?
        public var layer: String?
        public var time: Double?
        public var seconds: Double?

        public init(ratio: Double? = nil, layer: String? = nil, time: Double? = nil, seconds: Double? = nil) {
            self.ratio = ratio
            self.layer = layer
            self.time = time
            self.seconds = seconds
        }
    }

    /// The read-along highlight against the speech (readalong_drift_*_ms, readalong_words_matched,
    /// readalong_method).
    public struct ReadAlong: Sendable, Equatable {
        public var medianMs: Double?
        public var p90Ms: Double?
        public var signedMedianMs: Double?
        public var lagMs: Double?
        /// Word changes matched to a speech onset, of all the highlight's word changes ("231/264").
        public var matched: Int?
        public var changes: Int?
        public var method: String?

        public init(medianMs: Double? = nil, p90Ms: Double? = nil, signedMedianMs: Double? = nil, lagMs: Double? = nil,
                    matched: Int? = nil, changes: Int? = nil, method: String? = nil) {
            self.medianMs = medianMs
            self.p90Ms = p90Ms
            self.signedMedianMs = signedMedianMs
            self.lagMs = lagMs
            self.matched = matched
            self.changes = changes
            self.method = method
        }
    }

    /// The narration: who spoke it (speech_provider, voice) and its word timings (word_timings: where
    /// they came from; readalong: what the captions highlight).
    public struct Speech: Sendable, Equatable {
        public var provider: StageProvider?
        public var voice: String?
        public var wordTimings: String?
        public var readAlong: String?

        public init(provider: StageProvider? = nil, voice: String? = nil, wordTimings: String? = nil, readAlong: String? = nil) {
            self.provider = provider
            self.voice = voice
            self.wordTimings = wordTimings
            self.readAlong = readAlong
        }
    }

    public var loudness = Loudness()
    public var contrast = Contrast()
    public var readAlong = ReadAlong()
    public var speech = Speech()
    /// inputs_sha256: the hash of inputs outside the manifest (a story file), "none" when there are
    /// none. Core's `BundleWriter.isCurrent` reads it from the file by this key.
    public var inputsSha256: String?
    /// music: the soundtrack's file name (a bundle with music must have sound).
    public var music: String?
    /// The kind's own facts (theme, cover_at_seconds, chunk_01, …) as written; read and set them
    /// through a typed `Field`.
    public var own: [String: String] = [:]

    public init() {}
}

extension Measurements {
    /// A kind's own entry in `details`: its key, and how its value is written and read back.
    public struct Field<Value>: Sendable {
        public let key: String
        let write: @Sendable (Value) -> String
        let read: @Sendable (String) -> Value?

        public init(_ key: String, write: @escaping @Sendable (Value) -> String, read: @escaping @Sendable (String) -> Value?) {
            self.key = key
            self.write = write
            self.read = read
        }
    }

    /// The kind's own value; nil when absent or not readable as `Value` (its text stays in `own`).
    public subscript<Value>(field: Field<Value>) -> Value? {
        get { own[field.key].flatMap(field.read) }
        set { own[field.key] = newValue.map(field.write) }
    }
}

extension Measurements.Field where Value == String {
    public static func text(_ key: String) -> Self { Self(key, write: { $0 }, read: { $0 }) }
}

extension Measurements.Field where Value == Int {
    public static func count(_ key: String) -> Self { Self(key, write: { "\($0)" }, read: { Int($0) }) }
}

extension Measurements.Field where Value == Double {
    /// A figure written with a printf `format` ("%.2f").
    public static func figure(_ key: String, _ format: String) -> Self {
        Self(key, write: { String(format: format, $0) }, read: { Double($0) })
    }
}
