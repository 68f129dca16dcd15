import FactoryFuzzing
import FactoryTesting
import Foundation
import Testing

/// Every committed seed and every input a fuzz run found (`Fuzz/corpus/<target>/`,
/// `Fuzz/regressions/<target>/`) goes through its surface again: a trap ends the test process.
@Suite struct CorpusReplayTests {
    static func inputs(_ surface: FuzzSurface, under folder: String) -> [URL] {
        let dir = TestSupport.repoRoot.appendingPathComponent("Fuzz/\(folder)/\(surface.rawValue)")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { dir.appendingPathComponent($0) }
    }

    @Test(arguments: FuzzSurface.allCases)
    func seedsAndFindingsPassThroughTheirSurface(_ surface: FuzzSurface) throws {
        let seeds = Self.inputs(surface, under: "corpus")
        #expect(seeds.count >= 3, "Fuzz/corpus/\(surface.rawValue) holds \(seeds.count) seeds")
        for file in seeds + Self.inputs(surface, under: "regressions") {
            let clock = ContinuousClock(), start = clock.now
            surface.run(try Data(contentsOf: file))
            let took = clock.now - start
            #expect(took < .seconds(5), "\(file.lastPathComponent) took \(took) through \(surface.rawValue)")
        }
    }
}
