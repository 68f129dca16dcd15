import FactoryCore
import FactoryKinds
import Foundation

/// index.html: the week as a gallery to review and post from. A card per item with its video (or
/// poster, or story player), caption and Copy button, QA checks, and every file of the bundle;
/// failed and deferred items with their reason; totals at the top. One file with inline CSS and
/// JavaScript and relative links only, so it works from file:// and offline. Everything taken
/// from files is HTML-escaped. The kinds' filters, names and colours come from `kinds`, the
/// registry the command runs with.
public enum GalleryPage {
    /// Writes `<week>/index.html`.
    public static func write(_ review: WeekReview, kinds: KindRegistry, to path: String, contactSheet: String? = "contact-sheet.png",
                             now: Date = Date()) throws {
        try AtomicFile.write(Data(html(review, kinds: kinds, contactSheet: contactSheet, now: now).utf8), to: URL(fileURLWithPath: path))
    }

    public static func html(_ review: WeekReview, kinds: KindRegistry, contactSheet: String? = "contact-sheet.png", now: Date = Date()) -> String {
        let week = HTML.escape(review.week)
        return """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        <title>\(week) · ContentFactory review</title>
        <style>\(style)\(kindStyle(kinds))</style>
        </head>
        <body>
        \(header(review, kinds: kinds, contactSheet: contactSheet, now: now))
        <main class="grid" id="items">
        \(review.entries.map { card($0, kinds: kinds) }.joined(separator: "\n"))
        </main>
        <p class="empty-filter" id="empty-filter" hidden>No item matches this filter.</p>
        <footer>Made by <code>factory review</code> on \(HTML.escape(stamp(now))). Links are relative and nothing is fetched from the network:
        the page works from the folder, offline. Re-probe every bundle with <code>factory review --check</code>.</footer>
        <script>\(script)</script>
        </body>
        </html>

        """
    }

    // MARK: Header

    static func header(_ review: WeekReview, kinds: KindRegistry, contactSheet: String?, now: Date) -> String {
        let bundles = review.bundles
        let recorded = bundles.flatMap { $0.metadata?.checks ?? [] }
        let rechecked = bundles.flatMap { $0.recheck ?? [] }
        var stats = [stat("\(review.count(.done))/\(review.entries.count)", "done", review.count(.done) == review.entries.count ? "ok" : "")]
        for status: ReviewEntry.Status in [.failed, .deferred, .unsupported, .missing, .unreadable] where review.count(status) > 0 {
            stats.append(stat("\(review.count(status))", status.rawValue, "bad"))
        }
        stats.append(stat(ReviewFormat.money(review.spentUSD), "spent"))
        stats.append(stat(ReviewFormat.duration(review.totalDuration), "of video"))
        stats.append(stat(ReviewFormat.size(review.totalSize), "in bundles"))
        let passed = recorded.filter(\.passed).count
        stats.append(stat("\(passed)/\(recorded.count)", "checks passed at render", passed == recorded.count ? "ok" : "bad"))
        if !rechecked.isEmpty {
            let now = rechecked.filter(\.passed).count
            stats.append(stat("\(now)/\(rechecked.count)", "pass on re-check", now == rechecked.count ? "ok" : "bad"))
        }
        var run: [String] = []
        if let manifest = review.report?.manifest { run.append("manifest <code>\(HTML.escape(manifest))</code>") }
        if let finished = review.report?.finishedAt { run.append("last run finished \(HTML.escape(finished))") }
        if let seconds = review.report?.seconds { run.append("took \(HTML.escape(ReviewFormat.duration(seconds)))") }
        if review.report?.stopped == true { run.append("<strong class=\"bad-text\">the run was stopped early</strong>") }
        if review.report == nil { run.append("no report.json: showing the bundles on disk") }

        var filters = [filter("all", "All", review.entries.count)]
        for descriptor in kinds.descriptors {
            let n = review.entries.filter { $0.kind == descriptor.kind }.count
            if n > 0 { filters.append(filter(descriptor.kind.rawValue, descriptor.look.filterLabel, n, swatch: true)) }
        }
        let attention = review.entries.filter(\.needsAttention).count
        if attention > 0 { filters.append(filter("attention", "Needs attention", attention)) }
        let sheet = contactSheet.map {
            "<details class=\"sheet\"><summary>Contact sheet</summary><a href=\"\(HTML.link($0))\"><img src=\"\(HTML.link($0))\" alt=\"Contact sheet of the week's covers\" loading=\"lazy\"></a></details>"
        } ?? ""
        return """
        <header class="top">
        <div class="heading"><h1>Week \(HTML.escape(review.week))</h1><p class="sub">\(run.joined(separator: " · "))</p></div>
        <div class="totals">\(stats.joined())</div>
        <nav class="filters" aria-label="Filter items">\(filters.joined())</nav>
        \(sheet)
        </header>
        """
    }

    static func stat(_ value: String, _ label: String, _ tone: String = "") -> String {
        "<div class=\"stat \(tone)\"><span class=\"num\">\(HTML.escape(value))</span><span class=\"lbl\">\(HTML.escape(label))</span></div>"
    }

    /// A filter button; a kind's carries a swatch of its colour (`kindStyle`).
    static func filter(_ key: String, _ label: String, _ count: Int, swatch: Bool = false) -> String {
        let mark = swatch ? "<i class=\"swatch kind-\(HTML.identifier(key))\"></i>" : ""
        return "<button type=\"button\" class=\"filter\(key == "all" ? " on" : "")\" data-filter=\"\(HTML.escape(key))\">\(mark)"
            + "\(HTML.escape(label)) <span>\(count)</span></button>"
    }

    static func stamp(_ date: Date) -> String {
        let f = ReviewFormat.formatter("yyyy-MM-dd HH:mm 'UTC'")
        return f.string(from: date)
    }
}
