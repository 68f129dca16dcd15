
/// A day of the ISO week; an item's `day:` picks its date inside the manifest's week.
public enum Weekday: String, ManifestWord {
    case monday, tuesday, wednesday, thursday, friday, saturday, sunday
    public static let noun = "weekday"
    /// 1 for Monday … 7 for Sunday.
    public var isoNumber: Int { Self.allCases.firstIndex(of: self)! + 1 }
}

/// Output frame formats, with their pixel sizes, Runware generation sizes and safe zones.
public enum Format: String, ManifestWord {
    case story, square, portrait, landscape
    public static let noun = "format"

    public var size: (width: Int, height: Int) {
        switch self {
        case .story: (1080, 1920)
        case .square: (1080, 1080)
        case .portrait: (1080, 1350)
        case .landscape: (1920, 1080)
        }
    }

    /// What the image provider is asked for: multiples of 64, in the same orientation as the output size.
    public var generationSize: (width: Int, height: Int) {
        switch self {
        case .story: (576, 1024)
        case .square: (1024, 1024)
        case .portrait: (832, 1024)
        case .landscape: (1024, 576)
        }
    }

    /// Margins that text must stay inside: 192 px top/bottom and 72 px sides on a story, the
    /// platforms' UI overlays; scaled to the shorter edges of the other formats.
    public var safeInsets: (top: Int, bottom: Int, left: Int, right: Int) {
        switch self {
        case .story: (192, 192, 72, 72)
        case .portrait: (135, 135, 72, 72)
        case .square: (96, 96, 72, 72)
        case .landscape: (96, 96, 128, 128)
        }
    }
}

/// Render quality presets mapped to libx264 presets.
public enum Quality: String, ManifestWord {
    case draft, standard, high
    public static let noun = "quality preset"
}

/// Which provider plays a role: `auto` is live when its key is set and offline otherwise.
public enum TextProviderChoice: String, ManifestWord {
    case auto, anthropic, openai, offline
    public static let noun = "text provider"
}

/// Which provider makes images.
public enum ImageProviderChoice: String, ManifestWord {
    case auto, runware, offline
    public static let noun = "image provider"
}

/// Which provider speaks: OpenAI (speech or Realtime models), Runware `audioInference`, or the embedded voice.
public enum SpeechProviderChoice: String, ManifestWord {
    case auto, openai, runware, offline
    public static let noun = "speech provider"
}

/// What a live narration chunk whose transcript still differs from its text after the last ask does:
/// `fail` the item (the default), or `accept` the closest reading and say so in metadata.json.
public enum RewordedSpeech: String, ManifestWord {
    case fail, accept
    public static let noun = "speech_reworded setting"
}

extension Effort: ManifestWord {
    public static let noun = "effort"
}
