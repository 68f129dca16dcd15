import Foundation

/// Where a kind's bundled library files are at run time. Each kind keeps them in its folder's
/// `<Kind>Library/<section>/`, and its one `.copy("<Kind>/<Kind>Library")` line in Package.swift
/// puts that folder, under the same name, in the module's resources.
enum BundledLibrary {
    /// The resources' copy of a kind's `<Kind>Library/` (nil when the build has no resources).
    static func folder(_ name: String) -> URL? { Bundle.module.resourceURL?.appendingPathComponent(name) }

    /// Every kind's copied library folder in the resources, by name.
    static func folders() -> [URL] {
        guard let resources = Bundle.module.resourceURL else { return [] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: resources.path)) ?? []
        return names.filter { $0.hasSuffix("Library") }.sorted().map { resources.appendingPathComponent($0) }
    }
}
