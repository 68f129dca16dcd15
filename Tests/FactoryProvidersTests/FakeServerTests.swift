import FactoryCore
import FactoryFakeProviders
import FactoryImaging
import Foundation
import Testing

@Suite("Fake provider server: Runware, auth and billing")
struct FakeServerTests {
    @Test func runwareRejectsWidthNotDivisibleBy64() async throws {
        try await FakeHarness.with { fake in
            let uuid = UUID().uuidString.lowercased()
            let answer = try await fake.post("/v1", json: [Fixtures.imageTask(uuid: uuid, width: 1000)], headers: Fixtures.runwareAuth)
            #expect(answer.status == 400)
            let error = try #require(answer.json?["errors"]?.array?.first)
            #expect(error["code"]?.string == "invalidWidth")
            #expect(error["parameter"]?.string == "width")
            #expect(error["taskType"]?.string == "imageInference")
            #expect(error["taskUUID"]?.string == uuid)
            #expect(error["documentation"]?.string?.hasPrefix("https://runware.ai/docs") == true)
            #expect(answer.json?["data"] == nil)
            #expect(await fake.billed(0) == 0)
        }
    }

    @Test func runwareServesARealJPEGOfTheRequestedSize() async throws {
        try await FakeHarness.with { fake in
            let answer = try await fake.post("/v1", json: [Fixtures.imageTask(width: 512, height: 384)], headers: Fixtures.runwareAuth)
            #expect(answer.status == 200)
            let item = try #require(answer.json?["data"]?.array?.first)
            #expect(item["seed"]?.int == 42)
            #expect(item["cost"]?.number == FakeRunwareCost.expected(width: 512, height: 384, steps: 20))
            let url = try #require(item["imageURL"]?.string)
            #expect(url.hasPrefix("\(fake.origin)/_images/") && url.hasSuffix(".jpg"))
            let download = try await fake.get(url)
            #expect(download.status == 200)
            #expect(download.headers["content-type"] == "image/jpeg")
            let image = try Image.decode(download.body)
            #expect(image.width == 512 && image.height == 384)
            // Not a flat colour: the gradient and shapes give real detail.
            #expect(try image.pixels().lumaDeviation(x: 0, y: 0, width: 512, height: 384) > 5)
            // Same prompt and seed, same picture.
            let again = try await fake.post("/v1", json: [Fixtures.imageTask(width: 512, height: 384)], headers: Fixtures.runwareAuth)
            let second = try await fake.get(try #require(again.json?["data"]?.array?.first?["imageURL"]?.string))
            #expect(second.body == download.body)
        }
    }

    @Test(arguments: ["png", "WEBP", "jpg"])
    func runwareInlineFormatsDecode(format: String) async throws {
        try await FakeHarness.with { fake in
            let answer = try await fake.post("/v1", json: [Fixtures.imageTask(width: 256, height: 128, format: format, outputType: "base64Data")],
                                             headers: Fixtures.runwareAuth)
            #expect(answer.status == 200)
            let base64 = try #require(answer.json?["data"]?.array?.first?["imageBase64Data"]?.string)
            let bytes = try #require(Data(base64Encoded: base64))
            let expected: ImageSignature = format.lowercased() == "png" ? .png : format.lowercased() == "webp" ? .webp : .jpeg
            #expect(ImageSignature.detect(bytes) == expected)
            let image = try Image.decode(bytes)
            #expect(image.width == 256 && image.height == 128)
        }
    }

    @Test func runwareMixesDataAndErrorsAndRecoversWithGetResponse() async throws {
        try await FakeHarness.with { fake in
            let good = UUID().uuidString.lowercased(), bad = UUID().uuidString.lowercased()
            let answer = try await fake.post("/v1", json: [
                ["taskType": "authentication", "apiKey": "rw-payload-key"],
                Fixtures.imageTask(uuid: good, extra: ["numberResults": 2]),
                Fixtures.imageTask(uuid: bad, extra: ["steps": 101]),
            ])
            #expect(answer.status == 200)
            let data = try #require(answer.json?["data"]?.array)
            #expect(data.count == 2)
            #expect(data.allSatisfy { $0["taskUUID"]?.string == good })
            #expect(Set(data.compactMap { $0["imageUUID"]?.string }).count == 2)
            #expect(answer.json?["errors"]?.array?.first?["code"]?.string == "invalidSteps")
            #expect(answer.json?["errors"]?.array?.first?["taskUUID"]?.string == bad)
            _ = await fake.billed(1)
            let billed = await fake.server.stats()
            #expect(billed.billed == 1)
            #expect(abs(billed.totalUSD - 2 * FakeRunwareCost.expected(width: 512, height: 384, steps: 20)) < 1e-9)

            let recovered = try await fake.post("/v1", json: [["taskType": "getResponse", "taskUUID": .string(good)]], headers: Fixtures.runwareAuth)
            #expect(recovered.status == 200)
            #expect(recovered.json?["data"]?.array == data)
            #expect(await fake.billed(1) == 1)   // getResponse is never billed
        }
    }

    @Test func missingKeysGetEachProvidersOwn401() async throws {
        try await FakeHarness.with(FakeProviderConfig(requiredKeys: ["openai": "sk-right-key-0001"])) { fake in
            let runware = try await fake.post("/v1", json: [Fixtures.imageTask()])
            #expect(runware.status == 401)
            #expect(runware.json?["errors"]?.array?.first?["code"]?.string == "invalidApiKey")

            let speechBody: FakeJSON = ["model": "tts-1", "input": "Hello there.", "voice": "alloy", "response_format": "wav"]
            let openAI = try await fake.post("/v1/audio/speech", json: speechBody)
            #expect(openAI.status == 401)
            #expect(openAI.json?["error"]?["type"]?.string == "invalid_request_error")
            #expect(openAI.json?["error"]?["param"] == .null)
            #expect(openAI.headers["x-request-id"]?.hasPrefix("req_") == true)
            let wrongKey = try await fake.post("/v1/audio/speech", json: speechBody, headers: ["authorization": "Bearer sk-wrong-key-9999"])
            #expect(wrongKey.status == 401)
            #expect(wrongKey.json?["error"]?["code"]?.string == "invalid_api_key")
            #expect(!wrongKey.body.contains(Data("sk-wrong-key-9999".utf8)))

            let messages: FakeJSON = ["model": "claude-sonnet-5-5", "max_tokens": 100, "messages": [["role": "user", "content": "Hi"]]]
            let anthropic = try await fake.post("/v1/messages", json: messages, headers: ["anthropic-version": "2023-06-01"])
            #expect(anthropic.status == 401)
            #expect(anthropic.json?["type"]?.string == "error")
            #expect(anthropic.json?["error"]?["type"]?.string == "authentication_error")
            #expect(anthropic.json?["request_id"]?.string == anthropic.headers["request-id"])
            let noVersion = try await fake.post("/v1/messages", json: messages, headers: ["x-api-key": "sk-ant-x"])
            #expect(noVersion.status == 400)
            #expect(await fake.billed(0) == 0)
            #expect(await fake.server.stats().requests == 5)
        }
    }

    @Test func billsOnlyCompleteSuccessesAndLogsThem() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fake-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("charges.jsonl")
        let fake = try await FakeHarness.start(FakeProviderConfig(chargeLog: log))
        let body: FakeJSON = ["model": "gpt-4o-mini", "messages": [["role": "user", "content": "Tell me a short story about a fox."]]]
        let ok = try await fake.post("/v1/chat/completions", json: body, headers: Fixtures.openAIAuth)
        #expect(ok.status == 200)
        let failed = try await fake.post("/v1/chat/completions", json: ["model": "gpt-4o-mini", "messages": []], headers: Fixtures.openAIAuth)
        #expect(failed.status == 400)
        _ = await fake.billed(1)
        let stats = await fake.server.stats()
        #expect(stats.billed == 1 && stats.requests == 2)
        let charge = try #require(stats.charges.first)
        #expect(charge.provider == "openai" && charge.endpoint == "chat" && charge.model == "gpt-4o-mini")
        #expect(charge.requestHash == Digest.sha256(body.encoded()))
        #expect(charge.requestId == ok.headers["x-request-id"])
        let prompt = try #require(ok.json?["usage"]?["prompt_tokens"]?.int), completion = try #require(ok.json?["usage"]?["completion_tokens"]?.int)
        #expect(prompt == 9)   // 34 characters / 4, rounded up
        #expect(abs(charge.costUSD - (Double(prompt) * 0.15 + Double(completion) * 0.60) / 1_000_000) < 1e-9)

        let lines = try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 1)
        let logged = try JSONDecoder().decode(FakeCharge.self, from: Data(lines[0].utf8))
        #expect(logged == charge)
        #expect(lines[0].contains("\"request_hash\"") && !lines[0].contains("sk-test-key"))
        await fake.stop()

        // Totals survive a restart: the log is read back.
        try await FakeHarness.with(FakeProviderConfig(chargeLog: log)) { restarted in
            #expect(await restarted.server.stats().billed == 1)
            #expect(await restarted.server.stats().byProvider["openai"] == charge.costUSD)
            let statsRoute = try await restarted.get("/_stats")
            #expect(statsRoute.json?["total_usd"]?.number == charge.costUSD)
            #expect(statsRoute.json?["charges"]?.array?.first?["request_hash"]?.string == charge.requestHash)
        }
    }
}

/// The documented compute price, written out independently of the fake's code.
enum FakeRunwareCost {
    static func expected(width: Int, height: Int, steps: Int) -> Double {
        ((0.0013 * Double(width * height) / 1_048_576 * Double(steps) / 28) * 1_000_000).rounded() / 1_000_000
    }
}
