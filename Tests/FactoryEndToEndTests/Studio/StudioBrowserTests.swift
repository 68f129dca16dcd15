import FactoryImaging
import FactoryTesting
import Foundation
import Testing

/// The studio's page in real headless Chromium, driven over the DevTools protocol with real mouse
/// and key input: the week loads, a video plays, an item is approved by a click, a caption past
/// TikTok's limit is refused with its counter marked, an item is made again with its progress
/// followed to the end and an earlier version is brought back; screenshots on a desktop and a phone.
@Suite(.serialized) struct StudioBrowserTests {
    static let publish = "publish: { platforms: [tiktok, youtube, instagram], at: \"18:00\" }\n"

    @Test func theWeekCanBeReviewedApprovedEditedAndMadeAgainFromTheBrowser() async throws {
        try await StudioProcess.with(extraManifest: Self.publish) { studio in
            let browser = try await DevToolsBrowser()
            do {
                try await drive(browser, studio)
                await browser.close()
            } catch {
                let shot = studio.folder.path("failure.png")
                try? await browser.screenshot(to: shot)
                await browser.close()
                throw error
            }
        }
    }

    func drive(_ browser: DevToolsBrowser, _ studio: StudioProcess) async throws {
        try await browser.viewport(width: 1440, height: 900, mobile: false)
        // The printed URL: the key buys the cookie and the page comes up without the key in its address.
        try await browser.navigate(studio.entry)
        try await browser.waitFor("document.querySelectorAll('article.card').length >= 4", what: "the week's cards")
        #expect(try await browser.evaluate("location.search") as? String == "")
        let title = try await browser.evaluate("document.querySelector('#week-title').textContent") as? String
        #expect(title?.contains("2026-W48") == true, "\(title ?? "")")
        // The model's quote is text, not markup.
        let calmText = try await browser.evaluate("document.querySelector('article.card[data-item=\"calm-poster\"]').textContent") as? String
        #expect(calmText?.contains("let <go>") == true || calmText?.contains("calm-poster") == true)
        #expect(try await browser.evaluate("document.querySelectorAll('article.card b, article.card script').length") as? Int == 0)
        // Every control has an accessible name.
        let unnamed = try await browser.evaluate("""
            [...document.querySelectorAll('button, input, select, textarea, a[href]')].filter(e => {
              const named = (e.getAttribute('aria-label') || '').trim() || (e.labels && e.labels.length) ||
                e.getAttribute('aria-labelledby') || (e.textContent || '').trim() || e.getAttribute('title');
              return !named && e.offsetParent !== null; }).map(e => e.outerHTML.slice(0, 80))
            """) as? [String]
        #expect(unnamed?.isEmpty == true, "unnamed controls: \(unnamed ?? [])")
        // Thumbnails are made on first sight; wait until the ones on screen are in.
        try await browser.waitFor("[...document.querySelectorAll('article.card img')].slice(0, 4).every(i => i.complete && i.naturalWidth > 0)",
                                  seconds: 60, what: "the first thumbnails")
        let desktop = studio.folder.path("studio-1440x900.png")
        try await browser.screenshot(to: desktop)
        try Self.expectAPicture(desktop, width: 1440, height: 900)

        // Approve by clicking: the card says so, and the CLI's review reads the same approval.
        try await browser.click("article.card[data-item=\"calm-poster\"] button[data-action=\"approve\"]")
        try await browser.waitFor("document.querySelector('article.card[data-item=\"calm-poster\"] button[data-action=\"revoke\"]')",
                                  what: "the Revoke button after approving")
        let review = try TestSupport.runFactory(["review", "out/2026-W48"], in: studio.folder.url)
        #expect(review.stdout.contains("calm-poster: approved by"), "\(review.stdout)")

        // Open the item; its video plays and its time moves on.
        try await browser.click("article.card[data-item=\"plain-poster\"] button[data-action=\"open\"]")
        try await browser.waitFor("document.querySelector('#item-panel').open && document.querySelector('#item-video')", what: "the item panel")
        let played = try await browser.evaluate("""
            (async () => { const v = document.querySelector('#item-video'); v.muted = true;
              try { await v.play(); } catch (e) { return -1; }
              await new Promise(r => setTimeout(r, 1500)); return v.currentTime; })()
            """) as? Double
        #expect((played ?? 0) > 0.2, "the video's currentTime stayed at \(played ?? -1)")

        // A caption past TikTok's 2,200 characters: the counter is marked and the save is refused.
        try await browser.click("textarea[data-platform=\"tiktok\"][data-field=\"caption\"]")
        try await browser.evaluate("document.querySelector('textarea[data-platform=\"tiktok\"][data-field=\"caption\"]').select()")
        try await browser.type(String(repeating: "so long ", count: 290))
        try await browser.waitFor("document.querySelector('[data-counter=\"tiktok-caption\"]').classList.contains('over')",
                                  what: "the TikTok counter to be marked over the limit")
        #expect(try await browser.evaluate("document.querySelector('textarea[data-platform=\"tiktok\"][data-field=\"caption\"]').getAttribute('aria-invalid')") as? String == "true")
        try await browser.click("button[data-action=\"save-text\"][data-platform=\"tiktok\"]")
        try await browser.waitFor("/TikTok takes at most 2200/.test(document.querySelector('#item-panel').textContent + document.querySelector('#status').textContent)",
                                  what: "the server's refusal naming TikTok's limit")
        let caption = try String(contentsOf: studio.weekFolder.appendingPathComponent("plain-poster/caption.txt"), encoding: .utf8)
        #expect(!caption.contains("so long"))

        // Make it again: the cost first, then the run, followed to the end.
        let before = try Data(contentsOf: studio.weekFolder.appendingPathComponent("plain-poster/metadata.json"))
        try await browser.evaluate("(() => { const s = document.querySelector('#regen-stage'); s.value = 'image'; s.dispatchEvent(new Event('change', {bubbles: true})); })()")
        try await browser.click("#regen-estimate")
        try await browser.waitFor("/estimated cost/.test(document.querySelector('#regen-cost').textContent)", what: "the cost")
        try await browser.waitFor("!document.querySelector('#regen-run').disabled", what: "Make again to unlock")
        try await browser.click("#regen-run")
        try await browser.waitFor("document.querySelector('#job-state').textContent.trim() === 'running'", seconds: 30, what: "the job to start")
        // Reload mid-run: the page reads the job back and follows it to the end.
        try await browser.navigate(studio.origin + "/")
        try await browser.waitFor("document.querySelector('article.card[data-item=\"plain-poster\"] button[data-action=\"open\"]')",
                                  what: "the week after the reload")
        try await browser.click("article.card[data-item=\"plain-poster\"] button[data-action=\"open\"]")
        try await browser.waitFor("document.querySelector('#item-panel').open", what: "the panel after the reload")
        try await browser.waitFor("document.querySelector('#job-state').textContent.trim() === 'done'", seconds: 300, what: "the job to finish")
        let log = try await browser.evaluate("document.querySelector('#job-log').textContent") as? String
        #expect(log?.contains("regenerate plain-poster") == true, "\(log ?? "")")
        #expect(try Data(contentsOf: studio.weekFolder.appendingPathComponent("plain-poster/metadata.json")) != before)

        // Bring the earlier version back.
        try await browser.waitFor("document.querySelector('button[data-action=\"restore\"]')", what: "a kept version")
        try await browser.click("button[data-action=\"restore\"]")
        try await browser.waitFor("document.querySelector('#job-state').textContent.trim() === 'done' && /restored/.test(document.querySelector('#job-log').textContent)",
                                  seconds: 120, what: "the restore to finish")
        #expect(try Data(contentsOf: studio.weekFolder.appendingPathComponent("plain-poster/metadata.json")) == before)

        // Escape closes the panel; on a phone the week is one column with nothing off-screen.
        try await browser.key("Escape", code: "Escape", keyCode: 27)
        try await browser.waitFor("!document.querySelector('#item-panel').open", what: "Escape to close the panel")
        try await browser.viewport(width: 390, height: 844, mobile: true)
        try await browser.waitFor("document.documentElement.scrollWidth <= 390", what: "the page to fit a phone")
        let phone = studio.folder.path("studio-390x844.png")
        try await browser.screenshot(to: phone)
        try Self.expectAPicture(phone, width: 390, height: 844)
        if let keep = ProcessInfo.processInfo.environment["STUDIO_SCREENSHOTS"] {
            for shot in [desktop, phone] {
                try? FileManager.default.removeItem(atPath: keep + "/" + (shot as NSString).lastPathComponent)
                try FileManager.default.copyItem(atPath: shot, toPath: keep + "/" + (shot as NSString).lastPathComponent)
            }
        }
    }

    /// The screenshot is the size asked for and is a page, not a blank: it varies and holds colours.
    static func expectAPicture(_ path: String, width: Int, height: Int) throws {
        let raster = try Image.load(path: path).pixels()
        #expect(raster.width == width && raster.height == height)
        let deviation = raster.lumaDeviation(x: 0, y: 0, width: raster.width, height: raster.height)
        var colours = Set<Int>()
        for i in stride(from: 0, to: raster.pixels.count - raster.bands, by: raster.bands * 7) {
            colours.insert(Int(raster.pixels[i]) / 8 * 1024 + Int(raster.pixels[i + 1]) / 8 * 32 + Int(raster.pixels[i + 2]) / 8)
        }
        #expect(deviation > 10 && colours.count > 50, "\(path): luma deviation \(deviation), \(colours.count) colours")
    }
}
