import FactoryImaging
import FactoryMedia
import FactoryTesting
import Foundation
import Testing

/// Recipe videos through the built `factory` binary: a published bundle that meets the seed's
/// export settings, and items the checks refuse (nothing published, the reason kept).
@Suite(.serialized) struct RecipeRunTests {
    static let recipe = """
        recipe:
              title: Garlic Spinach Egg Fried Rice
              hook: "Leftover rice → dinner in 15 min"
              steps: ["Fry garlic in sesame oil", "Add cold rice and toss", "Scramble two eggs", "Fold in spinach", "Season with soy sauce"]
              time_minutes: 15
              cost_dollars: 6.5
              calories: 520
              ingredients: [cold rice, eggs, spinach, garlic, soy sauce]
        """

    /// A 2 s portrait b-roll clip: a white bar sweeping down over blue that pulses lighter.
    static func clip(_ folder: TemporaryFolder) throws -> String {
        func block(_ w: Int, _ h: Int, _ c: [UInt8]) -> LayerPixels {
            LayerPixels(raster: Raster(width: w, height: h, bands: 3, pixels: Array([[UInt8]](repeating: c, count: w * h).joined())))
        }
        let scene = Scene(width: 360, height: 640, duration: 2, layers: [
            .placed(block(360, 640, [30, 60, 200]), left: 0, top: 0),
            .placed(block(360, 640, [90, 140, 255]), left: 0, top: 0, opacity: Track([.init(0, 0, .easeInOut), .init(1, 1, .easeInOut), .init(2, 0)])),
            Layer(block(360, 60, [255, 255, 255]), x: .constant(0), y: .ramp(0, 580, start: 0, duration: 2), anchorX: 0, anchorY: 0),
        ])
        let path = folder.path("broll.mp4")
        _ = try SceneRenderer.render(scene, audio: nil, to: path, settings: VideoSettings(width: 360, height: 640, fps: 30, bitrate: 2_000_000, preset: .draft))
        return path
    }

    @Test func aRecipeVideoMeetsTheExportSettingsAndItsChecks() throws {
        let folder = try TemporaryFolder("recipe-e2e")
        _ = try Self.clip(folder)
        try folder.write("""
        version: 1
        week: 2026-W48
        brand: { handle: "@snapchef" }
        items:
          - id: rice
            kind: recipe-video
            day: monday
            template: price-time
            quality: draft
            hashtags: [friedrice]
            broll: [broll.mp4]
            \(Self.recipe)
        """, to: "week.yaml")
        let out = try TestSupport.runFactory(["run", "week.yaml", "--output", "out"], in: folder.url)
        #expect(out.status == 0, "stdout: \(out.stdout)\nstderr: \(out.stderr)")
        let bundle = folder.url.appendingPathComponent("out/2026-W48/rice")
        for name in ["video.mp4", "recipe.json", "caption.txt", "captions.srt", "captions.vtt", "cover.jpg", "metadata.json"] {
            #expect(FileManager.default.fileExists(atPath: bundle.appendingPathComponent(name).path), "\(name) is missing")
        }
        let probe = try MediaProbe.probe(path: bundle.appendingPathComponent("video.mp4").path)
        #expect(probe.video?.width == 1080 && probe.video?.height == 1920 && probe.video?.fps == "30/1")
        #expect(probe.video?.profile == "High" && probe.faststart == true)
        #expect(probe.audio?.codec == "aac" && probe.audio?.sampleRate == 44_100)
        #expect(abs(probe.duration - 12) < 0.1)
        let size = try FileManager.default.attributesOfItem(atPath: bundle.appendingPathComponent("video.mp4").path)[.size] as? Int ?? 0
        #expect(size < 50 << 20)
        let metadata = try String(contentsOf: bundle.appendingPathComponent("metadata.json"), encoding: .utf8)
        for check in ["safe-zone:hook", "hook:first-2s", "cta:last-3s", "video:no-black-frames", "video:2-changes-per-second",
                      "video:exactly-30fps", "file:under-50MB"] {
            #expect(metadata.contains("\"name\" : \"\(check)\""), "\(check) is not recorded")
        }
        #expect(!metadata.contains("\"passed\" : false"))
        let caption = try String(contentsOf: bundle.appendingPathComponent("caption.txt"), encoding: .utf8)
        #expect(caption.contains("Garlic Spinach Egg Fried Rice") && caption.contains("#FridgeGlowUp") && caption.contains("#friedrice"))
        let srt = try String(contentsOf: bundle.appendingPathComponent("captions.srt"), encoding: .utf8)
        #expect(srt.contains("Leftover rice → dinner in 15 min") && srt.contains("⏱ 15 min"))
        // The b-roll fills the frame under the progress bar: blue with the white bar, at 5 s.
        let frame = try ClipReader(path: bundle.appendingPathComponent("video.mp4").path, width: 108, height: 192).pixels(at: 5.0).averageColour
        #expect(frame.b > frame.r + 40, "the blue b-roll is on screen at 5 s: \(frame)")
    }

    @Test func stepsThatCannotFitAndAnUnreadablePhotoAreQuarantined() throws {
        let folder = try TemporaryFolder("recipe-e2e")
        try folder.write("this is not a picture", to: "before.jpg")
        try folder.write("""
        version: 1
        week: 2026-W48
        items:
          - id: seven
            kind: recipe-video
            day: monday
            template: kinetic-steps
            quality: draft
            recipe:
              title: Too Many Steps Stew
              steps: [Chop onions, Brown the beef, Add the stock, Simmer an hour, Add potatoes, Simmer again, Season and serve]
              ingredients: [beef, onions, potatoes, stock]
          - id: photo
            kind: recipe-video
            day: tuesday
            template: split-swipe
            quality: draft
            photos: { before: before.jpg }
            \(Self.recipe)
        """, to: "week.yaml")
        let out = try TestSupport.runFactory(["run", "week.yaml", "--output", "out"], in: folder.url)
        #expect(out.status == 1, "stdout: \(out.stdout)\nstderr: \(out.stderr)")
        #expect(out.stdout.contains("steps:fit") && out.stdout.contains("7 steps; kinetic-steps shows at most 6"), "\(out.stdout)")
        #expect(out.stdout.contains("media:images") && out.stdout.contains("before picture"), "\(out.stdout)")
        for id in ["seven", "photo"] {
            #expect(!FileManager.default.fileExists(atPath: folder.path("out/2026-W48/\(id)")), "\(id) must not be published")
            let reason = try String(contentsOfFile: folder.path("out/2026-W48/.quarantine/\(id)/reason.txt"), encoding: .utf8)
            #expect(reason.contains("was not published"), "\(reason)")
        }
    }
}
