import FactoryTesting
import Foundation
import MCP
import Testing
@testable import FactoryMCP

/// Resources never leave the output folder: every escape is refused, a symlink out included, and
/// the listing pages through a week without repeating or skipping.
@Suite struct ResourceTests {
    /// An output folder with one week of two bundles, and a secret beside it.
    static func output() throws -> (TemporaryFolder, URL) {
        let folder = try TemporaryFolder("mcp-resources")
        try folder.write("TOP SECRET", to: "secret.txt")
        try folder.write("{}", to: "out/2026-W48/report.json")
        for item in ["mon-motivation", "wed-recipe"] {
            try folder.write("{\"item_id\": \"\(item)\"}", to: "out/2026-W48/\(item)/metadata.json")
            try folder.write("a caption", to: "out/2026-W48/\(item)/caption.txt")
            try folder.write("WEBVTT", to: "out/2026-W48/\(item)/captions.vtt")
            try folder.write("not served", to: "out/2026-W48/\(item)/video.mp4")
        }
        try folder.write("ledger", to: "out/.factory/ledger.sqlite")
        try folder.write("{}", to: "out/2026-W48/.versions/20261123/mon-motivation/metadata.json")
        return (folder, folder.url.appendingPathComponent("out"))
    }

    @Test func uriSegmentsThatCouldEscapeAreRefused() {
        for uri in ["factory://2026-W48/../secret.txt", "factory://%2e%2e/secret.txt", "factory://2026-W48/a%2f..%2f..%2fsecret.txt/x.png",
                    "factory://2026-W48/.factory/ledger.sqlite", "factory://.factory/ledger.sqlite", "file:///etc/passwd",
                    "factory://2026-W48/mon-motivation/..", "factory://2026-W48/mon-motivation/caption.txt%00.png",
                    "factory://2026-W48/mon-motivation/video.mp4", "factory://2026-W48//caption.txt",
                    "factory://2026-W48/mon-motivation/%2e%2e%5c%2e%2e%5csecret.png", "factory://2026-W48/mon-motivation/x.png?y",
                    "factory://2026-W48/mon-motivation/caption.txt/extra", "factory://week/mon-motivation/caption.txt"] {
            #expect(ResourceURI.parse(uri) == nil, "\(uri) was taken")
        }
        #expect(ResourceURI.parse("factory://2026-W48/mon-motivation/metadata.json")?.item == "mon-motivation")
        #expect(ResourceURI.parse("factory://2026-W48/report.json")?.item == nil)
    }

    @Test func aSymlinkOutOfTheOutputFolderIsRefused() throws {
        let (folder, out) = try Self.output()
        let catalog = ResourceCatalog(output: out, state: nil, pageSize: 100)
        let bundle = out.appendingPathComponent("2026-W48/mon-motivation")
        try FileManager.default.createSymbolicLink(atPath: bundle.appendingPathComponent("still.png").path,
                                                   withDestinationPath: folder.url.appendingPathComponent("secret.txt").path)
        try FileManager.default.createSymbolicLink(atPath: bundle.appendingPathComponent("ledger.png").path,
                                                   withDestinationPath: out.appendingPathComponent(".factory/ledger.sqlite").path)
        for uri in ["factory://2026-W48/mon-motivation/still.png", "factory://2026-W48/mon-motivation/ledger.png"] {
            #expect(throws: MCPError.self, "\(uri)") { try catalog.read(uri) }
        }
        let text = try catalog.read("factory://2026-W48/mon-motivation/caption.txt")
        #expect(text.contents.first?.text == "a caption" && text.contents.first?.mimeType == "text/plain")
    }

    @Test func theStateFolderIsRefusedEvenInsideTheOutput() throws {
        let (folder, out) = try Self.output()
        defer { withExtendedLifetime(folder) {} }
        // A state folder under the output whose name looks like a week.
        let state = out.appendingPathComponent("2026-W01")
        try FileManager.default.createDirectory(at: state.appendingPathComponent("x"), withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: state.appendingPathComponent("report.json"))
        #expect(try ResourceCatalog(output: out, state: nil, pageSize: 100).read("factory://2026-W01/report.json").contents.count == 1)
        let catalog = ResourceCatalog(output: out, state: state, pageSize: 100)
        #expect(throws: MCPError.self) { try catalog.read("factory://2026-W01/report.json") }
    }

    @Test func theListingPagesThroughEveryServedFileOnce() throws {
        let (folder, out) = try Self.output()
        defer { withExtendedLifetime(folder) {} }
        let catalog = ResourceCatalog(output: out, state: nil, pageSize: 2)
        var seen: [String] = []
        var cursor: String?
        repeat {
            let page = try catalog.page(cursor: cursor)
            #expect(page.resources.count <= 2)
            seen += page.resources.map(\.uri)
            cursor = page.nextCursor
        } while cursor != nil
        #expect(seen.count == 7 && Set(seen).count == 7, "\(seen)")
        #expect(seen.contains("factory://2026-W48/report.json") && seen.contains("factory://2026-W48/wed-recipe/captions.vtt"))
        #expect(!seen.contains { $0.contains("video.mp4") || $0.contains(".factory") || $0.contains(".versions") })
        #expect(throws: MCPError.self) { try catalog.page(cursor: "not a cursor") }
    }
}
