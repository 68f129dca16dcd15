import FactoryImaging
import FactoryTesting
import Foundation
import Testing

/// index.html opened in headless Chromium from file://, offline: the DOM after scripts ran has a
/// playable video and the caption of every bundle, the failed item's reason; the screenshot is a page.
@Suite(.serialized) struct ReviewGalleryBrowserTests {
    /// Runs Chromium headless with a profile inside `folder` (tests write nowhere else).
    static func chromium(_ arguments: [String], folder: TemporaryFolder) throws -> (status: Int32, stdout: String) {
        let candidates = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        guard let binary = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw BrowserMissing(description: "no Chromium at \(candidates.joined(separator: ", ")); `make test` installs the Debian package chromium")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--hide-scrollbars", "--mute-audio",
                             "--user-data-dir=\(folder.path("chromium-profile"))"] + arguments
        process.environment = TestSupport.browserEnvironment(home: folder.path("home"))
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    struct BrowserMissing: Error, CustomStringConvertible { var description: String }

    /// Text as Chromium serialises it inside an element.
    static func serialised(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }

    @Test func theGalleryShowsEveryVideoAndCaptionInChromium() throws {
        let folder = try ReviewWeek.copy()
        let review = try TestSupport.runFactory(["review", "out/2026-W48"], in: folder.url)
        #expect(review.status == 0, "\(review.stdout)\n\(review.stderr)")
        let week = folder.url.appendingPathComponent("out/2026-W48")
        let page = week.appendingPathComponent("index.html").absoluteString

        let dom = try Self.chromium(["--virtual-time-budget=5000", "--dump-dom", page], folder: folder)
        #expect(dom.status == 0)
        let videos = dom.stdout.components(separatedBy: "<video").dropFirst().map { String($0.prefix { $0 != ">" }) }
        #expect(videos.count == ReviewRunTests.bundles.count, "\(videos)")
        for id in ReviewRunTests.bundles {
            let video = try #require(videos.first { $0.contains("src=\"\(id)/video.mp4\"") }, "no video for \(id)")
            #expect(video.contains("controls") && video.contains("preload=\"metadata\"") && video.contains("poster=\"\(id)/cover.jpg\""))
            let caption = try String(contentsOf: week.appendingPathComponent("\(id)/caption.txt"), encoding: .utf8)
            #expect(dom.stdout.contains(Self.serialised(caption.trimmingCharacters(in: .whitespacesAndNewlines))), "caption of \(id)")
        }
        #expect(dom.stdout.contains("Breathe in &amp; let &lt;go&gt; 🌿"))
        #expect(!dom.stdout.contains("let <go>"))
        #expect(dom.stdout.contains("music/missing.mp3"))
        // The script ran (it marks the page, which shows the Copy buttons); posters show their still first.
        #expect(dom.stdout.contains("<html lang=\"en\" class=\"js\">"))
        #expect(dom.stdout.contains("src=\"calm-poster/poster.jpg\""))
        #expect(dom.stdout.contains("data-pane=\"video\" hidden"))

        let shot = folder.path("shot.png")
        let screenshot = try Self.chromium(["--virtual-time-budget=5000", "--window-size=1280,1600", "--screenshot=\(shot)", page], folder: folder)
        #expect(screenshot.status == 0)
        let raster = try Image.load(path: shot).pixels()
        #expect(raster.width == 1280 && raster.height == 1600)
        // Not blank: the picture varies (text, covers, cards) and holds many colours.
        let deviation = raster.lumaDeviation(x: 0, y: 0, width: raster.width, height: raster.height)
        var colours = Set<Int>()
        for i in stride(from: 0, to: raster.pixels.count - raster.bands, by: raster.bands * 7) {
            let (r, g, b) = (Int(raster.pixels[i]) / 8, Int(raster.pixels[i + 1]) / 8, Int(raster.pixels[i + 2]) / 8)
            colours.insert(r * 1024 + g * 32 + b)
        }
        #expect(deviation > 20 && colours.count > 200, "luma deviation \(deviation), \(colours.count) colours")
    }
}
