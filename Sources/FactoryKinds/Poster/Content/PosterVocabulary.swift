import FactoryCore
import Foundation

/// The eight poster series, each with its prompt prefix, calm default style and hashtag.
public enum Series: String, ManifestWord {
    case mondayMotivation = "monday-motivation"
    case tuesdayThoughts = "tuesday-thoughts"
    case wednesdayWisdom = "wednesday-wisdom"
    case thursdayTherapy = "thursday-therapy"
    case fridayReflection = "friday-reflection"
    case weekendWellness = "weekend-wellness"
    case dailyAffirmation = "daily-affirmation"
    case mindfulMoment = "mindful-moment"
    public static let noun = "series"
}

/// Image style presets for posters.
public enum PosterStyle: String, ManifestWord {
    case watercolor, minimalist, photographic, pastel, cinematic, abstract
    public static let noun = "style"
}
