import FactoryCore
import FactoryKinds
import Foundation

/// The figures a creator judges a bundle by before posting, read from its metadata.json: the
/// lowest text contrast, the read-along's drift and the soundtrack's loudness (nil: not recorded).
extension ReviewEntry {
    /// The lowest WCAG contrast of any text layer, and which layer.
    public var lowestContrast: (ratio: Double, layer: String)? {
        if let record = metadata?.textContrast, let ratio = record.lowest { return (ratio, record.layer ?? "") }
        guard let contrast = metadata?.measurements?.contrast, let ratio = contrast.ratio else { return nil }
        return (ratio, contrast.layer ?? "")
    }

    /// The read-along highlight's median distance from the speech, in milliseconds (bedtime stories).
    public var readAlongDrift: Double? { metadata?.measurements?.readAlong.medianMs }

    /// The video's integrated loudness as measured at render, LUFS.
    public var loudness: Double? { metadata?.measurements?.loudness.integratedLUFS }
}

extension ReviewFormat {
    /// "5.21:1", or "–".
    public static func contrast(_ entry: ReviewEntry) -> String {
        entry.lowestContrast.map { String(format: "%.2f:1", $0.ratio) } ?? "–"
    }

    /// "38 ms", or "–".
    public static func drift(_ entry: ReviewEntry) -> String {
        entry.readAlongDrift.map { String(format: "%.0f ms", $0) } ?? "–"
    }
}
