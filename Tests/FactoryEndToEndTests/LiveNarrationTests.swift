import FactoryFakeProviders
import FactoryTesting
import Foundation
import Testing

/// The sample bedtime story spoken live against fake-providers, past OpenAI's 2027-01-06 shutdown
/// (faketime): through the Realtime API by default, or Runware `audioInference`. A second run
/// pays nothing; the bundle reads the same whichever provider speaks.
@Suite(.serialized) struct LiveNarrationTests {
    static let afterShutdown = "2027-01-08 09:00:00"

    static func manifest(speech: String) -> String {
        """
        version: 1
        week: 2027-W02
        timezone: UTC
        budget: { daily_usd: 3, weekly_usd: 15 }
        providers: { text: offline, image: offline\(speech) }
        items:
          - id: sat-bedtime
            kind: bedtime-story
            day: saturday
            hero: { name: Mia, age: 5 }
            theme: "an evening in the forest"
            length_minutes: 1
            voice: nova
            quality: draft
        """
    }

    static func environment(_ server: FakeProviderServer) -> [String: String] {
        ["OPENAI_API_KEY": "sk-CANARY-narration-77", "RUNWARE_API_KEY": "rw-CANARY-narration-77",
         "OPENAI_BASE_URL": server.baseURLs["openai"] ?? "", "RUNWARE_BASE_URL": server.baseURLs["runware"] ?? ""]
    }

    struct Metadata: Decodable {
        struct Record: Decodable { var stage: String; var provider: String; var model: String; var parameters: [String: String]? }
        var generation: [Record]?
    }

    static func records(_ folder: TemporaryFolder) throws -> [Metadata.Record] {
        let data = try Data(contentsOf: URL(fileURLWithPath: folder.path("out/2027-W02/sat-bedtime/metadata.json")))
        return try JSONDecoder().decode(Metadata.self, from: data).generation ?? []
    }

    @Test("speech: runware reads the story through audioInference; a second run pays nothing")
    func runwareNarration() async throws {
        let folder = try TemporaryFolder("narrate-runware")
        let server = FakeProviderServer(config: FakeProviderConfig())
        _ = try await server.start()
        try folder.write(Self.manifest(speech: ", speech: runware, speech_model: \"elevenlabs:26@1\""), to: "week.yaml")
        let first = try TestSupport.runFactory(["run", "week.yaml", "--output", "out"], in: folder.url,
                                               environment: Self.environment(server), at: Self.afterShutdown)
        #expect(first.status == 0, "\(first.stdout)\n\(first.stderr)")
        #expect(first.stdout.contains("speech: runware elevenlabs:26@1 (live"), "\(first.stdout)")
        let billed = await server.stats().billed
        #expect(billed >= 3, "title and paragraphs, one call each")
        let speech = try Self.records(folder).filter { $0.stage.hasPrefix("speech") }
        #expect(!speech.isEmpty && speech.allSatisfy { $0.provider == "runware" && $0.model == "elevenlabs:26@1" })
        let probe = try TestSupport.runFactory(["review", "--output", "out", "--check"], in: folder.url)
        #expect(probe.status == 0, "\(probe.stdout)\n\(probe.stderr)")

        // The bundle removed: made again from the cache, nothing paid.
        try FileManager.default.removeItem(atPath: folder.path("out/2027-W02/sat-bedtime"))
        let second = try TestSupport.runFactory(["run", "week.yaml", "--output", "out"], in: folder.url,
                                                environment: Self.environment(server), at: Self.afterShutdown)
        #expect(second.status == 0, "\(second.stdout)\n\(second.stderr)")
        #expect(await server.stats().billed == billed)
        #expect(FileManager.default.fileExists(atPath: folder.path("out/2027-W02/sat-bedtime/video.mp4")))
        let all = first.stdout + first.stderr
        #expect(!all.contains("CANARY"))
        await server.stop()
    }
}
