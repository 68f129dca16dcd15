import FactoryCore
import Foundation

/// API keys from the environment (`RUNWARE_API_KEY`, `OPENAI_API_KEY`, `ANTHROPIC_API_KEY`) or a
/// credentials file with `NAME=value` lines that only its owner may read (mode 0600). Every key
/// is registered with `Secrets` so no output can carry it.
public struct Credentials: Sendable {
    public static let variables: [ProviderID: String] = [.runware: "RUNWARE_API_KEY", .openai: "OPENAI_API_KEY", .anthropic: "ANTHROPIC_API_KEY"]
    public var keys: [ProviderID: String]

    public init(keys: [ProviderID: String]) { self.keys = keys }

    public static func load(environment: [String: String]) throws -> Credentials {
        var file: [String: String] = [:]
        let path = environment["FACTORY_CREDENTIALS"]
            ?? environment["HOME"].map { $0 + "/.config/contentfactory/credentials" }
        if let path, FileManager.default.fileExists(atPath: path) {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue ?? 0
            guard mode & 0o077 == 0 else {
                throw FactoryError(.provider, "credentials file \(path) can be read by others (mode \(String(mode, radix: 8))); "
                                   + "run `chmod 600 \(path)`")
            }
            for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") {
                let parts = line.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                if parts.count == 2, !parts[0].hasPrefix("#") { file[parts[0]] = parts[1] }
            }
        }
        var keys: [ProviderID: String] = [:]
        for (provider, variable) in variables {
            if let value = environment[variable].flatMap({ $0.isEmpty ? nil : $0 }) ?? file[variable] {
                keys[provider] = value
                Secrets.register(value)
            }
        }
        return Credentials(keys: keys)
    }
}
