import FactoryCore
import FactoryTesting
import Foundation
import Testing

/// The studio's cards show what each post did, read from the snapshots `factory stats --poll`
/// recorded: the figures as text (a missing one is —) and the views-over-time chart as an image.
@Suite(.serialized) struct StudioFiguresTests {
    @Test func aCardShowsItsPostsFiguresAndAChartOfViews() async throws {
        try await StudioProcess.with(extraManifest: StudioBrowserTests.publish) { studio in
            let ledger = try Ledger(path: studio.output.appendingPathComponent(".factory/ledger.sqlite"))
            let post = try ledger.begin(week: "2026-W48", item: "calm-poster", platform: .tiktok, version: "v", runId: "test")
            try ledger.finish(post.id, state: .posted, remoteId: "7000000000000000001",
                              url: "https://www.tiktok.com/@review/video/7000000000000000001", reason: nil)
            for (slot, views) in [("2026-11-24T00:00:00Z", 120.0), ("2026-11-24T06:00:00Z", 480.0), ("2026-11-25T00:00:00Z", 910.0)] {
                _ = try ledger.record(MetricSnapshot(week: "2026-W48", item: "calm-poster", platform: .tiktok, postId: "7000000000000000001",
                                                     slot: slot, fetchedAt: slot,
                                                     values: ["view_count": views, "like_count": views / 10, "share_count": nil]))
            }
            try LocalLedger(ledger).close()
            let browser = try await DevToolsBrowser()
            do {
                try await browser.viewport(width: 1280, height: 900, mobile: false)
                try await browser.navigate(studio.entry)
                let card = "article.card[data-item=\"calm-poster\"]"
                try await browser.waitFor("document.querySelector('\(card) .figures') !== null", what: "the card's figures")
                let text = try await browser.evaluate("document.querySelector('\(card) .figures').textContent") as? String ?? ""
                #expect(text.contains("TikTok: 910 views · 91 likes · — comments · — shares"), "\(text)")
                try await browser.waitFor("(document.querySelector('\(card) img.views-chart') || {}).naturalWidth > 0", what: "the chart image")
                try await browser.evaluate("document.querySelector('\(card)').scrollIntoView()")
                try await browser.screenshot(to: studio.folder.path("figures.png"))
                if let keep = ProcessInfo.processInfo.environment["FACTORY_KEEP_SCREENSHOTS"] {
                    try? FileManager.default.copyItem(atPath: studio.folder.path("figures.png"), toPath: keep + "/studio-figures.png")
                }
                await browser.close()
            } catch {
                await browser.close()
                throw error
            }
        }
    }
}
