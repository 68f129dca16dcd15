import FactoryCore
/// The facts of each series (from the poster app): title, hashtag, prompt prefix, calm default style.
extension Series {
    public var title: String {
        switch self {
        case .mondayMotivation: "Monday Motivation"
        case .tuesdayThoughts: "Tuesday Thoughts"
        case .wednesdayWisdom: "Wednesday Wisdom"
        case .thursdayTherapy: "Thursday Therapy"
        case .fridayReflection: "Friday Reflection"
        case .weekendWellness: "Weekend Wellness"
        case .dailyAffirmation: "Daily Affirmation"
        case .mindfulMoment: "Mindful Moment"
        }
    }

    public var hashtag: String { "#" + title.replacingOccurrences(of: " ", with: "") }

    /// Prepended to the item's prompt so every image fits the series' mood.
    public var promptPrefix: String {
        switch self {
        case .mondayMotivation: "uplifting fresh start, morning light, sense of momentum and possibility"
        case .tuesdayThoughts: "contemplative quiet scene, soft reflective light, space to think"
        case .wednesdayWisdom: "timeless serene landscape, ancient calm, balanced composition"
        case .thursdayTherapy: "gentle comforting atmosphere, warm soft colours, safe and nurturing"
        case .fridayReflection: "golden hour glow, peaceful end of the week, gratitude and warmth"
        case .weekendWellness: "restful nature scene, fresh air, slow weekend calm, wellbeing"
        case .dailyAffirmation: "bright hopeful scene, soft pastel light, encouraging and kind"
        case .mindfulMoment: "still minimalist nature, present moment, deep calm, breathing space"
        }
    }

    /// The style used when the item names none.
    public var defaultStyle: PosterStyle {
        switch self {
        case .mondayMotivation: .photographic
        case .tuesdayThoughts: .watercolor
        case .wednesdayWisdom: .minimalist
        case .thursdayTherapy: .pastel
        case .fridayReflection: .cinematic
        case .weekendWellness: .watercolor
        case .dailyAffirmation: .pastel
        case .mindfulMoment: .minimalist
        }
    }

    /// Keeps every image peaceful and free of text, logos and watermarks.
    public static let negativePrompt = "text, letters, words, watermark, logo, signature, caption, frame, border, "
        + "violent, scary, dark horror, blood, weapons, nsfw, crowded, chaotic, distorted, deformed, low quality, blurry, jpeg artifacts"

    /// Hashtags that follow the series hashtag in the caption.
    public var extraHashtags: [String] {
        switch self {
        case .mondayMotivation: ["#motivation", "#freshstart", "#mindfulness"]
        case .tuesdayThoughts: ["#reflection", "#mindset", "#mindfulness"]
        case .wednesdayWisdom: ["#wisdom", "#stoicism", "#mindfulness"]
        case .thursdayTherapy: ["#selfcare", "#mentalhealth", "#selfcompassion"]
        case .fridayReflection: ["#gratitude", "#growth", "#mindfulness"]
        case .weekendWellness: ["#wellness", "#rest", "#selfcare"]
        case .dailyAffirmation: ["#affirmations", "#positivity", "#selflove"]
        case .mindfulMoment: ["#mindfulmoment", "#breathe", "#presence"]
        }
    }
}

extension PosterStyle {
    /// Words added to the prompt for this look.
    public var promptSuffix: String {
        switch self {
        case .watercolor: "soft watercolor painting, flowing washes, textured paper, delicate edges"
        case .minimalist: "minimalist composition, clean shapes, generous negative space, muted palette"
        case .photographic: "photorealistic, natural light, shallow depth of field, high detail"
        case .pastel: "soft pastel colours, dreamy light, gentle gradients"
        case .cinematic: "cinematic lighting, atmospheric haze, rich contrast, film still"
        case .abstract: "abstract flowing forms, harmonious colour fields, calm rhythm"
        }
    }
}
