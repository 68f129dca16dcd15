import FactoryCore
import FactoryKinds
import Foundation

extension WeekReview {
    /// The week folder to review. `argument` may be a week folder, an output folder (its newest
    /// week is taken) or a week name such as 2026-W48 under `output` (default ./output); without
    /// it, the newest week under `output`.
    public static func locate(_ argument: String?, output: String?) throws -> URL {
        let root = URL(fileURLWithPath: output ?? "output")
        guard let argument else { return try newestWeek(in: root) }
        let url = URL(fileURLWithPath: argument)
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
            if looksLikeWeek(url) { return url }
            if let newest = try? newestWeek(in: url) { return newest }
            return url
        }
        if ISOWeek(argument) != nil, FileManager.default.fileExists(atPath: root.appendingPathComponent(argument).path) {
            return root.appendingPathComponent(argument)
        }
        throw FactoryError(.missingFile, "\(argument) is not a folder; give a week folder such as output/2026-W48")
    }

    /// The week-named folder (2026-W48) that comes last in the calendar under `root`.
    public static func newestWeek(in root: URL) throws -> URL {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        let weeks = names.compactMap { name in ISOWeek(name).map { (name, $0) } }
            .filter { looksLikeWeek(root.appendingPathComponent($0.0)) }
        guard let newest = weeks.max(by: { ($0.1.year, $0.1.week) < ($1.1.year, $1.1.week) }) else {
            throw FactoryError(.missingFile, "no week folder (like 2026-W48) with a report or bundles in \(root.path); "
                               + "run `factory run MANIFEST` first, or give the week folder or --output DIR")
        }
        return root.appendingPathComponent(newest.0)
    }

    /// A folder holding report.json or at least one bundle.
    static func looksLikeWeek(_ url: URL) -> Bool {
        let fm = FileManager.default
        if fm.fileExists(atPath: url.appendingPathComponent("report.json").path) { return true }
        let names = (try? fm.contentsOfDirectory(atPath: url.path)) ?? []
        return names.contains { fm.fileExists(atPath: url.appendingPathComponent($0).appendingPathComponent("metadata.json").path) }
    }
}
