import FactoryCore
import FactoryKinds
import FactoryMedia
import Foundation

extension BundleCheck {
    /// How far under the recorded target a re-measured layer may read before it fails: the decoded
    /// frame has been through the encoder, and its glyphs are found by colour alone.
    static let contrastTolerance = 0.25

    /// `text:contrast`: each text layer measured again on the decoded video, at the frame where
    /// metadata.json recorded its lowest: the pixels of the text's colour inside its recorded box
    /// are the glyphs, and the ring around them the background (`ContrastField.decoded`), leaving out
    /// what the render recorded as not the text's background (`hidden`: what is drawn over it, the
    /// layer's own other ink such as a name, an avatar, a sticker's emoji). Fails when a layer reads
    /// under the target by more than the tolerance.
    static func textContrast(_ metadata: BundleMetadata, path: String) -> [BundleMetadata.Check] {
        guard let record = metadata.textContrast, !record.layers.isEmpty else { return [] }
        do {
            let measured = try remeasure(record.layers, path: path)
            guard let lowest = measured.min(by: { $0.ratio < $1.ratio }) else {
                return [.init("text:contrast", false, "no text layer could be found again in the decoded frames")]
            }
            let recorded = record.lowest.map { String(format: "; %.2f:1 recorded at render", $0) } ?? ""
            return [.init("text:contrast", lowest.ratio >= record.target - contrastTolerance,
                          String(format: "lowest %.2f:1 (%@ at %.2f s) on the decoded video over %d layers%@; target ≥ %g:1",
                                 lowest.ratio, lowest.layer, lowest.time, measured.count, recorded, record.target))]
        } catch {
            return [.init("text:contrast", false, "the video does not decode: \(error)")]
        }
    }

    /// Each recorded layer's lowest sample measured again on the decoded frame at its time.
    public static func remeasure(_ samples: [TextContrastSample], path: String) throws -> [TextContrastSample] {
        let frames = try FrameDecoder.frames(path: path, at: Array(Set(samples.map(\.time))))
        var out: [TextContrastSample] = []
        for sample in samples {
            guard sample.box.count == 4, let frame = frames.first(where: { abs($0.time - sample.time) < 1e-6 }) else { continue }
            let radius = TextMark(sample.layer, colour: sample.colour, size: sample.size).ringRadius
            guard let field = ContrastField.decoded(rgb: frame.rgb, width: frame.width, height: frame.height,
                                                    box: (sample.box[0], sample.box[1], sample.box[2], sample.box[3]),
                                                    colour: sample.colour, ringRadius: radius,
                                                    hidden: sample.hidden.flatMap(TextContrast.pixels(runs:)) ?? []),
                  let m = field.measure(ringRadius: radius) else { continue }
            var again = sample
            again.ratio = (m.ratio * 100).rounded() / 100
            again.textLuminance = m.textLuminance
            again.backgroundLuminance = m.backgroundLuminance
            out.append(again)
        }
        return out
    }

    /// `readalong:drift`: a narrated bundle's read-along drift measured again from the bundle itself
    /// (`ReadAlongDrift.measure(bundle:)`: the highlight changes from its words.json, the speech
    /// onsets from its video's decoded sound), with the figure recorded at render beside it.
    static func readAlong(_ metadata: BundleMetadata, folder: URL, narrated: Bool) -> [BundleMetadata.Check] {
        let recorded = metadata.checks.first { $0.name == "readalong:drift" }
        guard narrated || recorded != nil else { return [] }
        do {
            let drift = try ReadAlongDrift.measure(bundle: folder, fps: metadata.render?.fps)
            var check = drift.check
            if let median = metadata.measurements?.readAlong.medianMs {
                check.detail += String(format: "; %.0f ms median recorded at render", median)
            }
            return [check]
        } catch {
            return [.init("readalong:drift", false, "the read-along cannot be measured again: \(error)")]
        }
    }
}
