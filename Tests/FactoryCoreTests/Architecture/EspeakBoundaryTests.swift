import FactoryTesting
import Foundation
import Testing

/// libespeak-ng is reached only through FactoryMedia's `Espeak` (the table of ModuleBoundaryTests
/// keeps CEspeak out of every other module; this keeps it to one file inside Media).
@Suite struct EspeakBoundaryTests {
    @Test func mediaSpeaksThroughOneFile() throws {
        let media = TestSupport.repoRoot.appendingPathComponent("Sources/FactoryMedia")
        let files = try ModuleBoundaryTests.imports(in: media).filter { $0.module == "CEspeak" }.map(\.file)
        #expect(files == ["Espeak.swift"])
    }
}
