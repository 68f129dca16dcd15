import FactoryTesting
import Foundation
import Testing

/// The module layout of STYLE.md holds: only the imaging and media modules touch C.
@Suite struct ModuleBoundaryTests {
    static func imports(in target: String) throws -> [(file: String, module: String)] {
        let folder = TestSupport.repoRoot.appendingPathComponent("Sources/\(target)")
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var found: [(String, String)] = []
        for case let file as String in walker where file.hasSuffix(".swift") {
            let text = try String(contentsOfFile: folder.appendingPathComponent(file).path, encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasPrefix("import ") {
                found.append((file, String(line.dropFirst(7)).trimmingCharacters(in: .whitespaces)))
            }
        }
        return found
    }

    @Test(arguments: ["FactoryCore", "FactoryProviders", "FactoryCommands", "factory", "FactoryTesting"])
    func noCImportsOutsideImagingAndMedia(_ target: String) throws {
        let c = try Self.imports(in: target).filter { ["CVips", "CVipsShim", "CAV", "CAVShim", "CEspeak"].contains($0.module) }
        #expect(c.isEmpty, "\(target) imports C modules: \(c)")
    }

    @Test func coreHasNoHTTPOrArgumentParser() throws {
        let bad = try Self.imports(in: "FactoryCore").filter { ["ArgumentParser", "AsyncHTTPClient", "NIO", "FactoryProviders", "FactoryCommands"].contains($0.module) }
        #expect(bad.isEmpty, "FactoryCore imports \(bad)")
    }

    @Test func imagingDoesNotDependOnLaterModules() throws {
        for target in ["FactoryImaging", "FactoryMedia"] {
            let bad = try Self.imports(in: target).filter { $0.module.hasPrefix("Factory") && !["FactoryImaging"].contains($0.module) }
            #expect(bad.isEmpty, "\(target) imports \(bad)")
        }
    }

    @Test func entryPointIsSmall() throws {
        let text = try String(contentsOf: TestSupport.repoRoot.appendingPathComponent("Sources/factory/main.swift"), encoding: .utf8)
        #expect(text.split(separator: "\n").count <= 5)
    }
}
