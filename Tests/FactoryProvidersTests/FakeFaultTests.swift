import FactoryFakeProviders
import FactoryImaging
import FactoryTesting
import Foundation
import Testing

@Suite("Fake provider server: injected faults")
struct FakeFaultTests {
    static let chat: FakeJSON = ["model": "gpt-4o", "messages": [["role": "user", "content": "Hello"]]]
    static let message: FakeJSON = ["model": "claude-haiku-5-5", "max_tokens": 64, "messages": [["role": "user", "content": "Hello"]]]

    @Test func faultWithCountTwoThenSuccess() async throws {
        let fault = try FakeFault(spec: "anthropic:rateLimit:count=2:retryAfter=2")
        try await FakeHarness.with(FakeProviderConfig(faults: [fault])) { fake in
            for _ in 0..<2 {
                let limited = try await fake.post("/v1/messages", json: Self.message, headers: Fixtures.anthropicAuth)
                #expect(limited.status == 429)
                #expect(limited.headers["retry-after"] == "2")
                #expect(limited.json?["error"]?["type"]?.string == "rate_limit_error")
            }
            let ok = try await fake.post("/v1/messages", json: Self.message, headers: Fixtures.anthropicAuth)
            #expect(ok.status == 200)
            _ = await fake.billed(1)
            let stats = await fake.server.stats()
            #expect(stats.requests == 3 && stats.billed == 1)
        }
    }

    @Test func quotaAndSpendCapShapes() async throws {
        try await FakeHarness.with(FakeProviderConfig(faults: [
            FakeFault(provider: "openai", endpoint: "chat", kind: .quota, count: 1),
            FakeFault(provider: "anthropic", kind: .spendCap, count: 1),
            FakeFault(provider: "runware", kind: .quota, count: 1),
            FakeFault(provider: "*", kind: .overloaded, count: 2),
        ])) { fake in
            let openAI = try await fake.post("/v1/chat/completions", json: Self.chat, headers: Fixtures.openAIAuth)
            #expect(openAI.status == 429)
            #expect(openAI.json?["error"]?["code"]?.string == "insufficient_quota")
            let anthropic = try await fake.post("/v1/messages", json: Self.message, headers: Fixtures.anthropicAuth)
            #expect(anthropic.status == 429 && anthropic.headers["retry-after"] == nil)
            let runware = try await fake.post("/v1", json: [Fixtures.imageTask()], headers: Fixtures.runwareAuth)
            #expect(runware.status == 402)
            let overloadedAnthropic = try await fake.post("/v1/messages", json: Self.message, headers: Fixtures.anthropicAuth)
            #expect(overloadedAnthropic.status == 529)
            #expect(overloadedAnthropic.json?["error"]?["type"]?.string == "overloaded_error")
            let overloadedOpenAI = try await fake.post("/v1/chat/completions", json: Self.chat, headers: Fixtures.openAIAuth)
            #expect(overloadedOpenAI.status == 503)
            #expect(try await fake.post("/v1/chat/completions", json: Self.chat, headers: Fixtures.openAIAuth).status == 200)
            #expect(await fake.billed(1) == 1)
        }
    }

    @Test func clientThatGivesUpMidBodyIsNotBilled() async throws {
        try await FakeHarness.with(FakeProviderConfig(faults: [FakeFault(provider: "openai", kind: .slowBody, count: 1, delayMS: 1_500)])) { fake in
            let attempt = Task { try await fake.post("/v1/chat/completions", json: Self.chat, headers: Fixtures.openAIAuth) }
            // Once the server has the request it trickles the body over 1.5 s: the client hangs up early in it.
            #expect(await eventually { await fake.server.stats().requests == 1 })
            attempt.cancel()
            if case .success = await attempt.result { Issue.record("the cancelled request should not have completed") }
            // The server saw the hang-up (the body ended unfinished), and billed nothing.
            #expect(await eventually { await fake.server.stats().abandoned == 1 })
            #expect(await fake.server.stats().requests == 1)
            #expect(await fake.server.stats().billed == 0)
            // The same slow delivery, waited for, is billed once complete.
            try await FakeHarness.with(FakeProviderConfig(faults: [FakeFault(provider: "openai", kind: .slowBody, delayMS: 400)])) { patient in
                let ok = try await patient.post("/v1/chat/completions", json: Self.chat, headers: Fixtures.openAIAuth)
                #expect(ok.status == 200 && ok.json?["choices"] != nil)
                #expect(await patient.billed(1) == 1)   // the server books the call just before the last byte
            }
        }
    }

