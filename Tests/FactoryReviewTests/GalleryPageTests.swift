@testable import FactoryCore
@testable import FactoryKinds
@testable import FactoryReview
import FactoryTesting
import Foundation
import Testing

/// index.html as text: escaping of everything from files, relative links only, the parts of a card.
@Suite struct GalleryPageTests {
    static func page(caption: String = "Breathe 🌿\n\n#MondayMotivation") throws -> (html: String, folder: TemporaryFolder) {
        let folder = try TemporaryFolder("gallery")
        let review = try WeekReview.load(folder: try ReviewFixtures.week(in: folder, caption: caption))
        return (GalleryPage.html(review, kinds: StandardKinds.registry), folder)
    }

    @Test func textFromFilesIsEscaped() throws {
        let hostile = "<script>alert(\"x\")</script> & <img src=x onerror=alert(1)> 'quoted'"
        let (html, _) = try Self.page(caption: hostile)
        #expect(!html.contains("<script>alert"))
        #expect(!html.contains("<img src=x"))
        #expect(html.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;img src=x onerror=alert(1)&gt; &#39;quoted&#39;"))
        #expect(HTML.escape("Tom & \"Jerry\" <3 'ok'") == "Tom &amp; &quot;Jerry&quot; &lt;3 &#39;ok&#39;")
        #expect(HTML.link("a b", "x#1?.mp4") == "a%20b/x%231%3F.mp4")
    }

    @Test func everyReferenceIsRelativeAndNothingIsFetched() throws {
        let (html, _) = try Self.page()
        let pattern = try NSRegularExpression(pattern: #"\b(src|href|poster)="([^"]*)""#)
        let values = pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)).compactMap { match in
            Range(match.range(at: 2), in: html).map { String(html[$0]) }
        }
        #expect(values.count > 10)
        for value in values {
            #expect(!value.hasPrefix("/") && !value.contains("://") && !value.hasPrefix("file:") && !value.hasPrefix("data:"), "\(value)")
        }
        #expect(!html.contains("<link") && !html.contains("@import") && !html.contains("url("))
        #expect(html.contains("<style>") && html.contains("<script>"))
    }

    @Test func cardsCarryMediaCaptionChecksFilesAndReasons() throws {
        let (html, _) = try Self.page()
        #expect(html.contains(#"<video controls preload="metadata" playsinline poster="fri-chat/cover.jpg" src="fri-chat/video.mp4"></video>"#))
        #expect(html.contains(#"poster="mon-poster/cover.jpg" src="mon-poster/video.mp4""#))
        // The Copy button names the caption it copies; the script has the clipboard and the fallback.
        #expect(html.contains(#"<button type="button" class="copy" data-for="caption-item-mon-poster">Copy</button>"#))
        #expect(html.contains(#"id="caption-item-mon-poster">Breathe 🌿"#))
        #expect(html.contains("navigator.clipboard") && html.contains("isSecureContext") && html.contains("execCommand('copy')"))
        // Every file of the bundle is linked with its size.
        #expect(html.contains(#"<a href="fri-chat/video.mp4">video.mp4</a><span>10.7 MB</span>"#))
        #expect(html.contains(#"<a href="fri-chat/metadata.json">"#))
        // Items without a bundle: their status and the report's reason.
        #expect(html.contains("<strong>Failed:</strong> item tue-story: music file music/missing.mp3 does not exist"))
        #expect(html.contains("<strong>Deferred (budget):</strong> the daily cap of $3.00 would be passed"))
        // Totals at the top.
        #expect(html.contains(#"<span class="num">2/4</span><span class="lbl">done</span>"#))
        #expect(html.contains(#"<span class="num">$0.0063</span><span class="lbl">spent</span>"#))
        #expect(html.contains(#"<span class="num">41.4 s</span><span class="lbl">of video</span>"#))
    }

    @Test func failedChecksAreOpenAndHighlighted() throws {
        let folder = try TemporaryFolder("gallery")
        try folder.write(ReviewFixtures.metadata(id: "quiet", kind: "bedtime-story", date: "2026-11-28", title: "Quiet",
                                                 seconds: 90, videoBytes: 1_000, failedCheck: "audio:loudness"),
                         to: "2026-W48/quiet/metadata.json")
        var review = try WeekReview.load(folder: folder.url.appendingPathComponent("2026-W48"))
        review.entries[0].recheck = [.init("file:video.mp4", false, "sha256 differs <edited>")]
        let html = GalleryPage.html(review, kinds: StandardKinds.registry)
        #expect(html.contains(#"<details class="checks" open><summary><span class="dot bad"></span>2 failed"#))
        #expect(html.contains(#"<li class="fail"><span class="verdict">✕</span><span class="name">audio:loudness</span><span class="detail">too quiet</span></li>"#))
        #expect(html.contains("sha256 differs &lt;edited&gt;"))
        #expect(html.contains(#"data-attention="true""#))
    }

    /// Each kind's filter, label and colour come from its descriptor: one filter per kind with items.
    @Test func filtersAndColoursComeFromTheRegistry() throws {
        let (html, _) = try Self.page()
        for descriptor in StandardKinds.registry.descriptors {
            let kind = descriptor.kind.rawValue, look = descriptor.look
            #expect(html.contains(".card.kind-\(kind){border-top-color:\(look.colour)} .swatch.kind-\(kind){background:\(look.colour)}"), "\(kind)")
            #expect(html.contains("data-filter=\"\(kind)\"><i class=\"swatch kind-\(kind)\"></i>\(look.filterLabel) <span>1</span>"), "\(kind)")
        }
        #expect(html.contains("<span class=\"chip kind\">chat story</span>"))
    }

    /// A kind's colour reaches the CSS only as a hex colour; anything else leaves the accent.
    @Test func onlyAHexColourReachesTheStyle() {
        func registry(_ colour: String) -> KindRegistry {
            KindRegistry([KindDescriptor(kind: "odd", keys: [], textEffort: .low, summary: "a test",
                                         look: KindLook(name: "odd", filterLabel: "Odd", colour: colour), memory: KindMemory(),
                                         decode: { try NoteCardSpec(from: $0) },
                                         job: { _, _, _ in preconditionFailure("never made: the page only reads the look") })])
        }
        #expect(GalleryPage.kindStyle(registry("#0a84ff")) == "\n.card.kind-odd{border-top-color:#0a84ff} .swatch.kind-odd{background:#0a84ff}")
        #expect(GalleryPage.kindStyle(registry("#abc")).contains("#abc"))
        for bad in ["red", "#12345", "#0a84ff}</style><script>x()</script>", "#ggg"] {
            #expect(GalleryPage.kindStyle(registry(bad)).isEmpty, "\(bad)")
        }
    }
}
