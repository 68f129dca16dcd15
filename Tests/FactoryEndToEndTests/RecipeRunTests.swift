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

    @Test func aRecipeVideoMeetsTheExportSettingsAndItsChecks() throws {
        let folder = try TemporaryFolder("recipe-e2e")
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
