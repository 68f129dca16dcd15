import FactoryCore
import FactoryKinds
import FactoryMedia
import Foundation

extension GalleryPage {
    /// One item's card: media, chips, title, facts, caption with Copy, checks and files; or, for an
    /// item without a bundle, its status and the reason from report.json.
    static func card(_ entry: ReviewEntry, kinds: KindRegistry) -> String {
        let id = HTML.escape(entry.id), anchor = "item-" + HTML.identifier(entry.id)
        let attention = entry.needsAttention ? "true" : "false"
        var classes = ["card", "kind-" + HTML.identifier(entry.kind.rawValue)]
        if entry.needsAttention { classes.append("attention") }
        var body = [chips(entry, kinds: kinds), "<h2>\(HTML.escape(entry.title))</h2>"]
        if entry.hasBundle { body.append("<p class=\"item-id\">\(id)</p>") }
        if let reason = entry.reason, !entry.isDone {
            let earlier = entry.hasBundle ? " Below is the bundle an earlier run made\(entry.metadata.map { " (\(HTML.escape($0.createdAt)))" } ?? "")." : ""
            body.append("<p class=\"reason\"><strong>\(HTML.escape(label(entry))):</strong> \(HTML.escape(reason))\(earlier)</p>")
        }
        if !entry.repeats.isEmpty {
            body.append("<div class=\"repeats\"><strong>Close to earlier weeks</strong><ul>"
                        + entry.repeats.map { "<li>\(HTML.escape($0))</li>" }.joined() + "</ul></div>")
        }
        if let sharing = entry.sharing { body.append(sharingBlock(sharing)) }
        if let metadata = entry.metadata {
            body.append(facts(entry, metadata))
            if let caption = entry.caption { body.append(captionBlock(caption, anchor: anchor)) }
            body.append(checks(metadata.checks, recheck: entry.recheck))
            body.append(files(entry.id, metadata.files))
        }
        return """
        <article class="\(classes.joined(separator: " "))" id="\(anchor)" data-kind="\(HTML.escape(entry.kind.rawValue))" data-attention="\(attention)">
        \(media(entry))
        <div class="body">
        \(body.joined(separator: "\n"))
        </div>
        </article>
        """
    }

    /// Approval and posts, each post linked where the platform gave a link.
    static func sharingBlock(_ sharing: ReviewEntry.Sharing) -> String {
        let posts = sharing.posts.isEmpty ? "" : "<ul>" + Platform.allCases.compactMap { platform -> String? in
            guard let post = sharing.posts.last(where: { $0.platform == platform }) else { return nil }
            let state = HTML.escape(post.state.rawValue + (post.current ? "" : " (earlier version)"))
            let link = post.url.map { " <a href=\"\(HTML.escape($0))\" rel=\"noopener\">\(HTML.escape($0))</a>" } ?? ""
            let why = post.state == .failed ? post.reason.map { " — " + HTML.escape($0) } ?? "" : ""
            return "<li data-platform=\"\(platform)\"><strong>\(platform.title)</strong>: \(state)\(why)\(link)</li>"
        }.joined() + "</ul>"
        return "<div class=\"sharing\"><p class=\"approval\">\(HTML.escape(sharing.approvalText))</p>\(posts)\(figuresBlock(sharing.figures))</div>"
    }

    /// Views over time per platform (an inline SVG drawn here) and each platform's latest figures;
    /// a figure not given is "—".
    static func figuresBlock(_ figures: [ReviewEntry.Sharing.Figures]) -> String {
        guard !figures.isEmpty else { return "" }
        let lines = figures.map { f in
            "<li>\(HTML.escape(f.platform.title)): \(StatsFormat.count(f.latest.views)) views · \(StatsFormat.count(f.latest.likes)) likes · "
                + "\(StatsFormat.count(f.latest.comments)) comments · \(StatsFormat.count(f.latest.shares)) shares"
                + (f.latest.views == nil ? f.reason.map { " (\(HTML.escape($0)))" } ?? "" : "") + "</li>"
        }
        let spark = StatsCharts.sparkline(figures.map { ($0.platform.title, $0.views) })
        return "<div class=\"figures\">\(spark)<ul>\(lines.joined())</ul></div>"
    }

    static func label(_ entry: ReviewEntry) -> String {
        switch entry.status {
        case .run(.failed): "Failed"
        case .run(.deferred): "Deferred (\(entry.deferral ?? "later"))"
        case .run(.unsupported): "Not supported"
        case .missing: "Missing"
        case .unreadable: "Unreadable"
        default: entry.status.rawValue.capitalized
        }
    }

