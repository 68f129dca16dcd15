import FactoryCore
import Foundation

/// Everything a publish needs to reach the platforms, resolved once from the environment (and the
/// credentials file): base URLs, app credentials, tokens seeded from the environment, the token store.
public struct PlatformSetup: Sendable {
    /// The credential variables, read from the environment or the credentials file.
    public static let variables = ["TIKTOK_CLIENT_KEY", "TIKTOK_CLIENT_SECRET", "TIKTOK_REFRESH_TOKEN", "YOUTUBE_CLIENT_ID",
                                   "YOUTUBE_CLIENT_SECRET", "YOUTUBE_REFRESH_TOKEN", "INSTAGRAM_ACCESS_TOKEN", "INSTAGRAM_USER_ID",
                                   "INSTAGRAM_CLIENT_ID", "INSTAGRAM_CLIENT_SECRET"]

    public var environment: [String: String]
    public var vault: any TokenVault
    public var clock: WallClock
    public var processingWait: Duration
    public var pollEvery: Duration

    public init(environment: [String: String], vault: any TokenVault, clock: WallClock,
                processingWait: Duration = .seconds(120), pollEvery: Duration = .seconds(3)) {
        self.environment = Self.withCredentialsFile(environment)
        self.vault = vault
        self.clock = clock
        self.processingWait = processingWait
        self.pollEvery = pollEvery
        for name in Self.variables where name.hasSuffix("TOKEN") || name.hasSuffix("SECRET") {
            if let value = self.environment[name], !value.isEmpty { Secrets.register(value) }
        }
    }

    /// The environment with the credentials file's `NAME=value` lines under it (the environment wins).
    static func withCredentialsFile(_ environment: [String: String]) -> [String: String] {
        let path = environment["FACTORY_CREDENTIALS"] ?? environment["HOME"].map { $0 + "/.config/contentfactory/credentials" }
        guard let path, let text = try? String(contentsOfFile: path, encoding: .utf8) else { return environment }
        let mode = ((try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? NSNumber)?.intValue ?? 0o777
        guard mode & 0o077 == 0 else { return environment }
        var merged = environment
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2, !parts[0].hasPrefix("#"), Self.variables.contains(parts[0]), merged[parts[0]] == nil {
                merged[parts[0]] = parts[1]
            }
        }
        return merged
    }

    func value(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }

    func url(_ table: [Platform: (name: String, default: String)], _ platform: Platform) -> URL? {
        guard let entry = table[platform], let url = URL(string: value(entry.name) ?? entry.default),
              ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host?.isEmpty == false else { return nil }
        return url
    }

    /// One sentence per URL variable of `platforms` that is set but is not an http(s) URL with a
    /// host, naming the variable and the fix; the commands check this before making any client.
    public func urlProblems(_ platforms: [Platform]) -> [String] {
        var found: [String] = []
        for platform in platforms {
            for table in [PlatformClients.baseVariables, PlatformClients.secondVariables, PlatformClients.authorizeVariables] {
                guard let entry = table[platform], let given = value(entry.name), url(table, platform) == nil else { continue }
                found.append("\(entry.name) \"\(Secrets.redact(given))\" is not an http(s) URL with a host; correct it or unset it "
                             + "to use \(entry.default)")
            }
        }
        return found
    }

    /// The app credentials of `platform` from the environment, if set.
    public func app(_ platform: Platform) -> AppCredentials? {
        let names: (String, String) = switch platform {
        case .tiktok: ("TIKTOK_CLIENT_KEY", "TIKTOK_CLIENT_SECRET")
        case .youtube: ("YOUTUBE_CLIENT_ID", "YOUTUBE_CLIENT_SECRET")
        case .instagram: ("INSTAGRAM_CLIENT_ID", "INSTAGRAM_CLIENT_SECRET")
        }
        guard let id = value(names.0), let secret = value(names.1) else { return nil }
        return AppCredentials(clientId: id, clientSecret: secret)
    }

    /// What the environment offers to start a token chain with.
    public func seed(_ platform: Platform) -> OAuthToken? {
        switch platform {
        case .tiktok: value("TIKTOK_REFRESH_TOKEN").map { OAuthToken(accessToken: "", refreshToken: $0) }
        case .youtube: value("YOUTUBE_REFRESH_TOKEN").map { OAuthToken(accessToken: "", refreshToken: $0) }
        case .instagram: value("INSTAGRAM_ACCESS_TOKEN").map { OAuthToken(accessToken: $0, account: value("INSTAGRAM_USER_ID")) }
        }
    }

    public func context(_ platform: Platform) -> PlatformContext {
        // `urlProblems` was checked first; a bad variable never gets this far, but never crashes either.
        PlatformContext(baseURL: url(PlatformClients.baseVariables, platform) ?? URL(fileURLWithPath: "/"),
                        secondURL: url(PlatformClients.secondVariables, platform),
                        authorizeURL: url(PlatformClients.authorizeVariables, platform),
                        app: app(platform),
                        tokens: TokenKeeper(platform: platform, vault: vault, seed: seed(platform), clock: clock),
                        clock: clock, processingWait: processingWait, pollEvery: pollEvery)
    }

    public func client(_ platform: Platform, http: PlatformHTTP) -> any PlatformClient {
        PlatformClients.make(platform, context: context(platform), http: http)
    }
}
