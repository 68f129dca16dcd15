import FactoryCore
import FactoryTesting
import Foundation
import Testing

/// 6 January 2027, rehearsed with Debian's `faketime`: OpenAI's `/v1/audio/speech` models are gone.
/// Only the items that speak may be touched by it, and validate, estimate and run must agree.
@Suite("Speech models past their retirement, and validate/estimate/run agreeing on models and voices")
struct SpeechRetirementTests {
    static let afterShutdown = "2027-01-08 09:00:00"
    /// A key and an address nothing listens on: nothing here may be sent (text and images are offline).
    static let openAI = ["OPENAI_API_KEY": "sk-test-retirement-0000", "OPENAI_BASE_URL": "http://127.0.0.1:9/v1"]

    static func manifest(speechModel: String? = nil, voice: String = "coral") -> String {
        let providers = "{ text: offline, image: offline" + (speechModel.map { ", speech_model: \($0)" } ?? "") + " }"
        return """
            version: 1
            week: 2027-W02
            timezone: UTC
            providers: \(providers)
            items:
              - { id: mon-poster, kind: poster, day: monday, series: monday-motivation, prompt: "sunrise over misty mountains", duration: 6 }
              - { id: sat-bedtime, kind: bedtime-story, day: saturday, voice: \(voice), length_minutes: 1,
                  hero: { name: Mia, age: 5 }, theme: "an evening in the forest" }
            """
    }

    @Test("the default moves to gpt-realtime-2.1-mini after the shutdown: validate and estimate agree, nova reads as marin")
    func defaultMoves() throws {
        let folder = try TemporaryFolder("retire-default")
        try folder.write(Self.manifest(voice: "nova"), to: "week.yaml")
        let validate = try TestSupport.runFactory(["validate", "week.yaml"], in: folder.url, environment: Self.openAI, at: Self.afterShutdown)
        #expect(validate.status == 0, "\(validate.stderr)")
        let estimate = try TestSupport.runFactory(["estimate", "week.yaml", "--json"], in: folder.url, environment: Self.openAI,
                                                  at: Self.afterShutdown)
        #expect(estimate.status == 0, "\(estimate.stdout)\n\(estimate.stderr)")
        #expect(estimate.stdout.contains("gpt-realtime-2.1-mini"), "\(estimate.stdout)")
        #expect(!estimate.stdout.contains("gpt-4o-mini-tts"), "\(estimate.stdout)")
        // Said once: the move, and the voice the successor reads nova with.
        #expect(estimate.stderr.components(separatedBy: "narrating with its successor gpt-realtime-2.1-mini").count == 2, "\(estimate.stderr)")
        #expect(estimate.stderr.contains("nova → marin"), "\(estimate.stderr)")
        // Before the shutdown the default is still the speech endpoint's model.
        let early = try TestSupport.runFactory(["estimate", "week.yaml", "--json"], in: folder.url, environment: Self.openAI,
                                               at: "2026-12-01 09:00:00")
        #expect(early.status == 0 && early.stdout.contains("gpt-4o-mini-tts"), "\(early.stdout)\n\(early.stderr)")
    }

    @Test("a retired model the manifest names fails only the story, in all three commands, with exit 2 and the fix")
    func retiredModelFailsOnlyTheStory() throws {
        let folder = try TemporaryFolder("retire-named")
        try folder.write(Self.manifest(speechModel: "gpt-4o-mini-tts"), to: "week.yaml")
        let validate = try TestSupport.runFactory(["validate", "week.yaml"], in: folder.url, environment: Self.openAI, at: Self.afterShutdown)
        #expect(validate.status == 2)
        #expect(validate.stderr.contains("sat-bedtime") && validate.stderr.contains("retired on 2027-01-06")
                && validate.stderr.contains("gpt-realtime-2.1-mini"), "\(validate.stderr)")
        #expect(!validate.stderr.contains("mon-poster"), "\(validate.stderr)")
        let estimate = try TestSupport.runFactory(["estimate", "week.yaml"], in: folder.url, environment: Self.openAI, at: Self.afterShutdown)
        #expect(estimate.status == 2, "\(estimate.stdout)\n\(estimate.stderr)")
        #expect((estimate.stdout + estimate.stderr).contains("sat-bedtime"), "\(estimate.stdout)")
        let run = try TestSupport.runFactory(["run", "week.yaml", "--output", "out"], in: folder.url, environment: Self.openAI,
                                             at: Self.afterShutdown)
        #expect(run.status == 2, "\(run.stdout)\n\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.path("out/2027-W02/mon-poster/video.mp4")), "\(run.stdout)\n\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("out/2027-W02/sat-bedtime")))
        #expect((run.stdout + run.stderr).contains("retired on 2027-01-06"), "\(run.stdout)\n\(run.stderr)")
        #expect(!(run.stdout + run.stderr).contains("sk-test-retirement"))
    }

    @Test("tts-1 with marin: exit 2 in validate, estimate and run alike, from the manifest key or FACTORY_SPEECH_MODEL",
          arguments: [false, true])
    func voiceTheModelLacks(fromEnvironment: Bool) throws {
        let folder = try TemporaryFolder("voice-agree")
        try folder.write(Self.manifest(speechModel: fromEnvironment ? nil : "tts-1", voice: "marin"), to: "week.yaml")
        let env = Self.openAI.merging(fromEnvironment ? ["FACTORY_SPEECH_MODEL": "tts-1"] : [:]) { a, _ in a }
        let setting = fromEnvironment ? "FACTORY_SPEECH_MODEL" : "providers.speech_model"
        for command in [["validate", "week.yaml"], ["estimate", "week.yaml"], ["run", "week.yaml", "--output", "out", "--only", "sat-bedtime"]] {
            let out = try TestSupport.runFactory(command, in: folder.url, environment: env, at: "2026-12-01 09:00:00")
            let said = out.stdout + out.stderr
            #expect(out.status == 2, "\(command[0]): \(said)")
            #expect(said.contains("marin") && said.contains("tts-1") && said.contains("sat-bedtime") && said.contains(setting),
                    "\(command[0]): \(said)")
        }
    }
}
