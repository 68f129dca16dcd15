import FactoryCore
import FactoryMedia

extension Quality {
    /// The encoder preset a manifest's quality word renders with.
    public var preset: VideoSettings.Preset {
        switch self {
        case .draft: .draft
        case .standard: .standard
        case .high: .high
        }
    }
}
