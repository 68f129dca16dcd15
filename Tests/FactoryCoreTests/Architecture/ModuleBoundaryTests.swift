import FactoryTesting
import Foundation
import Testing

/// The module layout of docs/architecture.md ("The layers") holds: each target imports only what its layer may, C included,
/// and declares no dependency it does not import.
@Suite struct ModuleBoundaryTests {
    /// What each target may import, by module-name prefix (`NIO` admits `NIOCore` and `NIOHTTP1`,
    /// `CVips` admits `CVipsShim`). The platform's own modules are allowed everywhere. A target
    /// missing from this table fails the test: a new module states its place when it is added.
    static let allowed: [String: [String]] = [
        // Layer 0: C behind Swift.
        "FactorySystem": ["CSystemShim", "CYaml"],
        "FactoryImaging": ["CVips"],
        "FactoryMedia": ["CAV", "CEspeak", "CPixelKernels", "FactoryImaging"],
        // Layer 1: the product's core, no C and no media.
        "FactoryCore": ["FactorySystem", "Yams", "Crypto", "GRDB"],
        // Layer 2: what the core drives.
        "FactoryKinds": ["FactoryCore", "FactorySystem", "FactoryImaging", "FactoryMedia", "Yams"],
        "FactoryReview": ["FactoryCore", "FactoryKinds", "FactoryImaging", "FactoryMedia"],
        // WSClient (swift-websocket) for the Realtime API; Logging and HTTPTypes are its types.
        "FactoryProviders": ["FactoryCore", "FactoryKinds", "FactoryImaging", "FactoryMedia", "AsyncHTTPClient", "NIO", "WSClient", "Logging", "HTTPTypes"],
        "FactoryFakeProviders": ["FactoryCore", "FactoryKinds", "FactoryImaging", "FactoryMedia", "Hummingbird", "HummingbirdWebSocket", "NIO", "Logging", "HTTPTypes", "Yams"],
        "FactoryFuzzing": ["FactoryCore", "FactoryKinds", "FactoryProviders", "FactoryImaging", "FactoryMedia"],
        "FactoryCluster": ["FactoryCore", "PostgresNIO", "_ConnectionPoolModule", "NIO", "Logging"],
        // The platforms' clients over HTTP, and the OAuth loopback listener (NIO).
        "FactoryPublishing": ["FactoryCore", "AsyncHTTPClient", "NIO", "Crypto"],
        // The studio: a Hummingbird server over the review's reading of the week (docs/studio.md).
        "FactoryStudio": ["FactoryCore", "FactoryKinds", "FactoryReview", "FactoryImaging", "Hummingbird", "NIO", "Logging", "HTTPTypes", "Crypto"],
        // `factory mcp`: the official MCP SDK over the review's reading of the week (docs/mcp.md); Logging is the SDK's.
        "FactoryMCP": ["FactoryCore", "FactoryKinds", "FactoryReview", "MCP", "Logging"],
        // Layer 3: the command line.
        "FactoryCommands": ["FactoryCore", "FactoryKinds", "FactoryReview", "FactoryProviders", "FactoryFakeProviders",
                            "FactoryCluster", "FactoryPublishing", "FactoryStudio", "FactoryMCP", "FactoryImaging", "ArgumentParser"],
        "factory": ["FactoryCommands"],
        // The benchmarks: beside the command line, never in the shipping binary.
        "FactoryBench": ["FactoryCore", "FactoryKinds", "FactoryProviders", "FactoryFakeProviders", "FactoryCluster", "FactoryTesting",
                         "FactoryImaging", "FactoryMedia", "ArgumentParser"],
        "factory-bench": ["FactoryBench"],
        "FactoryTesting": ["FactoryCore", "FactoryKinds", "FactoryImaging"],
        // Tests: their module and what lies below it.
        "FactoryImagingTests": ["FactoryImaging"],
        "FactoryMediaTests": ["FactoryMedia", "FactoryImaging", "FactoryTesting"],
        "FactoryCoreTests": ["FactoryCore", "FactoryKinds", "FactorySystem", "FactoryTesting"],
        // The kinds' text stages across weeks run with the offline writers (TwelveWeeksTests).
        "FactoryKindsTests": ["FactoryKinds", "FactoryCore", "FactoryImaging", "FactoryMedia", "FactoryProviders", "FactoryReview", "FactoryTesting"],
        "FactoryReviewTests": ["FactoryReview", "FactoryKinds", "FactoryCore", "FactoryImaging", "FactoryMedia", "FactoryTesting"],
        "FactoryProvidersTests": ["FactoryProviders", "FactoryFakeProviders", "FactoryCore", "FactoryKinds", "FactoryImaging", "FactoryMedia", "FactoryTesting",
                                  "AsyncHTTPClient", "NIO", "WSClient", "Logging", "HTTPTypes"],
        "FactoryPublishingTests": ["FactoryPublishing", "FactoryFakeProviders", "FactoryCore", "NIO"],
        "FactoryCommandsTests": ["FactoryCommands", "FactoryBench", "FactoryCore", "FactoryKinds"],
        "FactoryFuzzingTests": ["FactoryFuzzing", "FactoryMedia", "FactoryTesting"],
        "FactoryClusterTests": ["FactoryCluster", "FactoryCore", "FactoryKinds", "FactoryTesting"],
        "FactoryStudioTests": ["FactoryStudio", "FactoryTesting"],
        "FactoryMCPTests": ["FactoryMCP", "FactoryCore", "FactoryTesting", "MCP"],
        // The studio's tests speak HTTP to it and drive Chromium over the DevTools WebSocket.
        "FactoryEndToEndTests": ["FactoryCore", "FactoryKinds", "FactoryCluster", "FactoryFakeProviders", "FactoryImaging", "FactoryMedia", "FactoryTesting",
                                 "AsyncHTTPClient", "NIO", "WSClient"],
    ]
    /// Products whose modules have other names: Yams carries libyaml as `CYaml`.
    static let productModules = ["Yams": ["Yams", "CYaml"]]
    static let platform = ["Foundation", "FoundationNetworking", "Glibc", "Darwin", "Dispatch", "Synchronization", "Testing"]

