import FactoryCore
import Foundation

/// Builds each platform's client from the environment's base URLs (the platforms' own hosts by default).
public enum PlatformClients {
    /// The variable naming each platform's API host, and its default.
    public static let baseVariables: [Platform: (name: String, default: String)] = [
        .tiktok: ("TIKTOK_BASE_URL", "https://open.tiktokapis.com"),
        .youtube: ("YOUTUBE_BASE_URL", "https://www.googleapis.com"),
        .instagram: ("INSTAGRAM_BASE_URL", "https://graph.instagram.com"),
    ]
    /// The second host: Google's token endpoint for YouTube, Meta's upload host for Instagram.
    public static let secondVariables: [Platform: (name: String, default: String)] = [
        .youtube: ("GOOGLE_OAUTH_BASE_URL", "https://oauth2.googleapis.com"),
        .instagram: ("INSTAGRAM_UPLOAD_BASE_URL", "https://rupload.facebook.com"),
    ]

    /// Where the creator grants access (`factory auth`).
    public static let authorizeVariables: [Platform: (name: String, default: String)] = [
        .tiktok: ("TIKTOK_AUTH_BASE_URL", "https://www.tiktok.com"),
        .youtube: ("GOOGLE_AUTH_BASE_URL", "https://accounts.google.com"),
        .instagram: ("INSTAGRAM_AUTH_BASE_URL", "https://api.instagram.com"),
    ]

    public static func make(_ platform: Platform, context: PlatformContext, http: PlatformHTTP) -> any PlatformClient {
        switch platform {
        case .tiktok: TikTokClient(context: context, http: http)
        case .youtube: YouTubeClient(context: context, http: http)
        case .instagram: InstagramClient(context: context, http: http)
        }
    }
}
