import FactoryCore
import Foundation

/// A provider's base URL, from `RUNWARE_BASE_URL`, `OPENAI_BASE_URL` or `ANTHROPIC_BASE_URL` as the
/// official SDKs spell them; plain http only for loopback hosts (the fake server, a local proxy).
public struct ProviderEndpoint: Sendable, Equatable {
    public var base: URL

    public static let defaults: [ProviderID: String] = [
        .runware: "https://api.runware.ai/v1",
        .openai: "https://api.openai.com/v1",
        .anthropic: "https://api.anthropic.com",
    ]
    public static let variables: [ProviderID: String] = [.runware: "RUNWARE_BASE_URL", .openai: "OPENAI_BASE_URL", .anthropic: "ANTHROPIC_BASE_URL"]

    public static func resolve(_ provider: ProviderID, environment: [String: String]) throws -> ProviderEndpoint {
        let variable = variables[provider] ?? ""
        let text = environment[variable].flatMap { $0.isEmpty ? nil : $0 } ?? defaults[provider] ?? ""
        return try ProviderEndpoint(text, name: variable)
    }

    public init(_ text: String, name: String = "base URL") throws {
        let trimmed = text.hasSuffix("/") ? String(text.dropLast()) : text
        guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty else {
            throw FactoryError(.provider, "\(name)=\(text) is not a URL; use e.g. \(Self.defaults[.openai] ?? "")")
        }
        guard scheme == "https" || (scheme == "http" && Self.isLoopback(host)) else {
            throw FactoryError(.provider, "\(name)=\(text): plain http is accepted only for loopback hosts "
                               + "(127.0.0.1, ::1, localhost); use https")
        }
        base = url
    }

    public static func isLoopback(_ host: String) -> Bool {
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        return bare == "localhost" || bare == "::1" || bare.hasPrefix("127.")
    }

    /// A URL the provider handed back (an image to download): https, or http on loopback only.
    public static func checkDownload(_ text: String, provider: ProviderID) throws -> URL {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), let host = url.host,
              scheme == "https" || (scheme == "http" && isLoopback(host)) else {
            throw FactoryError(.provider, "\(provider) returned an image URL that is not https: \(text.prefix(200))")
        }
        return url
    }

    public func appending(_ path: String) -> URL { base.appendingPathComponent(path) }
}
