import FactoryCore
import Foundation
import NIOHTTP1

/// Posts Reels through the Instagram API with Instagram Login (graph.instagram.com), step by step
/// as Meta's pages describe it (docs/publishing.md, section 3 of the publishing reference): check
/// the publishing limit, create a REELS container, save its id, send the video to the upload host
/// (or let Meta fetch `video_url`), wait for FINISHED, `media_publish`, then read the permalink.
/// A saved container is asked about (`status_code`) before anything is sent again, and a
/// PUBLISHED container is never published a second time.
public struct InstagramClient: PlatformClient {
    /// The Graph version every versioned path uses: the one the content_publishing_limit reference
    /// page's example calls (`/v24.0/…`), and public code's rupload URLs too.
    static let version = "v24.0"
    /// What `factory auth instagram` asks for (business-login page; the old `business_*` names died 2025-01-27).
    /// Posting, and the insights `factory stats` reads (instagram-media/insights).
    static let scopes = ["instagram_business_basic", "instagram_business_content_publish", "instagram_business_manage_insights"]

    public let context: PlatformContext
    let http: PlatformHTTP
    public var platform: Platform { .instagram }

    public init(context: PlatformContext, http: PlatformHTTP) {
        self.context = context
        self.http = http
    }

    public func post(_ request: PostRequest, saved: SavedPost?, progress: any PostProgress) async throws -> PostOutcome {
        let token = try await currentToken()
        guard let account = token.account, !account.isEmpty else {
            throw PublishError(.credentials, platform: platform,
                               "no Instagram user id for \(request.item); set INSTAGRAM_USER_ID or run `factory auth instagram`")
        }
        if let saved, let container = saved.details[.container] ?? saved.remoteId {
            return try await resume(request, container: container, saved: saved, account: account, progress: progress)
        }
        return try await start(request, account: account, progress: progress)
    }

    public func check() async -> PlatformCheck {
        do {
            let token = try await currentToken()
            guard let account = token.account, !account.isEmpty else {
                return PlatformCheck(platform: platform, ok: false, detail: "the token names no Instagram user id",
                                     fix: "set INSTAGRAM_USER_ID, or run `factory auth instagram`")
            }
            let me = try await graph(.GET, "me", query: [("fields", "user_id,username")])
            let user = Self.text(me["user_id"]) ?? Self.text(me["id"]) ?? "?"
            let name = Self.text(me["username"]) ?? "?"
            guard user == account else {
                return PlatformCheck(platform: platform, ok: false,
                                     detail: "the token belongs to @\(name) (user \(user)), not to user \(account)",
                                     fix: "set INSTAGRAM_USER_ID to \(user), or run `factory auth instagram` as the right account")
            }
            let quota = try await publishingLimit(account)
            let until = token.expiresAt.map { "valid until \(ISO8601DateFormatter().string(from: $0))" } ?? "of unknown lifetime"
            return PlatformCheck(platform: platform, ok: true,
                                 detail: "@\(name) (user \(user)), token \(until), \(quota.description)")
        } catch let error as PublishError {
            let fix = error.code == .credentials
                ? "run `factory auth instagram` (or set INSTAGRAM_ACCESS_TOKEN and INSTAGRAM_USER_ID)" : "try again later"
            return PlatformCheck(platform: platform, ok: false, detail: error.message, fix: fix)
        } catch {
            return PlatformCheck(platform: platform, ok: false, detail: Secrets.redact("\(error)"), fix: "try again later")
        }
    }

    /// The publishing limit as content_publishing_limit answers it.
    struct Quota: CustomStringConvertible {
        var used: Int
        var total: Int?
        var seconds: Int

        var isUsedUp: Bool { total.map { used >= $0 } ?? false }
        var window: String { seconds % 3600 == 0 ? "\(seconds / 3600) h" : "\(seconds) s" }
        var description: String { "published \(used) of \(total.map(String.init) ?? "?") in \(window)" }
    }

    /// GET /{ig-user-id}/content_publishing_limit?fields=quota_usage,config (its reference page):
    /// `quota_total` is read each time ("currently 50"; older pages say 25, tools say 100).
    func publishingLimit(_ account: String) async throws -> Quota {
        let json = try await graph(.GET, "\(account)/content_publishing_limit", query: [("fields", "quota_usage,config")])
        let entry = (json["data"] as? [[String: Any]])?.first ?? json
        let config = entry["config"] as? [String: Any]
        return Quota(used: Self.int(entry["quota_usage"]) ?? 0, total: Self.int(config?["quota_total"]),
                     seconds: Self.int(config?["quota_duration"]) ?? 86_400)
    }

    /// A JSON number or numeric string as an Int.
    static func int(_ value: Any?) -> Int? {
        switch value {
        case let number as Int: number
        case let number as NSNumber: number.intValue
        case let text as String: Int(text)
        default: nil
        }
    }

    /// A JSON string, or a number as text (Graph sends ids as strings, user ids sometimes as numbers).
    static func text(_ value: Any?) -> String? {
        switch value {
        case let text as String: text
        case let number as Int: String(number)
        case let number as NSNumber: number.stringValue
        default: nil
        }
    }
}
