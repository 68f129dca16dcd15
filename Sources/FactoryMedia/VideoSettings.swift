/// Encoder settings for one video: size, rate, quality preset and audio.
public struct VideoSettings: Sendable, Equatable {
    /// The x264 speed/quality trade-off by product name.
    public enum Preset: String, Sendable, CaseIterable, Codable {
        case draft, standard, high
        /// The libx264 preset each one maps to.
        public var x264: String {
            switch self {
            case .draft: "ultrafast"
            case .standard: "veryfast"
            case .high: "slow"
            }
        }
    }

    /// What the picture holds, which decides how libx264 spends its frames (see `VideoEncoder`).
    public enum Content: String, Sendable, CaseIterable, Codable {
        /// Photographs and footage in motion: zooms, pans, clips (posters, recipes).
        case footage
        /// Illustrations panned slowly for minutes at a low bitrate (bedtime stories). The picture
        /// moves only in whole 2-pixel steps (whole pixels in the chroma planes too): the encoder
        /// searches motion in whole pixels only (`VideoEncoder.x264Params`).
        case illustration
        /// Mostly still screens where text and bubbles appear and scroll (chat stories). Motion is
        /// searched in whole pixels only: scrolls are short (`VideoEncoder.x264Params`).
        case screen
    }

    public var width: Int
    public var height: Int
    public var fps: Int
    /// Target video bitrate in bits per second.
    public var bitrate: Int
    public var preset: Preset
    public var audioBitrate: Int
    public var content: Content
    /// Measuring knobs resolved by the command layer (`.standard` in a run).
    public var tuning: RenderTuning
    public static let sampleRate = 44_100

    public init(width: Int, height: Int, fps: Int = 30, bitrate: Int = 8_000_000,
                preset: Preset = .standard, audioBitrate: Int = 160_000, content: Content = .footage,
                tuning: RenderTuning = .standard) {
        self.width = width
        self.height = height
        self.fps = fps
        self.bitrate = bitrate
        self.preset = preset
        self.audioBitrate = audioBitrate
        self.content = content
        self.tuning = tuning
    }
}
