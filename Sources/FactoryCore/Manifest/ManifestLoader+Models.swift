import Foundation
import Yams

extension LoadSession {
    /// The models the manifest names must be in models.json and not retired, and every voice must
    /// be one the speech model speaks (`tts-1` has no `marin`): found by `validate`, not mid-run.
    mutating func checkModels(_ providers: ProviderChoices, items: [Item], root: Node, table: ModelTable = .bundled,
                              today: String = DayStamp.utcToday()) {
        let providersNode = root["providers"]
        if let model = providers.textModel {
            let provider: ProviderID = providers.text == .openai ? .openai : .anthropic
            if providers.text == .auto, table.spec(provider: .anthropic, model: model) == nil,
               table.spec(provider: .openai, model: model) != nil {
                // auto with an OpenAI model: fine, the model says which provider it needs.
            } else if let reason = modelProblem(provider: provider, model: model, role: .text, table: table, today: today) {
                problems.append(problem(at: providersNode?["text_model"] ?? root, path: "providers.text_model", reason))
            }
        }
        checkSpeech(providers, items: items, root: root, table: table, today: today)
    }

    /// The speech model and voices as `run` will use them (SpeechChoice, FACTORY_SPEECH_MODEL
    /// included): a problem fails only the items that speak, each named with the fix.
    mutating func checkSpeech(_ providers: ProviderChoices, items: [Item], root: Node, table: ModelTable, today: String) {
        guard providers.speech != .offline else { return }
        let choice = SpeechChoice.resolve(providers, environment: environment, table: table, today: today)
        let sequence = root["items"]?.sequence.map(Array.init) ?? []
        let modelNode = choice.source == .manifest ? root["providers"]?["speech_model"] : nil
        // Where each item stands in the YAML, found once and only when a problem is to be placed
        // (a lookup per speaking item made a 10,000-item manifest quadratic).
        var positions: [String: Int]?
        for (index, item) in items.enumerated() {
            guard let voice = item.content.narrationVoice else { continue }
            guard choice.problem != nil || choice.voiceProblem(voice) != nil else { continue }
            if positions == nil { positions = Self.positions(of: sequence) }
            let at = positions?[item.id]
            let node = at.map { sequence[$0] } ?? root
            let position = at ?? index
            var found: Problem
            if let problem = choice.problem {
                found = self.problem(at: modelNode ?? node, path: choice.source == .environment ? "FACTORY_SPEECH_MODEL" : "providers.speech_model",
                                     "item \(item.id) cannot be narrated: \(problem)")
            } else if let problem = choice.voiceProblem(voice) {
                found = self.problem(at: node["voice"] ?? node, path: "items[\(position)].voice", "item \(item.id): \(problem)")
            } else {
                continue
            }
            found.setting = true
            itemProblems[item.id, default: []].append(found)
        }
    }

    func modelProblem(provider: ProviderID, model: String, role: Role, table: ModelTable, today: String) -> String? {
        do {
            _ = try table.check(provider: provider, model: model, role: role, on: today)
            return nil
        } catch let error as FactoryError {
            return error.message
        } catch {
            return "\(error)"
        }
    }
}

/// The default live models, chosen from models.json (see docs/providers.md for why each).
public enum ModelDefaults {
    public static let anthropicText = "claude-sonnet-5-5"
    public static let openAIText = "gpt-6-luna"
    public static let speech = "gpt-4o-mini-tts"
    public static let image = "civitai:4384@128713"
}

/// The one way a day is written, YYYY-MM-DD: in the manifest's time zone for the ledger's days
/// and the caps, in UTC for model retirements (the providers date them, not our manifests).
public enum DayStamp {
    public static func day(_ moment: Date = Date(), in zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let day = calendar.dateComponents([.year, .month, .day], from: moment)
        let (y, m, d) = (day.year ?? 1970, day.month ?? 1, day.day ?? 1)
        return "\(y)-\(m < 10 ? "0" : "")\(m)-\(d < 10 ? "0" : "")\(d)"
    }

    public static func utcToday(_ now: Date = Date()) -> String { day(now, in: TimeZone(identifier: "UTC") ?? .current) }
}
