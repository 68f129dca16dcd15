import FactoryCore

/// The server's own secrets, registered with `Secrets` at start so no tool result, progress message
/// or error can carry one: every variable whose name says it holds a key, token, secret or password,
/// and the database URL (its password). The children redact theirs too; this covers what the
/// server itself passes on.
public enum SecretEnvironment {
    public static func isSecret(_ name: String) -> Bool {
        let upper = name.uppercased()
        return ["_KEY", "_TOKEN", "_SECRET", "PASSWORD", "_PASS"].contains { upper.hasSuffix($0) } || upper.contains("API_KEY")
            || upper == "FACTORY_DATABASE_URL" || upper == "DATABASE_URL"
    }

    /// Registers each secret value; returns how many there were.
    @discardableResult
    public static func register(_ environment: [String: String]) -> Int {
        let values = environment.filter { isSecret($0.key) && !$0.value.isEmpty }.map(\.value)
        for value in values { Secrets.register(value) }
        return values.count
    }
}
