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
    /// The calendar day at `moment` in `zone` (its offset at that instant), by civil-date
    /// arithmetic: an estimate asks for it once per paid call, and building a `Calendar` each
    /// time was a tenth of a 10,000-item live estimate.
    public static func day(_ moment: Date = Date(), in zone: TimeZone) -> String {
        let local = moment.timeIntervalSince1970 + Double(zone.secondsFromGMT(for: moment))
        return civil(days: Int((local / 86_400).rounded(.down)))
    }

    public static func utcToday(_ now: Date = Date()) -> String {
        civil(days: Int((now.timeIntervalSince1970 / 86_400).rounded(.down)))
    }

    /// YYYY-MM-DD of the day `days` after 1970-01-01 in the proleptic Gregorian calendar (the
    /// days-to-civil conversion of Howard Hinnant's "chrono-compatible low-level date algorithms").
    static func civil(days: Int) -> String {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        let y = yoe + era * 400 + (m <= 2 ? 1 : 0)
        return "\(y)-\(m < 10 ? "0" : "")\(m)-\(d < 10 ? "0" : "")\(d)"
    }
}
