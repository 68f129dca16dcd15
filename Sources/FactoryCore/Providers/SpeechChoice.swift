import Foundation

/// Which speech model narrates, and why: the one decision `validate`, `estimate` and `run` all
/// read, so they agree on every model and voice (FACTORY_SPEECH_MODEL included).
///
/// - A model named by the user (the environment or `providers.speech_model`) is used as named: if
///   it is unknown or retired, or lacks an item's voice, the speaking items fail with that
///   problem (exit 2) and every other item is made.
/// - The default never picks a retired model: it follows `successor` in models.json to a live
///   one, says so once, and maps voices the successor lacks to the closest it has.
public struct SpeechChoice: Sendable, Equatable {
    /// Where the model's name came from.
    public enum Source: String, Sendable {
        case environment = "FACTORY_SPEECH_MODEL"
        case manifest = "providers.speech_model"
        case builtIn = "the default"
    }

    public var model: String
    public var source: Source
    /// The model's row (nil: the model is not in models.json).
    public var row: ModelSpec?
    /// A problem with the model itself (unknown, retired, not a speech model): every speaking item fails with it.
    public var problem: String?
    /// Voices the model lacks mapped to the closest it has (only when the default moved).
    public var voiceMap: [String: String]
    /// What the run's header says once (the default moved, voices mapped).
    public var notes: [String]

    /// The default OpenAI speech model, and the Runware one for `speech: runware`.
    public static let openAIDefault = ModelDefaults.speech
    public static let runwareDefault = "elevenlabs:26@1"

    /// The model that speaks for `choices` on `today` (UTC YYYY-MM-DD), environment overrides included.
    public static func resolve(_ choices: ProviderChoices, environment: [String: String], table: ModelTable = .bundled,
                               today: String = DayStamp.utcToday()) -> SpeechChoice {
        if let named = environment["FACTORY_SPEECH_MODEL"]?.trimmingCharacters(in: .whitespaces), !named.isEmpty {
            return explicit(named, source: .environment, choices: choices, table: table, today: today)
        }
        if let named = choices.speechModel {
            return explicit(named, source: .manifest, choices: choices, table: table, today: today)
        }
        let start = choices.speech == .runware ? runwareDefault : openAIDefault
        return followDefault(start, table: table, today: today)
    }

    /// Whether `voice` can be spoken, after the default's mapping; nil when it can.
    public func voiceProblem(_ voice: String) -> String? {
        guard problem == nil, let voices = row?.voices, !voices.contains(self.voice(for: voice)) else { return nil }
        let speaking = voices.joined(separator: ", ")
        return "voice \"\(voice)\" is not a voice of \(model) (named by \(source.rawValue); it speaks \(speaking)); "
            + "choose one of those for the item, or name a speech model that has \"\(voice)\""
    }

    /// The voice the model is asked for: the item's own, or its stand-in when the default moved.
    public func voice(for voice: String) -> String { voiceMap[voice] ?? voice }

    /// True for a model served by the Realtime API (WebSocket), not `/v1/audio/speech`.
    public var isRealtime: Bool { row?.api == "realtime" }

    static func explicit(_ model: String, source: Source, choices: ProviderChoices, table: ModelTable, today: String) -> SpeechChoice {
        var choice = SpeechChoice(model: model, source: source, row: nil, problem: nil, voiceMap: [:], notes: [])
        let provider: ProviderID = choices.speech == .runware ? .runware : .openai
        // A model names its provider when the manifest leaves it to `auto`.
        let row = table.spec(provider: provider, model: model)
            ?? (choices.speech == .auto ? table.spec(provider: .runware, model: model) : nil)
        let set = source == .environment ? "FACTORY_SPEECH_MODEL=\(model)" : "providers.speech_model: \(model)"
        guard let row, row.role == .speech else {
            let known = (table.known(provider: .openai, role: .speech) + table.known(provider: .runware, role: .speech))
            choice.problem = "\(set): \"\(model)\" is not a speech model in models.json; use one of \(known.joined(separator: ", "))"
                + (source == .environment ? ", or unset FACTORY_SPEECH_MODEL" : "")
            return choice
        }
        choice.row = row
        if let retires = row.retires, retires <= today {
            let successor = live(from: row, table: table, today: today)
            let instead = successor.map { "set providers.speech_model: \($0.model)" } ?? "choose a live speech model in models.json"
            choice.problem = "\(set): \(row.provider) model \"\(model)\" was retired on \(retires); \(instead)"
                + (source == .environment ? " or unset FACTORY_SPEECH_MODEL" : " or remove the key to use the default")
        }
        return choice
    }