    @Test func malformedAndTruncatedBodiesAreBilled() async throws {
        try await FakeHarness.with(FakeProviderConfig(faults: [
            FakeFault(provider: "anthropic", kind: .malformedJSON, count: 1),
            FakeFault(provider: "anthropic", kind: .truncatedBody, count: 1),
        ])) { fake in
            let malformed = try await fake.post("/v1/messages", json: Self.message, headers: Fixtures.anthropicAuth)
            #expect(malformed.status == 200)
            #expect(malformed.json == nil && malformed.body.first == UInt8(ascii: "{"))
            await #expect(throws: (any Error).self) {
                _ = try await fake.post("/v1/messages", json: Self.message, headers: Fixtures.anthropicAuth)
            }
            #expect(await fake.billed(2) == 2)   // billed(_:) waits for the second booking
        }
    }

    @Test func hangNeverAnswersAndStopEndsIt() async throws {
        let fake = try await FakeHarness.start(FakeProviderConfig(faults: [FakeFault(provider: "runware", kind: .hang)]))
        let started = ContinuousClock.now
        await #expect(throws: (any Error).self) {
            _ = try await fake.post("/v1", json: [Fixtures.imageTask()], headers: Fixtures.runwareAuth, timeoutMS: 400)
        }
        #expect(ContinuousClock.now - started >= .milliseconds(400))
        let stopping = ContinuousClock.now
        await fake.stop()
        // The hang lasts 10 minutes unless stopped: ending well within a minute (even on a loaded machine) shows stop ended it.
        #expect(ContinuousClock.now - stopping < .seconds(60))
        #expect(await fake.billed(0) == 0)
    }

    @Test func manySimultaneousRequestsAreEachBilledOnce() async throws {
        try await FakeHarness.with(FakeProviderConfig(latencyMS: ["*": 20])) { fake in
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<24 {
                    group.addTask {
                        let body: FakeJSON = ["model": "claude-haiku-5-5", "max_tokens": 64, "messages": [["role": "user", "content": .string("Story \(index)")]]]
                        return try await fake.post("/v1/messages", json: body, headers: Fixtures.anthropicAuth).status
                    }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(statuses == Array(repeating: 200, count: 24))
            _ = await fake.billed(24)
            let stats = await fake.server.stats()
            #expect(stats.requests == 24 && stats.billed == 24)
            #expect(Set(stats.charges.map(\.requestHash)).count == 24)
            #expect(abs(stats.totalUSD - stats.charges.reduce(0) { $0 + $1.costUSD }) < 1e-9)
        }
    }

    @Test func authEchoKeyEchoesButTheLogDoesNot() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fake-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("charges.jsonl")
        let canary = "sk-CANARY-\(UUID().uuidString)"
        try await FakeHarness.with(FakeProviderConfig(faults: [FakeFault(provider: "openai", kind: .authEchoKey, count: 1)], chargeLog: log)) { fake in
            let echoed = try await fake.post("/v1/chat/completions", json: Self.chat, headers: ["authorization": "Bearer \(canary)"])
            #expect(echoed.status == 401)
            #expect(echoed.json?["error"]?["message"]?.string?.contains(canary) == true)
            #expect(try await fake.post("/v1/chat/completions", json: Self.chat, headers: ["authorization": "Bearer \(canary)"]).status == 200)
            _ = await fake.billed(1)   // the charge (and its log line) is written just after the answer
            let logText = try String(contentsOf: log, encoding: .utf8)
            #expect(logText.split(separator: "\n").count == 1 && !logText.contains("CANARY"))
        }
    }

    @Test func imageFaults() async throws {
        try await FakeHarness.with(FakeProviderConfig(faults: [
            try FakeFault(spec: "runware/image:hugeImage:count=1"), try FakeFault(spec: "runware:notImage:count=1"),
        ])) { fake in
            let answer = try await fake.post("/v1", json: [Fixtures.imageTask()], headers: Fixtures.runwareAuth)
            #expect(answer.status == 200)   // image kinds never touch the inference call
            let url = try #require(answer.json?["data"]?.array?.first?["imageURL"]?.string)
            let bomb = try await fake.get(url)
            #expect(bomb.status == 200 && bomb.headers["content-type"] == "image/png")
            #expect(ImageSignature.dimensions(bomb.body).map { [$0.width, $0.height] } == [20_000, 20_000])
            #expect(bomb.body.count > 300_000 && bomb.body.count < 450_000)
            let html = try await fake.get(url)
            #expect(html.headers["content-type"]?.hasPrefix("text/html") == true && ImageSignature.detect(html.body) == nil)
            let real = try await fake.get(url)
            #expect(try Image.decode(real.body).width == 512)
            #expect(await fake.billed(1) == 1)   // downloads are never billed
        }
    }

    @Test(arguments: [
        ("anthropic:rateLimit:count=3:retryAfter=2", FakeFault(provider: "anthropic", kind: .rateLimit, count: 3, retryAfter: "2")),
        ("runware:overloaded", FakeFault(provider: "runware", kind: .overloaded)),
        ("openai/speech:quota", FakeFault(provider: "openai", endpoint: "speech", kind: .quota)),
        ("runware/image:hugeImage", FakeFault(provider: "runware", endpoint: "image", kind: .hugeImage)),
        ("anthropic:badContent:count=1", FakeFault(provider: "anthropic", kind: .badContent, count: 1)),
        ("openai/chat:wrongCount", FakeFault(provider: "openai", endpoint: "chat", kind: .wrongCount)),
        ("*:slowBody:delayMS=500:billed=true", FakeFault(provider: "*", kind: .slowBody, delayMS: 500, billed: true)),
        ("openai:rateLimit:retryAfter=Wed, 21 Oct 2026 07:28:00 GMT:count=1",
         FakeFault(provider: "openai", kind: .rateLimit, count: 1, retryAfter: "Wed, 21 Oct 2026 07:28:00 GMT")),
    ])
    func faultSpecsParse(spec: String, expected: FakeFault) throws {
        #expect(try FakeFault(spec: spec) == expected)
    }

    @Test(arguments: ["google:rateLimit", "openai:explode", "openai/video:quota", "anthropic", "openai:quota:count=-1", "openai:quota:colour=red",
                       "openai/speech:badContent", "runware:wrongCount"])
    func badFaultSpecsAreRejected(spec: String) {
        #expect(throws: FakeProviderError.self) { try FakeFault(spec: spec) }
    }

    @Test func scenarioFilesLoad() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fake-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("s.json")
        try Data(#"{"latencyMS": {"*": 5, "openai": 20}, "faults": [{"provider": "anthropic", "kind": "overloaded", "count": 2}]}"#.utf8).write(to: json)
        let scenario = try FakeProviderConfig.load(scenario: json)
        #expect(scenario.latencyMS == ["*": 5, "openai": 20])
        #expect(scenario.faults == [FakeFault(provider: "anthropic", kind: .overloaded, count: 2)])
        let yaml = folder.appendingPathComponent("s.yaml")
        try Data("latencyMS:\n  runware: 50\nfaults:\n  - provider: runware\n    endpoint: image\n    kind: notImage\n".utf8).write(to: yaml)
        let fromYAML = try FakeProviderConfig.load(scenario: yaml).applied(to: FakeProviderConfig(port: 8787))
        #expect(fromYAML.port == 8787 && fromYAML.latencyMS["runware"] == 50)
        #expect(fromYAML.faults.first?.kind == .notImage)
    }
}