    static func chips(_ entry: ReviewEntry, kinds: KindRegistry) -> String {
        let tone = entry.isDone ? (entry.failedChecks.isEmpty ? "ok" : "bad") : (entry.status == .deferred || entry.status == .fetched ? "warn" : "bad")
        let failed = entry.failedChecks.count
        let status = entry.isDone && failed > 0 ? "\(failed) check\(failed == 1 ? "" : "s") failed" : ReviewFormat.status(entry)
        return "<div class=\"chips\"><span class=\"chip kind\">\(HTML.escape(kinds[entry.kind]?.look.name ?? ReviewFormat.kind(entry.kind)))</span>"
            + "<span class=\"chip\">\(HTML.escape(ReviewFormat.day(entry)))</span>"
            + "<span class=\"chip status \(tone)\">\(HTML.escape(status))</span>"
            + (entry.repeats.isEmpty ? "" : "<span class=\"chip status warn repeat\">close to an earlier week</span>") + "</div>"
    }

    /// The product: the video with its cover as poster; a bundle with `poster*.jpg` stills shows the
    /// still first (a tab shows the video); a bundle with `story.mp3` has it under the video.
    static func media(_ entry: ReviewEntry) -> String {
        guard let metadata = entry.metadata else {
            return "<div class=\"media none\"><div class=\"placeholder\"><span class=\"mark\">\(entry.status == .deferred ? "⏸" : "✕")</span>"
                + "<span>No bundle</span></div></div>"
        }
        let names = Set(metadata.files.map(\.name))
        let cover = names.contains("cover.jpg") ? " poster=\"\(HTML.link(entry.id, "cover.jpg"))\"" : ""
        let videoFile = metadata.files.first { $0.name == "video.mp4" }
        let ratio = (videoFile?.media?.video).flatMap { v in v.width.flatMap { w in v.height.map { "\(w) / \($0)" } } } ?? "9 / 16"
        let video = videoFile.map { _ in
            "<video controls preload=\"metadata\" playsinline\(cover) src=\"\(HTML.link(entry.id, "video.mp4"))\"></video>"
        } ?? ""
        var parts: [String] = []
        let stills = metadata.files.map(\.name).filter { $0.hasPrefix("poster") && $0.hasSuffix(".jpg") }.sorted { a, b in
            a == "poster.jpg" || (b != "poster.jpg" && a < b)
        }
        if let first = stills.first {
            parts.append("<div class=\"tabs\" role=\"tablist\"><button type=\"button\" class=\"tab on\" data-pane=\"still\">Poster</button>"
                         + (video.isEmpty ? "" : "<button type=\"button\" class=\"tab\" data-pane=\"video\">Video</button>") + "</div>")
            parts.append("<div class=\"pane\" data-pane=\"still\"><a href=\"\(HTML.link(entry.id, first))\"><img class=\"still\" src=\"\(HTML.link(entry.id, first))\" alt=\"\(HTML.escape(metadata.title))\" loading=\"lazy\"></a></div>")
            if !video.isEmpty { parts.append("<div class=\"pane\" data-pane=\"video\" hidden>\(video)</div>") }
            if stills.count > 1 {
                parts.append("<div class=\"variants\">" + stills.map { name in
                    "<a href=\"\(HTML.link(entry.id, name))\" title=\"\(HTML.escape(name))\"><img src=\"\(HTML.link(entry.id, name))\" alt=\"\(HTML.escape(name))\" loading=\"lazy\"></a>"
                }.joined() + "</div>")
            }
        } else {
            parts.append(video)
        }
        if names.contains("story.mp3") {
            parts.append("<div class=\"audio\"><span>Narration (story.mp3)</span><audio controls preload=\"metadata\" src=\"\(HTML.link(entry.id, "story.mp3"))\"></audio></div>")
        }
        return "<div class=\"media\" style=\"--ratio: \(HTML.escape(ratio))\">\(parts.joined())</div>"
    }

    static func facts(_ entry: ReviewEntry, _ metadata: BundleMetadata) -> String {
        var facts: [String] = []
        if let duration = entry.duration { facts.append(ReviewFormat.duration(duration)) }
        if let v = metadata.files.first(where: { $0.name == "video.mp4" })?.media?.video, let w = v.width, let h = v.height {
            facts.append("\(w)×\(h)" + (v.fps.map { " @ \(ReviewFormat.fps($0))" } ?? ""))
        }
        if let size = entry.size { facts.append(ReviewFormat.size(size)) }
        facts.append(ReviewFormat.money(entry.costUSD))
        let providers = Set(metadata.generation.map(\.provider.rawValue)).sorted()
        if !providers.isEmpty { facts.append("providers: " + providers.joined(separator: ", ")) }
        return "<p class=\"facts\">\(facts.map(HTML.escape).joined(separator: " · "))</p>" + qa(entry)
    }

