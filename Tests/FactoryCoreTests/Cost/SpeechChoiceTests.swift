@testable import FactoryCore
import Foundation
import Testing

@Suite("Which speech model narrates (SpeechChoice): validate, estimate and run read the same decision")
struct SpeechChoiceTests {
    let table = ModelTable.bundled
    let before = "2027-01-05", after = "2027-01-08"

    @Test("the default stays gpt-4o-mini-tts until its shutdown, then moves to the live Realtime successor and says so")
    func defaultMoves() throws {
        let early = SpeechChoice.resolve(ProviderChoices(), environment: [:], table: table, today: before)
        #expect(early.model == "gpt-4o-mini-tts" && early.problem == nil && early.notes.isEmpty && early.voiceMap.isEmpty)
        let late = SpeechChoice.resolve(ProviderChoices(), environment: [:], table: table, today: after)
        #expect(late.model == "gpt-realtime-2.1-mini")
        #expect(late.isRealtime && late.problem == nil && late.source == .builtIn)
        #expect(late.notes.first?.contains("retired on 2027-01-06") == true)
        // On the shutdown day itself the old model is gone.
        #expect(SpeechChoice.resolve(ProviderChoices(), environment: [:], table: table, today: "2027-01-06").model == "gpt-realtime-2.1-mini")
    }

    @Test("voices the successor lacks map to the closest it has, per the stated table; the others are untouched",
          arguments: [("nova", "marin"), ("fable", "ballad"), ("onyx", "cedar"), ("coral", "coral"), ("marin", "marin")])
    func voiceStandIns(voice: String, expected: String) throws {
        let late = SpeechChoice.resolve(ProviderChoices(), environment: [:], table: table, today: after)
        #expect(late.voice(for: voice) == expected)
        #expect(late.voiceProblem(voice) == nil)
        let realtime = try #require(table.spec(provider: .openai, model: "gpt-realtime-2.1-mini"))
        #expect(realtime.voices?.contains(expected) == true)
        if voice != expected { #expect(late.notes.last?.contains("\(voice) → \(expected)") == true) }
    }

    @Test("every voice of the retiring default has a voice on the successor: by name or by the table")
    func everyVoiceCovered() throws {
        let old = try #require(table.spec(provider: .openai, model: ModelDefaults.speech))
        let late = SpeechChoice.resolve(ProviderChoices(), environment: [:], table: table, today: after)
        for voice in old.voices ?? [] { #expect(late.voiceProblem(voice) == nil, "\(voice)") }
    }

    @Test("a model the user names keeps its voices: nova on gpt-realtime-2.1-mini is a problem, not a stand-in")
    func explicitKeepsVoices() throws {
        let named = SpeechChoice.resolve(ProviderChoices(speechModel: "gpt-realtime-2.1-mini"), environment: [:], table: table, today: after)
        #expect(named.voiceMap.isEmpty && named.source == .manifest)
        let problem = try #require(named.voiceProblem("nova"))
        #expect(problem.contains("providers.speech_model") && problem.contains("marin"))
    }

    @Test("FACTORY_SPEECH_MODEL overrides the manifest, and its problems name the variable")
    func environmentOverrides() throws {
        let choices = ProviderChoices(speechModel: "gpt-4o-mini-tts")
        let env = SpeechChoice.resolve(choices, environment: ["FACTORY_SPEECH_MODEL": "tts-1"], table: table, today: before)
        #expect(env.model == "tts-1" && env.source == .environment && env.problem == nil)
        let marin = try #require(env.voiceProblem("marin"))
        #expect(marin.contains("FACTORY_SPEECH_MODEL") && marin.contains("tts-1"))
        let retired = SpeechChoice.resolve(choices, environment: ["FACTORY_SPEECH_MODEL": "tts-1"], table: table, today: after)
        let problem = try #require(retired.problem)
        #expect(problem.contains("FACTORY_SPEECH_MODEL=tts-1") && problem.contains("2027-01-06") && problem.contains("gpt-realtime-2.1-mini"))
        // A retired model has no voice problem of its own: the model problem says it all.
        #expect(retired.voiceProblem("marin") == nil)
    }

    @Test("an unknown or non-speech model is a problem naming the setting and the models to use")
    func unknownModels() throws {
        for model in ["tts-2", "claude-sonnet-5-5"] {
            let choice = SpeechChoice.resolve(ProviderChoices(speechModel: model), environment: [:], table: table, today: before)
            let problem = try #require(choice.problem)
            #expect(problem.contains("providers.speech_model: \(model)") && problem.contains("gpt-realtime-2.1-mini"), "\(problem)")
        }
    }

    @Test("a successor chain follows to the first live row and stops on a cycle")
    func successorChain() throws {
        func row(_ model: String, retires: String?, successor: String?) -> ModelSpec {
            ModelSpec(provider: .openai, model: model, role: .speech, unit: "token", voices: ["alloy"], retires: retires,
                      successor: successor, source: "test", date: "2026-11-27")
        }
        let chain = ModelTable(rows: [row("a", retires: "2026-01-01", successor: "b"), row("b", retires: "2026-06-01", successor: "c"),
                                      row("c", retires: nil, successor: nil)])
        #expect(SpeechChoice.followDefault("a", table: chain, today: "2026-11-27").model == "c")
        let cycle = ModelTable(rows: [row("a", retires: "2026-01-01", successor: "b"), row("b", retires: "2026-01-01", successor: "a")])
        #expect(SpeechChoice.followDefault("a", table: cycle, today: "2026-11-27").problem?.contains("no live successor") == true)
    }
}
