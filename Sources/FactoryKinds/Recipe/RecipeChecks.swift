import FactoryCore
import FactoryMedia
import Foundation

/// The seed's quality checklist, enforced before a recipe bundle is published: duration in the
/// template's range, every text box inside the safe zone, the hook visible in the first 2 s, the
/// CTA in the last 3 s, the steps fitting, at least 2 visual changes per second, no black frames,
/// exactly 30 fps, the file under 50 MB, and the export settings.
enum RecipeChecks {
    /// Checks of the plan alone (before anything is rendered).
    static func plan(_ plan: RecipePlan, recipe: Recipe) -> [BundleMetadata.Check] {
        let i = RecipeArt.insets
        var checks: [BundleMetadata.Check] = plan.texts.map { t in
            .init("safe-zone:\(t.name)", t.box.inside(frameWidth: RecipeArt.width, frameHeight: RecipeArt.height, insets: i),
                  "\(t.box.x),\(t.box.y) \(t.box.width)x\(t.box.height) within \(i.top)/\(i.bottom)/\(i.left)/\(i.right)")
        }
        if let hook = plan.hook {
            // It must be fully in by 2 s and stay long enough to be read (1.2 s).
            checks.append(.init("hook:first-2s", hook.visible <= 2.0 + 1e-9 && hook.end - hook.visible >= 1.2 - 1e-9,
                                String(format: "hook fully visible at %.2f s (by 2.00 s), shown until %.2f s (at least 1.2 s)", hook.visible, hook.end)))
        } else {
            checks.append(.init("hook:first-2s", false, "no hook on screen"))
        }
        if let cta = plan.cta {
            checks.append(.init("cta:last-3s", cta.start >= plan.duration - 3 - 1e-9 && cta.end >= plan.duration - 1e-9,
                                String(format: "CTA from %.2f s to the end (last 3 s start at %.2f s)", cta.start, plan.duration - 3)))
        } else {
            checks.append(.init("cta:last-3s", false, "no CTA on screen"))
        }
        if plan.template == .kineticSteps {
            let steps = plan.texts.filter { $0.name.hasPrefix("step-") }
            let shortest = steps.map { $0.end - $0.start }.min() ?? 0
            let fits = recipe.steps.count <= 6 && !steps.isEmpty && shortest >= 1.6 - 1e-9
            checks.append(.init("steps:fit", fits,
                                recipe.steps.count > 6 ? "\(recipe.steps.count) steps; kinetic-steps shows at most 6 (1.6 s each); shorten the recipe to 6 steps"
                                    : String(format: "%d steps, the shortest on screen %.2f s (at least 1.6 s)", steps.count, shortest)))
        }
        return checks
    }

    /// Checks of the encoded video. `scan` measured every picture as it was composed; the file
    /// itself is read for its packets and decoded at its keyframes only (not a second full decode).
    static func video(path: String, plan: RecipePlan, settings: VideoSettings, scan: FrameScan) throws -> [BundleMetadata.Check] {
        let probe = try MediaProbe.probe(path: path)
        var checks = VideoChecks.standard(probe, width: RecipeArt.width, height: RecipeArt.height, fps: 30,
                                          duration: RecipeTemplates.durationRange(plan.template))
        let encoded = try KeyframeScan.scan(path: path)
        let expected = Int((plan.duration * 30).rounded())
        checks.append(.init("video:exactly-30fps", probe.video?.fps == "30/1" && abs(encoded.packets - expected) <= 1
                                && encoded.packets == scan.frames.count,
                            "\(probe.video?.fps ?? "?") with \(encoded.packets) frames (\(scan.frames.count) composed) for \(String(format: "%.2f", plan.duration)) s"))
        let black = scan.blackFrames + encoded.blackFrames
        checks.append(.init("video:no-black-frames", black.isEmpty,
                            black.isEmpty ? "no frame is black (every composed frame, and every keyframe decoded from the file)"
                                          : "\(black.count) black frames, first at \(String(format: "%.2f", black[0].time)) s"))
        // Two changes a second: every half-second sample differs visibly from the one before.
        let still = scan.changes.filter { $0.difference < 0.4 }
        checks.append(.init("video:2-changes-per-second", still.isEmpty && !scan.changes.isEmpty,
                            still.isEmpty ? String(format: "every 0.5 s the picture changes (smallest mean luma change %.2f)", scan.changes.map(\.difference).min() ?? 0)
                                          : "no visible change around \(still.map { String(format: "%.1f s", $0.time) }.joined(separator: ", "))"))
        let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        checks.append(.init("file:under-50MB", size < 50 << 20, String(format: "%.1f MB (target under 20 MB)", Double(size) / 1_048_576)))
        let videoRate = probe.video?.bitrate ?? 0
        checks.append(.init("video:bitrate", videoRate > 0 && videoRate <= 13_000_000,
                            String(format: "%.1f Mbps (target 10, at most 12 + tolerance)", Double(videoRate) / 1e6)))
        return checks
    }
}
