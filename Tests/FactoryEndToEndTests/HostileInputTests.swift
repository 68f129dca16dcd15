import FactoryCore
import FactoryTesting
import Foundation
import Testing

/// The built `factory` facing files it did not make.
@Suite struct HostileInputTests {
    @Test func validateRefusesABillionLaughsManifestWithExitTwoAtOnce() throws {
        let folder = try TemporaryFolder("e2e")
        try folder.write(HostileYAML.manifestBomb(levels: 10), to: "bomb.yaml")
        let clock = ContinuousClock()
        let start = clock.now
        let out = try TestSupport.runFactory(["validate", "bomb.yaml"], in: folder.url)
        let took = clock.now - start
        #expect(out.status == 2, "\(out.stdout)\n\(out.stderr)")
        #expect(out.stderr.contains("bomb.yaml:9:47: the alias *l4 here takes the document past 1000000 values"), "\(out.stderr)")
        // The process's start-up included; the refusal itself takes milliseconds.
        #expect(took < .seconds(3), "factory validate took \(took)")
    }
}

/// Every file a run and a review write has one mode: 0644 less the umask (see `FileMode`).
@Suite struct OutputModeTests {
    @Test func everyFileOfARunAndItsReviewIsReadableByTheTeam() throws {
        let folder = try TemporaryFolder("e2e")
        let manifest = TestSupport.repoRoot.appendingPathComponent("manifests/sample-week.yaml").path
        let run = try TestSupport.runFactory(["run", manifest, "--only", "mon-motivation", "--output", folder.path("out")], in: folder.url)
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        let review = try TestSupport.runFactory(["review", "--output", folder.path("out")], in: folder.url)
        #expect(review.status == 0, "\(review.stdout)\n\(review.stderr)")

        let expected = 0o644 & ~FileMode.umask
        var seen: [String: mode_t] = [:]
        let root = folder.url.appendingPathComponent("out")
        for case let name as String in FileManager.default.enumerator(atPath: root.path) ?? .init() {
            var info = stat()
            guard lstat(root.appendingPathComponent(name).path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            seen[name] = info.st_mode & 0o777
        }
        for wanted in ["2026-W48/report.json", "2026-W48/report.txt", "2026-W48/mon-motivation/metadata.json",
                       "2026-W48/mon-motivation/video.mp4", "2026-W48/mon-motivation/poster.jpg", "2026-W48/contact-sheet.png", "2026-W48/index.html", ".factory/ledger.sqlite"] {
            #expect(seen[wanted] != nil, "\(wanted) was not written: \(seen.keys.sorted())")
        }
        let odd = seen.filter { $0.value != expected }.map { "\($0.key) \(String($0.value, radix: 8))" }.sorted()
        #expect(odd.isEmpty, "files not \(String(expected, radix: 8)): \(odd)")
        #expect(seen.count > 8, "\(seen.keys.sorted())")
    }
}
