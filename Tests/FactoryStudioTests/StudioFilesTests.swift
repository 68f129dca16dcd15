@testable import FactoryStudio
import FactoryTesting
import Foundation
import Testing

/// Bundle files: only inside the week folder, whatever the path or the links say; Range as RFC 9110 reads it.
@Suite struct StudioFilesTests {
    @Test func rangesAreReadAsTheRFCSays() throws {
        #expect(try StudioFiles.range("bytes=0-99", size: 1000)?.get() == 0...99)
        #expect(try StudioFiles.range("bytes=900-", size: 1000)?.get() == 900...999)
        #expect(try StudioFiles.range("bytes=-100", size: 1000)?.get() == 900...999)
        #expect(try StudioFiles.range("bytes=990-2000", size: 1000)?.get() == 990...999)
        #expect(StudioFiles.range(nil, size: 1000) == nil)
        for bad in ["bytes=1000-", "bytes=5-2", "bytes=0-1,4-5", "bytes=x-y", "bytes=-0"] {
            guard case .failure? = StudioFiles.range(bad, size: 1000) else { Issue.record("\(bad) accepted"); continue }
        }
    }

    @Test func onlyFilesInsideTheWeekAreServed() throws {
        let folder = try TemporaryFolder("studio-files")
        let week = folder.url.appendingPathComponent("out/2026-W48")
        try FileManager.default.createDirectory(at: week.appendingPathComponent("mon"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: week.appendingPathComponent(".versions/20261122T100000Z/mon"), withIntermediateDirectories: true)
        try Data("video".utf8).write(to: week.appendingPathComponent("mon/video.mp4"))
        try Data("old".utf8).write(to: week.appendingPathComponent(".versions/20261122T100000Z/mon/video.mp4"))
        try Data("secret".utf8).write(to: folder.url.appendingPathComponent("out/secret.txt"))
        try FileManager.default.createDirectory(at: week.appendingPathComponent(".factory"), withIntermediateDirectories: true)
        try Data("ledger".utf8).write(to: week.appendingPathComponent(".factory/ledger.sqlite"))
        // A link in a bundle that points out of the week.
        try FileManager.default.createSymbolicLink(atPath: week.appendingPathComponent("mon/escape.txt").path,
                                                   withDestinationPath: folder.url.appendingPathComponent("out/secret.txt").path)
        try FileManager.default.createSymbolicLink(atPath: week.appendingPathComponent("tue").path, withDestinationPath: folder.url.path)
        let files = StudioFiles(weekFolder: week)
        #expect(files.bundleFile(["mon", "video.mp4"]) != nil)
        #expect(files.bundleFile([".versions", "20261122T100000Z", "mon", "video.mp4"]) != nil)
        for escape in [["..", "secret.txt"], ["mon", "..", "..", "secret.txt"], ["mon", "escape.txt"], ["tue", "out"],
                       [".factory", "ledger.sqlite"], ["mon", ".."], ["mon", ""], ["mon"], ["mon", "a/b"], [".versions", "..", "mon", "video.mp4"]] {
            #expect(files.bundleFile(escape) == nil, "\(escape) was served")
        }
    }

    @Test func encodedEscapesDoNotDecodeIntoSeparators() {
        #expect(StudioRouter.split("/files/mon%2F..%2Fsecret").segments == nil)
        #expect(StudioRouter.split("/files/%2e%2e/secret").segments == ["files", "..", "secret"])
        #expect(StudioRouter.split("/files/mon%00.mp4").segments == nil)
        #expect(StudioRouter.split("/api/week?offset=60&limit=30").query == ["offset": "60", "limit": "30"])
    }
}
