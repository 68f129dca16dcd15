/// The factory's version, recorded in every bundle.
public enum ToolVersion {
    public static let current = "0.1.0"
}
