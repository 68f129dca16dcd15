import Foundation

/// A platform the week's bundles are posted to (`publish.platforms`).
public enum Platform: String, Sendable, CaseIterable, Codable, Hashable, CustomStringConvertible {
    case tiktok, youtube, instagram

    public var description: String { rawValue }

    /// The platform's name as a creator reads it.
    public var title: String {
        switch self {
        case .tiktok: "TikTok"
        case .youtube: "YouTube"
        case .instagram: "Instagram"
        }
    }
}
