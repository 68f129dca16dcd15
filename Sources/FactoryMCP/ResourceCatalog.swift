import Foundation
import MCP

/// The week's files as resources: each bundle's metadata.json, caption.txt, captions and stills,
/// and each week's report. Only files inside the output folder are ever read: a URI is taken apart
/// by `ResourceURI.parse`, then the file, its symlinks resolved, must still lie in the output folder,
/// under no hidden folder (the state in `.factory`, `.versions`, `.quarantine`) and outside the state.
struct ResourceCatalog: Sendable {
    let output: URL
    let state: URL?
    let pageSize: Int

    static let reportNames: Set<String> = ["report.json", "report.txt"]

    /// The files a bundle offers: its metadata, caption text, captions and stills.
    static func served(_ name: String) -> Bool {
        ["metadata.json", "caption.txt"].contains(name) || ["vtt", "srt", "ass", "png", "jpg", "jpeg"].contains(fileExtension(name))
    }

    static func fileExtension(_ name: String) -> String { (name as NSString).pathExtension.lowercased() }

    static func mimeType(_ name: String) -> String {
        switch fileExtension(name) {
        case "json": "application/json"
        case "vtt": "text/vtt"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        default: "text/plain"
        }
    }

    static func isImage(_ name: String) -> Bool { mimeType(name).hasPrefix("image/") }

    /// A bundle folder's served files, sorted.
    static func bundleFiles(_ folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") && served($0) }.sorted()
    }

    static let templates: [Resource.Template] = [
        Resource.Template(uriTemplate: ResourceURI.scheme + "{week}/{item}/{file}", name: "bundle-file", title: "A bundle's file",
                          description: "An item's metadata.json, caption.txt, captions (captions.vtt, captions.ass) or stills (PNG, "
                            + "JPEG, as images), e.g. factory://2026-W48/mon-motivation/metadata.json. review_week lists each item's."),
        Resource.Template(uriTemplate: ResourceURI.scheme + "{week}/report.json", name: "week-report", title: "A week's run report",
                          description: "The last run of the week, item by item (report.txt: its summary).", mimeType: "application/json"),
    ]

    /// Every resource, in URI order: weeks newest first would reorder pages as weeks come, so URIs sort.
    func all() -> [Resource] {
        let fm = FileManager.default
        var found: [Resource] = []
        let weeks = ((try? fm.contentsOfDirectory(atPath: output.path)) ?? []).filter { $0.wholeMatch(of: /\d{4}-W\d{2}/) != nil }
        for week in weeks {
            let folder = output.appendingPathComponent(week)
            for name in Self.reportNames.sorted() where fm.fileExists(atPath: folder.appendingPathComponent(name).path) {
                found.append(Resource(name: "\(week)/\(name)", uri: ResourceURI.report(week: week, name: name),
                                      title: "\(week) run report", mimeType: Self.mimeType(name), size: size(folder.appendingPathComponent(name))))
            }
            let items = ((try? fm.contentsOfDirectory(atPath: folder.path)) ?? []).filter { item in
                !item.hasPrefix(".") && fm.fileExists(atPath: folder.appendingPathComponent(item).appendingPathComponent("metadata.json").path)
            }
            for item in items {
                let bundle = folder.appendingPathComponent(item)
                for name in Self.bundleFiles(bundle) {
                    found.append(Resource(name: "\(week)/\(item)/\(name)", uri: ResourceURI.file(week: week, item: item, name: name),
                                          title: "\(item): \(name)", mimeType: Self.mimeType(name), size: size(bundle.appendingPathComponent(name))))
                }
            }
        }
        return found.sorted { $0.uri < $1.uri }
    }

    /// One page of `all()`: the resources after the cursor's URI. The cursor is the last URI of the
    /// page before, so a page never repeats or skips what was there when it was listed.
    func page(cursor: String?) throws -> ListResources.Result {
        let every = all()
        var start = 0
        if let cursor {
            guard let data = Data(base64Encoded: cursor), let after = String(data: data, encoding: .utf8), after.hasPrefix(ResourceURI.scheme) else {
                throw MCPError.invalidParams("unknown cursor: pass the nextCursor of the page before")
            }
            start = every.firstIndex { $0.uri > after } ?? every.count
        }
        let slice = Array(every[start..<min(every.count, start + pageSize)])
        let more = start + slice.count < every.count
        return ListResources.Result(resources: slice, nextCursor: more ? slice.last.map { Data($0.uri.utf8).base64EncodedString() } : nil)
    }

    /// The file a URI names, when it is one this server serves; else why not (never the path).
    func file(_ uri: String) throws -> URL {
        guard let parsed = ResourceURI.parse(uri) else {
            throw MCPError.invalidParams("refused: \(uri) is not a factory:// resource of a week's report or a bundle's file")
        }
        let root = output.resolvingSymlinksInPath().standardizedFileURL
        var candidate = root.appendingPathComponent(parsed.week)
        if let item = parsed.item { candidate.appendPathComponent(item) }
        candidate.appendPathComponent(parsed.name)
        let resolved = candidate.resolvingSymlinksInPath().standardizedFileURL
        guard Self.inside(resolved, root) else { throw MCPError.invalidParams("refused: \(uri) leads outside the output folder") }
        let relative = resolved.path.dropFirst(root.path.count + 1).split(separator: "/")
        if relative.contains(where: { $0.hasPrefix(".") }) { throw MCPError.invalidParams("refused: \(uri) leads into a hidden folder") }
        if let state, Self.inside(resolved, state.resolvingSymlinksInPath().standardizedFileURL) {
            throw MCPError.invalidParams("refused: \(uri) leads into the state folder")
        }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: resolved.path, isDirectory: &isFolder), !isFolder.boolValue else {
            throw MCPError.serverError(code: -32002, message: "resource not found: \(uri)")
        }
        return resolved
    }

    func read(_ uri: String) throws -> ReadResource.Result {
        let file = try file(uri)
        let name = file.lastPathComponent
        let data: Data
        do { data = try Data(contentsOf: file) } catch { throw MCPError.serverError(code: -32002, message: "resource not readable: \(uri)") }
        if Self.isImage(name) {
            return ReadResource.Result(contents: [.binary(data, uri: uri, mimeType: Self.mimeType(name))])
        }
        return ReadResource.Result(contents: [.text(String(decoding: data, as: UTF8.self), uri: uri, mimeType: Self.mimeType(name))])
    }

    static func inside(_ file: URL, _ folder: URL) -> Bool { file.path.hasPrefix(folder.path + "/") }

    private func size(_ file: URL) -> Int? { (try? file.resourceValues(forKeys: [.fileSizeKey]))?.fileSize }
}
