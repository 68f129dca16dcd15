import Foundation
import Testing

/// libespeak-ng is reached only through FactoryMedia's `Espeak`: no other module imports CEspeak.
@Suite struct EspeakBoundaryTests {
    @Test(arguments: ["FactoryImaging", "FactoryCore", "FactoryProviders", "FactoryFakeProviders", "FactoryCommands", "factory",
                      "FactoryTesting"])
    func onlyMediaImportsCEspeak(_ target: String) throws {
        let c = try ModuleBoundaryTests.imports(in: target).filter { $0.module == "CEspeak" }
        #expect(c.isEmpty, "\(target) imports CEspeak: \(c)")
    }

    @Test func mediaSpeaksThroughOneFile() throws {
        let files = try ModuleBoundaryTests.imports(in: "FactoryMedia").filter { $0.module == "CEspeak" }.map(\.file)
        #expect(files == ["Espeak.swift"])
    }
}