    /// The figures a bundle is judged by: lowest text contrast (and its layer), read-along drift, loudness.
    static func qa(_ entry: ReviewEntry) -> String {
        var cells: [String] = []
        if let c = entry.lowestContrast {
            let tone = c.ratio >= WCAG.target ? "ok" : "bad"
            cells.append("<span class=\"qa-cell contrast \(tone)\" title=\"lowest WCAG contrast of any text layer\">"
                         + "<b>\(HTML.escape(String(format: "%.2f:1", c.ratio)))</b> text contrast"
                         + (c.layer.isEmpty ? "" : " (\(HTML.escape(c.layer)))") + "</span>")
        }
        if let d = entry.readAlongDrift {
            let tone = d < 100 ? "ok" : "bad"
            cells.append("<span class=\"qa-cell drift \(tone)\" title=\"read-along highlight against the speech, median\">"
                         + "<b>\(HTML.escape(String(format: "%.0f ms", d)))</b> read-along drift</span>")
        }
        if let l = entry.loudness {
            cells.append("<span class=\"qa-cell loudness\"><b>\(HTML.escape(String(format: "%.1f LUFS", l)))</b> loudness</span>")
        }
        return cells.isEmpty ? "" : "<p class=\"qa\">\(cells.joined())</p>"
    }

    static func captionBlock(_ caption: String, anchor: String) -> String {
        let target = "caption-" + anchor
        return """
        <section class="caption"><div class="caption-head"><h3>Caption</h3><span class="count">\(caption.count) / 2,200</span>\
        <button type="button" class="copy" data-for="\(target)">Copy</button></div>\
        <pre class="caption-text" id="\(target)">\(HTML.escape(caption.trimmingCharacters(in: .whitespacesAndNewlines)))</pre></section>
        """
    }

    /// The QA checks recorded at render and, after `--check`, the re-checks; failed ones first and open.
    static func checks(_ recorded: [BundleMetadata.Check], recheck: [BundleMetadata.Check]?) -> String {
        let all = recorded + (recheck ?? [])
        let failed = all.filter { !$0.passed }.count
        var summary = "\(recorded.filter(\.passed).count)/\(recorded.count) checks passed at render"
        if let recheck { summary += " · \(recheck.filter(\.passed).count)/\(recheck.count) on re-check" }
        var html = "<details class=\"checks\"\(failed > 0 ? " open" : "")><summary><span class=\"dot \(failed > 0 ? "bad" : "ok")\"></span>"
            + "\(failed > 0 ? "\(failed) failed · " : "")\(HTML.escape(summary))</summary>"
        html += checkList(recorded, title: recheck == nil ? nil : "At render (metadata.json)")
        if let recheck { html += checkList(recheck, title: "Re-checked now (factory review --check)") }
        return html + "</details>"
    }

    /// Failed checks in full; when some failed, the passed ones fold away under their count.
    static func checkList(_ checks: [BundleMetadata.Check], title: String?) -> String {
        func items(_ list: [BundleMetadata.Check]) -> String {
            "<ul class=\"check-list\">" + list.map { c in
                "<li class=\"\(c.passed ? "pass" : "fail")\"><span class=\"verdict\">\(c.passed ? "✓" : "✕")</span>"
                    + "<span class=\"name\">\(HTML.escape(c.name))</span><span class=\"detail\">\(HTML.escape(c.detail))</span></li>"
            }.joined() + "</ul>"
        }
        let failed = checks.filter { !$0.passed }, passed = checks.filter(\.passed)
        var html = title.map { "<h4>\(HTML.escape($0))</h4>" } ?? ""
        if failed.isEmpty { return html + items(passed) }
        html += items(failed)
        if !passed.isEmpty { html += "<details class=\"passed\"><summary>\(passed.count) passed</summary>\(items(passed))</details>" }
        return html
    }

    static func files(_ id: String, _ files: [BundleMetadata.File]) -> String {
        let total = files.reduce(0) { $0 + $1.size }
        let rows = files.map { f in
            "<li><a href=\"\(HTML.link(id, f.name))\">\(HTML.escape(f.name))</a><span>\(HTML.escape(ReviewFormat.size(f.size)))</span></li>"
        } + ["<li><a href=\"\(HTML.link(id, "metadata.json"))\">metadata.json</a><span>facts, costs, checks</span></li>"]
        return "<details class=\"files\"><summary>\(files.count + 1) files · \(HTML.escape(ReviewFormat.size(total)))</summary>"
            + "<ul class=\"file-list\">\(rows.joined())</ul></details>"
    }
}
