import FactoryCore
import FactoryKinds
import Foundation

/// A week's output folder as the review sees it: every item of the last run (report.json) and
/// every bundle on disk, in the order of the week.
public struct WeekReview: Sendable {
    public var folder: URL
    public var week: String
    public var report: ReviewReport?
    public var entries: [ReviewEntry]

    /// Reads report.json and every `<id>/metadata.json` and `caption.txt` of the week folder.
    public static func load(folder: URL) throws -> WeekReview {
        let fm = FileManager.default
        var isFolder: ObjCBool = false
        guard fm.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw FactoryError(.missingFile, "\(folder.path) is not a folder; give a week folder such as output/2026-W48")
        }
        let report = try ReviewReport.load(weekFolder: folder)
        let week = report?.week ?? folder.lastPathComponent
        let bundleIds = try fm.contentsOfDirectory(atPath: folder.path).filter { name in
            !name.hasPrefix(".") && fm.fileExists(atPath: folder.appendingPathComponent(name).appendingPathComponent("metadata.json").path)
        }
        var entries: [ReviewEntry] = []
        for item in report?.items ?? [] {
            entries.append(entry(for: item, bundle: bundleIds.contains(item.id) ? folder.appendingPathComponent(item.id) : nil, week: week))
        }
        let reported = Set(entries.map(\.id))
        for id in bundleIds.sorted() where !reported.contains(id) {
            entries.append(entry(for: ReviewReport.Item(id: id), bundle: folder.appendingPathComponent(id), week: week))
        }
        // The week's order: by date, then as the report listed them.
        let order = entries.enumerated().sorted { a, b in
            let (da, db) = (a.element.date ?? "9999", b.element.date ?? "9999")
            return da == db ? a.offset < b.offset : da < db
        }
        return WeekReview(folder: folder, week: week, report: report, entries: order.map(\.element))
    }

    static func entry(for item: ReviewReport.Item, bundle: URL?, week: String) -> ReviewEntry {
        var entry = ReviewEntry(id: item.id, kind: Kind(item.kind ?? ""), day: item.day ?? "", status: item.status ?? (bundle == nil ? .missing : .done),
                                reason: item.message, deferral: item.deferral, costUSD: item.costUSD ?? 0)
        if let bundle {
            do {
                let metadata = try SnakeJSON.decoder().decode(BundleMetadata.self,
                                                                   from: Data(contentsOf: bundle.appendingPathComponent("metadata.json")))
                entry.metadata = metadata
                if entry.kind.rawValue.isEmpty { entry.kind = metadata.kind }
                entry.date = metadata.scheduledDate
                if item.costUSD == nil { entry.costUSD = metadata.totalCostUSD }
                entry.caption = try? String(contentsOf: bundle.appendingPathComponent("caption.txt"), encoding: .utf8)
            } catch {
                entry.status = .unreadable
                entry.reason = "\(item.id)/metadata.json cannot be read (\(error)); regenerate the item"
            }
        } else if entry.status == .done {
            entry.status = .missing
            entry.reason = "report.json says done, but there is no bundle at \(item.id)/; run the week again"
        }
        if entry.day.isEmpty, let date = entry.date { entry.day = weekday(of: date) ?? "" }
        if entry.date == nil, let day = Weekday(rawValue: entry.day), let iso = ISOWeek(week),
           let date = iso.date(of: day, in: TimeZone(identifier: "UTC") ?? .current) {
            entry.date = ReviewFormat.formatter("yyyy-MM-dd").string(from: date)
        }
        return entry
    }

    static func weekday(of date: String) -> String? {
        guard let parsed = ReviewFormat.formatter("yyyy-MM-dd").date(from: date) else { return nil }
        return ReviewFormat.formatter("EEEE").string(from: parsed).lowercased()
    }

    // MARK: Totals

    public func count(_ status: ReviewEntry.Status) -> Int { entries.filter { $0.status == status }.count }
    /// What the run reported spending, else the bundles' own costs.
    public var spentUSD: Double { report?.calls?.spentUSD ?? entries.reduce(0) { $0 + $1.costUSD } }
    public var totalDuration: Double { entries.reduce(0) { $0 + ($1.duration ?? 0) } }
    public var totalSize: Int { entries.reduce(0) { $0 + ($1.size ?? 0) } }
    public var bundles: [ReviewEntry] { entries.filter(\.hasBundle) }

    /// "9/10 done, 1 failed · spent $0.0000 · 4 min 38 s of media · 73.1 MB".
    public var summary: String {
        var parts = ["\(count(.done))/\(entries.count) done"]
        for status: ReviewEntry.Status in [.fetched, .failed, .deferred, .unsupported, .missing, .unreadable] where count(status) > 0 {
            parts[0] += ", \(count(status)) \(status.rawValue)"
        }
        parts.append("spent \(ReviewFormat.money(spentUSD))")
        parts.append("\(ReviewFormat.duration(totalDuration)) of video")
        parts.append(ReviewFormat.size(totalSize))
        return parts.joined(separator: " · ")
    }
}
