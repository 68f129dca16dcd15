import FactoryCore
import FactoryMedia
import Foundation

/// Checks a poster bundle before it is published: text inside the safe zone, still and video facts.
enum PosterChecks {
    /// What the checks need of a layout: its size and where its text's ink sits (the images
    /// themselves can be let go before the video).
    struct Geometry {
        var width: Int
        var height: Int
        var inkBoxes: [(name: String, box: Box)]

        init(_ layout: PosterLayout) {
            width = layout.width
            height = layout.height
            inkBoxes = layout.textElements.map { ($0.name, $0.inkBox) }
        }
    }

    static func run(_ layout: Geometry, format: Format, writer: BundleWriter, variants: Int) throws -> [BundleMetadata.Check] {
        var checks: [BundleMetadata.Check] = []
        let insets = format.safeInsets
        for (name, box) in layout.inkBoxes {
            let ok = box.inside(frameWidth: layout.width, frameHeight: layout.height, insets: insets)
            checks.append(.init("safe-zone:\(name)", ok,
                                "\(box.x),\(box.y) \(box.width)x\(box.height) within insets \(insets.top)/\(insets.bottom)/\(insets.left)/\(insets.right)"))
        }
        let probe = try MediaProbe.probe(path: writer.path("video.mp4"))
        checks += VideoChecks.standard(probe, width: layout.width, height: layout.height, fps: PosterVideo.fps, duration: 6...8)
        for variant in 0..<variants {
            let name = variant == 0 ? "poster.jpg" : "poster-\(variant + 1).jpg"
            let exists = FileManager.default.fileExists(atPath: writer.path(name))
            checks.append(.init("still:\(name)", exists, exists ? "\(layout.width)x\(layout.height)" : "missing"))
        }
        return checks
    }
}
