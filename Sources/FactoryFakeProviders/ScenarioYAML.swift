import Foundation
#if canImport(Yams)
import Yams
#endif

/// YAML scenarios, read with Yams when the module is available to this target.
enum ScenarioYAML {
    static func decode(_ text: String) throws -> FakeProviderConfig.Scenario {
        #if canImport(Yams)
        return try YAMLDecoder().decode(FakeProviderConfig.Scenario.self, from: text)
        #else
        throw FakeProviderError("YAML scenarios need Yams; write the scenario as JSON")
        #endif
    }
}
