import FactoryCore
import FactoryMedia
import Foundation

/// Checks a poster bundle before it is published: text inside the safe zone, still and video facts.
enum PosterChecks {
    static func run(layout: PosterLayout, format: Format, writer: BundleWriter, variants: Int) throws -> [BundleMetadata.Check] {
        var checks: [BundleMetadata.Check] = []
        let insets = format.safeInsets
        for element in layout.textElements {
            let ok = element.inkBox.inside(frameWidth: layout.width, frameHeight: layout.height, insets: insets)
            checks.append(.init("safe-zone:\(element.name)", ok,
                                "\(element.inkBox.x),\(element.inkBox.y) \(element.inkBox.width)x\(element.inkBox.height) within insets \(insets.top)/\(insets.bottom)/\(insets.left)/\(insets.right)"))
        }
        let probe = try MediaProbe.probe(path: writer.path("video.mp4"))
        checks += VideoChecks.standard(probe, width: layout.width, height: layout.height, fps: 30, duration: 6...8)
        for variant in 0..<variants {
            let name = variant == 0 ? "poster.jpg" : "poster-\(variant + 1).jpg"
            let exists = FileManager.default.fileExists(atPath: writer.path(name))
            checks.append(.init("still:\(name)", exists, exists ? "\(layout.width)x\(layout.height)" : "missing"))
        }
        return checks
    }
}
