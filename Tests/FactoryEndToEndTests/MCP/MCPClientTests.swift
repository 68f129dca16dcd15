import FactoryFakeProviders
import FactoryTesting
import Foundation
import Testing

/// `factory mcp` driven by the official MCP Python SDK (Tests/MCPClient/check_factory_mcp.py, in
/// the venv `make mcp-venv` makes): tools and schemas, a bad manifest's line and column, an
/// estimate, an offline run with progress, a still read as an image, refusals outside the output
/// folder, approval, a dry-run publish; then paid work through the fake providers on 127.0.0.1:
/// nothing without confirmation, a run cancelled mid-way and finished by a rerun, each call paid once.
@Suite(.serialized) struct MCPClientTests {
    static let python = TestSupport.repoRoot.appendingPathComponent(".build/mcp-venv/bin/python").path
    static let script = TestSupport.repoRoot.appendingPathComponent("Tests/MCPClient/check_factory_mcp.py").path
    static var sdkInstalled: Bool {
        guard FileManager.default.isExecutableFile(atPath: python) else { return false }
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: python)
        probe.arguments = ["-c", "import mcp.client.stdio"]
        probe.standardOutput = FileHandle.nullDevice
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return false }
        probe.waitUntilExit()
        return probe.terminationStatus == 0
    }

    @Test(.enabled(if: sdkInstalled, "the MCP Python SDK is not in .build/mcp-venv: `make mcp-venv` installs it (see .build/mcp-install.log)"))
    func theOfficialPythonClientDrivesEveryToolResourceAndPrompt() async throws {
        let server = FakeProviderServer(config: FakeProviderConfig(latencyMS: ["*": 700]))
        _ = try await server.start()
        defer { Task { await server.stop() } }
        let folder = try TemporaryFolder("mcp-e2e")
        let secret = "rw-mcp-secret-\(UUID().uuidString.prefix(8))"
        let environment = TestSupport.environment([
            "ANTHROPIC_API_KEY": "sk-ant-test", "RUNWARE_API_KEY": secret, "OPENAI_API_KEY": "sk-test",
            "ANTHROPIC_BASE_URL": server.baseURLs["anthropic"] ?? "", "RUNWARE_BASE_URL": server.baseURLs["runware"] ?? "",
            "OPENAI_BASE_URL": server.baseURLs["openai"] ?? "",
        ])
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.python)
        process.arguments = [Self.script, "--factory", TestSupport.factoryBinary, "--workdir", folder.url.path, "--secret", secret]
        process.environment = environment
        let log = folder.url.appendingPathComponent("client.log")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        for _ in 0..<6000 where process.isRunning { try await Task.sleep(for: .milliseconds(100)) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        #expect(process.terminationStatus == 0, "the Python client's checks:\n\(output)")
        let result = output.split(separator: "\n").last { $0.hasPrefix("RESULT ") }.map { String($0.dropFirst(7)) } ?? "{}"
        let figures = (try? JSONSerialization.jsonObject(with: Data(result.utf8))) as? [String: Any] ?? [:]
        #expect((figures["failed"] as? [Any])?.isEmpty == true, "\(output)")
        // The cancelled run and its rerun together paid for each planned call once.
        let planned = try #require(figures["planned_paid_calls"] as? Int, "no paid figures: \(output)")
        #expect(planned > 0)
        let billed = await EstimateRegenerateTests.billed(server, atLeast: planned)
        #expect(billed == planned, "the fake providers billed \(billed) calls for \(planned) planned: something was paid twice\n\(output)")
        #expect(!output.contains(secret), "the key reached the client's output")
    }
}