    static func followDefault(_ model: String, table: ModelTable, today: String) -> SpeechChoice {
        guard let first = table.rows.first(where: { $0.model == model && $0.role == .speech }) else {
            return SpeechChoice(model: model, source: .builtIn, row: nil, problem: "the default speech model \(model) has no row in models.json; "
                                + "set providers.speech_model", voiceMap: [:], notes: [])
        }
        guard let retires = first.retires, retires <= today else {
            return SpeechChoice(model: model, source: .builtIn, row: first, problem: nil, voiceMap: [:], notes: [])
        }
        guard let successor = live(from: first, table: table, today: today) else {
            return SpeechChoice(model: model, source: .builtIn, row: first,
                                problem: "the default speech model \(model) was retired on \(retires) and models.json names no live "
                                    + "successor; set providers.speech_model", voiceMap: [:], notes: [])
        }
        var map: [String: String] = [:]
        for voice in first.voices ?? [] where !(successor.voices ?? []).contains(voice) {
            if let stand = VoiceSuccession.closest[voice], successor.voices?.contains(stand.voice) == true { map[voice] = stand.voice }
        }
        var notes = ["speech: the default \(model) was retired on \(retires); narrating with its successor \(successor.model)"
                     + (successor.api == "realtime" ? " (Realtime API)" : "")]
        if !map.isEmpty {
            let pairs = map.keys.sorted().map { "\($0) → \(map[$0] ?? "")" }.joined(separator: ", ")
            notes.append("speech: \(successor.model) has no \(map.keys.sorted().joined(separator: ", ")); those voices read as the closest it has: \(pairs) (docs/providers.md, Narration after 2027-01-06)")
        }
        return SpeechChoice(model: successor.model, source: .builtIn, row: successor, problem: nil, voiceMap: map, notes: notes)
    }

    /// The first live row along `successor` (at most a few hops; a cycle stops).
    static func live(from row: ModelSpec, table: ModelTable, today: String) -> ModelSpec? {
        var current = row, seen: Set<String> = [row.model]
        while let next = current.successor, !seen.contains(next),
              let nextRow = table.rows.first(where: { $0.model == next && $0.role == row.role }) {
            if nextRow.retires.map({ $0 > today }) ?? true { return nextRow }
            seen.insert(next)
            current = nextRow
        }
        return nil
    }
}

/// The closest voice a successor model has for each voice it lacks, with the reason: what a
/// listener hears (register, accent, character) decides, after OpenAI's voice descriptions and the
/// seed app's bedtime table (nova a friendly storyteller, fable a wise grandfather, onyx a deep parent).
public enum VoiceSuccession {
    public struct StandIn: Sendable, Equatable {
        public var voice: String
        public var reason: String
    }

    public static let closest: [String: StandIn] = [
        "nova": StandIn(voice: "marin", reason: "a bright, warm, natural female voice, the friendly storyteller's register; OpenAI recommends marin"),
        "fable": StandIn(voice: "ballad", reason: "the only other British-accented male voice, expressive and lyrical, for the grandfather's tale"),
        "onyx": StandIn(voice: "cedar", reason: "a deep, steady male voice, the reassuring parent; OpenAI recommends cedar"),
    ]
}
