import FactoryCore

/// The poster's own image hints: the offline painter's palette and style come from them.
extension ImageHints.Key {
    /// The series (`Series`), which picks the palette.
    public static let series: Self = "series"
    /// The picture's style (`PosterStyle`).
    public static let style: Self = "style"
}
