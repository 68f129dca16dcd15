import FactoryMedia
import FactoryTesting
import Foundation
import Testing

/// The offline sample week's videos of every kind with sound, as ffmpeg's `ebur128` hears them:
/// on the target of their kind (short-form −14 LUFS, bedtime −18) within ±1 LU, the true peak at
/// or under −1 dBTP, and our meter within 0.5 LU of ffmpeg's. Runs wherever ffmpeg is installed,
/// and always in CI (`make test` installs it), where a missing ffmpeg fails the test.
@Suite(.serialized) struct LoudnessRunTests {
    static let ffmpeg = FFmpegLoudness.ffmpeg
    static let runs = ffmpeg != nil || ProcessInfo.processInfo.environment["CI"] == "true"

    /// One item of each kind that has sound in the sample week, and the level it is made to.
    static let items: [(id: String, target: Double)] = [
        ("mon-motivation", -14), ("wed-recipe", -14), ("tue-chat", -14), ("sat-bedtime", -18),
    ]

    struct Metadata: Decodable {
        struct Check: Decodable { var name: String; var passed: Bool; var detail: String }
        var checks: [Check]
        var details: [String: String]?
    }

    @Test(.enabled(if: runs, "ffmpeg is not installed (make test installs it)"))
    func sampleWeekVideosMeetTheirTargets() throws {
        let folder = try TemporaryFolder("e2e-loudness")
        let manifest = TestSupport.repoRoot.appendingPathComponent("manifests/sample-week.yaml").path
        let only = Self.items.flatMap { ["--only", $0.id] }
        let out = try TestSupport.runFactory(["run", manifest, "--output", folder.path("out")] + only, in: folder.url)
        #expect(out.status == 0, "\(out.stdout)\n\(out.stderr)")
        for (id, target) in Self.items {
            let bundle = folder.url.appendingPathComponent("out/2026-W48/\(id)")
            let video = bundle.appendingPathComponent("video.mp4").path
            let reference = try Self.ebur128(video)
            #expect(abs(reference.integrated - target) <= 1, "\(id): ffmpeg says \(reference.integrated) LUFS for \(target)")
            #expect(reference.truePeak <= -1, "\(id): ffmpeg says the true peak is \(reference.truePeak) dBTP")
            let ours = try Loudness.analyse(decoding: video)
            #expect(abs(ours.integrated - reference.integrated) <= 0.5, "\(id): ours \(ours.integrated), ffmpeg \(reference.integrated) LUFS")
            #expect(abs(ours.truePeak - reference.truePeak) <= 0.5, "\(id): ours \(ours.truePeak), ffmpeg \(reference.truePeak) dBTP")

            let metadata = try JSONDecoder().decode(Metadata.self, from: Data(contentsOf: bundle.appendingPathComponent("metadata.json")))
            let check = metadata.checks.first { $0.name == "audio:loudness" }
            #expect(check?.passed == true, "\(id): \(String(describing: check))")
            #expect(check?.detail.contains(String(format: "target %g±1 LUFS", target)) == true, "\(id): \(String(describing: check))")
            #expect(metadata.details?["loudness_target_lufs"] == String(format: "%g", target))
            // What metadata.json recorded is what ffmpeg measures on the file.
            let recorded = metadata.details?["loudness_lufs"].flatMap(Double.init)
            #expect(recorded.map { abs($0 - reference.integrated) <= 0.5 } == true, "\(id): recorded \(String(describing: recorded))")
        }
    }

    /// ffmpeg's integrated loudness (LUFS) and true peak (dBTP) of a file's audio.
    static func ebur128(_ path: String) throws -> (integrated: Double, truePeak: Double) { try FFmpegLoudness.measure(path) }

}