    /// Every Swift target folder under Sources/ and Tests/ (C targets have no Swift files).
    static func targets() throws -> [(name: String, folder: URL)] {
        try ["Sources", "Tests"].flatMap { root -> [(String, URL)] in
            let folder = TestSupport.repoRoot.appendingPathComponent(root)
            return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().compactMap { name in
                let target = folder.appendingPathComponent(name)
                return try Self.swiftFiles(in: target).isEmpty ? nil : (name, target)
            }
        }
    }

    static func swiftFiles(in folder: URL) throws -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
    }

    /// The modules a target's files import (`@testable` and `import struct M.T` forms included).
    static func imports(in folder: URL) throws -> [(file: String, module: String)] {
        var found: [(String, String)] = []
        for file in try swiftFiles(in: folder) {
            let text = try String(contentsOfFile: folder.appendingPathComponent(file).path, encoding: .utf8)
            for line in text.split(separator: "\n") {
                var words = line.split(separator: " ").map(String.init)
                while let first = words.first, first.hasPrefix("@") { words.removeFirst() }
                guard words.first == "import", words.count >= 2 else { continue }
                let path = ["struct", "class", "enum", "func", "protocol", "typealias", "var", "let"].contains(words[1]) && words.count >= 3
                    ? words[2] : words[1]
                found.append((file, String(path.split(separator: ".")[0])))
            }
        }
        return found
    }

    static func admits(_ prefixes: [String], _ module: String) -> Bool {
        platform.contains(module) || prefixes.contains { module.hasPrefix($0) }
    }

    @Test func everyTargetImportsOnlyWhatItsLayerMay() throws {
        let found = try Self.targets()
        #expect(found.count >= 20, "found only \(found.map(\.name))")
        for (name, folder) in found {
            guard let prefixes = Self.allowed[name] else {
                Issue.record("target \(name) has no row in ModuleBoundaryTests.allowed: give it its layer")
                continue
            }
            let bad = try Self.imports(in: folder).filter { !Self.admits(prefixes, $0.module) }
            #expect(bad.isEmpty, "\(name) imports what its layer may not: \(bad.map { "\($0.module) in \($0.file)" })")
        }
    }

    /// The rule itself: prefixes match, and a core that imported C or media would be caught.
    @Test func theTableCatchesWhatItShould() {
        let core = Self.allowed["FactoryCore"] ?? []
        #expect(!Self.admits(core, "CSystemShim"))
        #expect(!Self.admits(core, "FactoryMedia"))
        #expect(!Self.admits(core, "FactoryImaging"))
        #expect(!Self.admits(core, "CYaml"))
        #expect(!Self.admits(core, "NIOCore"))
        #expect(Self.admits(Self.allowed["FactoryProviders"] ?? [], "NIOCore"))
        #expect(Self.admits(Self.allowed["FactoryImaging"] ?? [], "CVipsShim"))
    }

    /// Package.swift's `.target`/`.testTarget` lines: the target's name and the names of what it
    /// depends on (targets by their string, products by `.product(name:)`).
    static func declaredDependencies() throws -> [String: [String]] {
        let text = try String(contentsOf: TestSupport.repoRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let declaration = try Regex(#"\.(?:target|testTarget|executableTarget)\(name:\s*"([^"]+)"(?:,\s*dependencies:\s*\[((?:[^\[\]]|\[[^\]]*\])*)\])?"#)
        let product = try Regex(#"\.product\(name:\s*"([^"]+)""#)
        let plain = try Regex(#""([^"]+)""#)
        var found: [String: [String]] = [:]
        for match in text.matches(of: declaration) {
            guard let name = match.output[1].substring.map(String.init) else { continue }
            let list = match.output[2].substring.map(String.init) ?? ""
            let products = list.matches(of: product).compactMap { $0.output[1].substring.map(String.init) }
            let withoutProducts = list.replacing(try Regex(#"\.product\([^)]*\)"#), with: "")
            let targets = withoutProducts.matches(of: plain).compactMap { $0.output[1].substring.map(String.init) }
            found[name] = targets + products
        }
        return found
    }

    /// A dependency nobody imports only slows the build and blurs the layers.
    @Test func noTargetDeclaresADependencyItDoesNotImport() throws {
        let declared = try Self.declaredDependencies()
        #expect(declared["FactoryCore"]?.contains("FactorySystem") == true, "Package.swift was not read: \(declared)")
        for (name, folder) in try Self.targets() {
            let imported = Set(try Self.imports(in: folder).map(\.module))
            for dependency in declared[name] ?? [] where imported.isDisjoint(with: Self.productModules[dependency] ?? [dependency]) {
                Issue.record("\(name) declares \(dependency) in Package.swift but no file of it imports \(dependency)")
            }
        }
    }

    @Test func entryPointIsSmall() throws {
        let text = try String(contentsOf: TestSupport.repoRoot.appendingPathComponent("Sources/factory/main.swift"), encoding: .utf8)
        #expect(text.split(separator: "\n").count <= 5)
    }
}
