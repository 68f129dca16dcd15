@testable import FactoryCore
import FactoryTesting
import Foundation
import Synchronization
import Testing

/// Publication without renameat2 (shared volumes such as NFS refuse its flags): the item's name is
/// a symlink swapped with rename(2). There is no NFS here, so the fallback is forced.
@Suite struct BundleReplacementTests {
    /// What a reader saw while bundles were being replaced.
    final class Reads: Sendable {
        let stop = Mutex(false)
        let seen = Mutex<(reads: Int, missing: Int, mixed: Int)>((0, 0, 0))
    }

    static func publish(_ week: URL, version: Int, _ replacement: BundleWriter.Replacement) throws {
        let writer = try BundleWriter(weekFolder: week, itemId: "p0", replacement: replacement)
        try writer.write("version \(version)", to: "story.txt")
        try writer.write("{\"version\": \(version)}", to: "metadata.json")
        try writer.publish()
    }

    @Test func forcedByTheRunOrChosenForNetworkVolumes() throws {
        let folder = try TemporaryFolder("replacement")
        // The temporary folder is a local file system.
        #expect(BundleWriter.Replacement.choose(for: folder.url) == .exchange)
        #expect(try BundleWriter(weekFolder: folder.url, itemId: "p0").replacement == .exchange)
        #expect(try BundleWriter(weekFolder: folder.url, itemId: "p1", replacement: .link).replacement == .link)
    }

    @Test func linkSwapsAreWholeToAReaderAndKeepEarlierVersions() throws {
        let folder = try TemporaryFolder("replacement")
        let week = folder.url.appendingPathComponent("2026-W48")
        try FileManager.default.createDirectory(at: week, withIntermediateDirectories: true)
        try Self.publish(week, version: 0, .link)
        let reads = Reads()
        let done = DispatchSemaphore(value: 0), reading = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            var first = true
            while !reads.stop.withLock({ $0 }) {
                // One folder, resolved once: both files must come from the same version.
                let bundle = week.appendingPathComponent("p0").resolvingSymlinksInPath()
                let story = try? String(contentsOf: bundle.appendingPathComponent("story.txt"), encoding: .utf8)
                let metadata = try? String(contentsOf: bundle.appendingPathComponent("metadata.json"), encoding: .utf8)
                reads.seen.withLock { seen in
                    seen.reads += 1
                    if story == nil || metadata == nil {
                        seen.missing += 1
                    } else if let story, let metadata, metadata != "{\"version\": \(story.dropFirst("version ".count))}" {
                        seen.mixed += 1
                    }
                }
                if first { first = false; reading.signal() }
            }
            done.signal()
        }
        // The swaps start once the reader reads: on a busy machine its thread can start late.
        reading.wait()
        for version in 1...30 { try Self.publish(week, version: version, .link) }
        reads.stop.withLock { $0 = true }
        done.wait()
        let seen = reads.seen.withLock { $0 }
        #expect(seen.reads > 0)
        #expect(seen.missing == 0 && seen.mixed == 0, "\(seen)")
        let final = week.appendingPathComponent("p0")
        #expect((try FileManager.default.attributesOfItem(atPath: final.path))[.type] as? FileAttributeType == .typeSymbolicLink)
        #expect(try String(contentsOf: final.appendingPathComponent("story.txt"), encoding: .utf8) == "version 30")
        // Each replaced bundle stays readable, named under .versions.
        let versions = try FileManager.default.contentsOfDirectory(atPath: week.appendingPathComponent(".versions").path)
        #expect(versions.count == 30)
        #expect(try FileManager.default.contentsOfDirectory(atPath: week.appendingPathComponent(".bundles").path).count == 31)
        let oldest = week.appendingPathComponent(".versions/\(versions.sorted()[0])/p0/story.txt")
        #expect(try String(contentsOf: oldest, encoding: .utf8) == "version 0")
        #expect(BundleWriter.isCurrent(weekFolder: week, itemId: "p0", manifestSha256: "x") == false)
    }

    @Test func aFolderPublishedByExchangeIsReplacedByALink() throws {
        let folder = try TemporaryFolder("replacement")
        let week = folder.url.appendingPathComponent("2026-W48")
        try FileManager.default.createDirectory(at: week, withIntermediateDirectories: true)
        try Self.publish(week, version: 1, .exchange)
        try Self.publish(week, version: 2, .exchange)
        let final = week.appendingPathComponent("p0")
        #expect((try FileManager.default.attributesOfItem(atPath: final.path))[.type] as? FileAttributeType == .typeDirectory)
        try Self.publish(week, version: 3, .link)
        #expect((try FileManager.default.attributesOfItem(atPath: final.path))[.type] as? FileAttributeType == .typeSymbolicLink)
        #expect(try String(contentsOf: final.appendingPathComponent("story.txt"), encoding: .utf8) == "version 3")
        #expect(try FileManager.default.contentsOfDirectory(atPath: week.appendingPathComponent(".versions").path).count == 2)
    }
}
