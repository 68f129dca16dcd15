import Foundation
import PostgresNIO

/// `postgres://USER:PASS@HOST:PORT/DB[?sslmode=disable|prefer|require]`, parsed once; `redacted`
/// is what messages and logs show (the password never leaves this value).
public struct DatabaseURL: Sendable, CustomStringConvertible {
    public var host: String
    public var port: Int
    public var user: String
    var password: String?
    public var database: String?
    public var sslMode: String

    public init(_ text: String) throws {
        guard let components = URLComponents(string: text), let scheme = components.scheme,
              ["postgres", "postgresql"].contains(scheme), let host = components.host, !host.isEmpty else {
            throw ClusterError(.url, "the database URL must look like postgres://USER:PASS@HOST:PORT/DB")
        }
        guard let user = components.user, !user.isEmpty else {
            throw ClusterError(.url, "the database URL names no user: postgres://USER:PASS@\(host)/DB")
        }
        self.host = host
        port = components.port ?? 5432
        self.user = user.removingPercentEncoding ?? user
        password = components.password.map { $0.removingPercentEncoding ?? $0 }
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        database = path.isEmpty ? nil : path
        sslMode = components.queryItems?.first { $0.name == "sslmode" }?.value ?? "prefer"
        guard ["disable", "prefer", "require"].contains(sslMode) else {
            throw ClusterError(.url, "sslmode=\(sslMode) is not supported; use disable, prefer or require")
        }
    }

    /// The URL with the password replaced by `***`.
    public var redacted: String {
        "postgres://\(user)\(password == nil ? "" : ":***")@\(host):\(port)/\(database ?? "")"
    }

    public var description: String { redacted }

    var configuration: PostgresClient.Configuration {
        let tls: PostgresClient.Configuration.TLS
        switch sslMode {
        case "disable": tls = .disable
        case "require": tls = .require(.makeClientConfiguration())
        default: tls = .prefer(.makeClientConfiguration())
        }
        var configuration = PostgresClient.Configuration(host: host, port: port, username: user, password: password,
                                                         database: database, tls: tls)
        configuration.options.connectTimeout = .seconds(5)
        configuration.options.maximumConnections = 8
        // Leases and slots are short statements; a dead server shows within seconds, not at TCP's pace.
        configuration.options.keepAliveBehavior = .init(frequency: .seconds(10))
        return configuration
    }
}
