import Foundation

/// Where a video's soundtrack is levelled to (`loudness:`): an integrated loudness in LUFS (EBU
/// R128 / ITU-R BS.1770) met within ±1 LU, and a true-peak ceiling in dBTP. Written as a preset
/// name (`short-form`, `podcast`, `bedtime`, `broadcast`), as a number of LUFS (the peak stays at
/// −1 dBTP), or as `{ integrated: -16, true_peak: -1.5 }`. docs/bundles.md says why each level.
public struct LoudnessTarget: Sendable, Equatable, Decodable, CustomStringConvertible {
    /// A named level and what it is for.
    public enum Preset: String, ManifestWord {
        /// TikTok, Reels and Shorts: what the feed around a post plays at.
        case shortForm = "short-form"
        /// Apple Podcasts' and Spotify's spoken-word level.
        case podcast
        /// A story heard on a phone at night, as a child falls asleep.
        case bedtime
        /// EBU R128 broadcast level.
        case broadcast
        public static let noun = "loudness preset"

        public var target: LoudnessTarget {
            switch self {
            case .shortForm: LoudnessTarget(integrated: -14, truePeak: -1, preset: self)
            case .podcast: LoudnessTarget(integrated: -16, truePeak: -1, preset: self)
            case .bedtime: LoudnessTarget(integrated: -18, truePeak: -1, preset: self)
            case .broadcast: LoudnessTarget(integrated: -23, truePeak: -1, preset: self)
            }
        }
    }

    /// Integrated loudness, LUFS.
    public var integrated: Double
    /// The highest true peak allowed, dBTP.
    public var truePeak: Double
    /// The preset this came from (nil: set by number).
    public var preset: Preset?
    /// How far the measured integrated loudness may sit from `integrated`, in LU.
    public static let tolerance = 1.0

    public init(integrated: Double, truePeak: Double = -1, preset: Preset? = nil) {
        self.integrated = integrated
        self.truePeak = truePeak
        self.preset = preset
    }

    /// The platforms' short-form level, −14 LUFS with the peak at −1 dBTP: every kind's default but bedtime's.
    public static let shortForm = Preset.shortForm.target

    /// Whether a measurement meets the target: within ±1 LU and the true peak at or under the ceiling.
    public func accepts(integrated measured: Double, truePeak peak: Double) -> Bool {
        measured.isFinite && abs(measured - integrated) <= Self.tolerance && peak <= truePeak + 0.05
    }

    /// "-14±1 LUFS, peak ≤ -1 dBTP (short-form)".
    public var description: String {
        String(format: "%g±%g LUFS, peak ≤ %g dBTP", integrated, Self.tolerance, truePeak) + (preset.map { " (\($0.rawValue))" } ?? "")
    }

    public init(from decoder: Decoder) throws {
        let single = try decoder.singleValueContainer()
        if let lufs = try? single.decode(Double.self) {
            self.init(integrated: lufs)
        } else if (try? single.decode(String.self)) != nil {
            self = try single.decode(Preset.self).target
            return
        } else {
            try decoder.rejectUnknownKeys(["integrated", "true_peak"])
            let c = try decoder.container(keyedBy: AnyKey.self)
            let key = AnyKey(stringValue: "integrated")
            guard c.contains(key) else {
                throw DecodingError.keyNotFound(key, .init(codingPath: decoder.codingPath, debugDescription:
                    "loudness needs `integrated:` in LUFS, e.g. `{ integrated: -14, true_peak: -1 }`, or a preset such as `short-form`"))
            }
            self.init(integrated: try c.decode(Double.self, forKey: key),
                      truePeak: try c.decode(Double.self, forKey: AnyKey(stringValue: "true_peak"), default: -1, in: -9...0, what: "loudness.true_peak"))
        }
        guard (-36 ... -6).contains(integrated), integrated < truePeak else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: String(format:
                "loudness %g LUFS is out of range; write a level from -36 to -6 LUFS below the peak ceiling (short-form platforms play near -14)", integrated)))
        }
    }
}
