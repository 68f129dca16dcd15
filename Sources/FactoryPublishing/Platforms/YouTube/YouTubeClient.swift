import FactoryCore
import Foundation

/// SCAFFOLD (being written): the YouTube client.
public struct YouTubeClient: PlatformClient {
    public let context: PlatformContext
    let http: PlatformHTTP
    public var platform: Platform { .youtube }

    public init(context: PlatformContext, http: PlatformHTTP) {
        self.context = context
        self.http = http
    }

    public func post(_ request: PostRequest, saved: SavedPost?, progress: any PostProgress) async throws -> PostOutcome {
        throw PublishError(.refused, platform: platform, "not written yet")
    }

    public func authorizationURL(redirect: URL, state: String, challenge: String) -> URL { redirect }

    public func exchange(code: String, redirect: URL, verifier: String) async throws -> OAuthToken {
        throw PublishError(.refused, platform: platform, "not written yet")
    }

    public func check() async -> PlatformCheck {
        PlatformCheck(platform: platform, ok: false, detail: "not written yet")
    }
}
