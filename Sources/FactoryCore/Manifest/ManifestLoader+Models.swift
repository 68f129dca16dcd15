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
            } else if let reason = modelProblem(provider: provider, model: model, role: "text", table: table, today: today) {
                problems.append(problem(at: providersNode?["text_model"] ?? root, path: "providers.text_model", reason))
            }
        }
        let speechModel = providers.speechModel ?? ModelDefaults.speech
        if providers.speechModel != nil,
           let reason = modelProblem(provider: .openai, model: speechModel, role: "speech", table: table, today: today) {
            problems.append(problem(at: providersNode?["speech_model"] ?? root, path: "providers.speech_model", reason))
            return
        }
        guard providers.speech != .offline, let voices = table.spec(provider: .openai, model: speechModel)?.voices else { return }
        let sequence = root["items"]?.sequence.map(Array.init) ?? []
        for (index, item) in items.enumerated() {
            guard case .bedtimeStory(let spec) = item.content, !voices.contains(spec.voice.rawValue) else { continue }
            let node = sequence.first { $0["id"]?.string == item.id } ?? root
            let position = sequence.firstIndex { $0["id"]?.string == item.id } ?? index
            let others = ModelTable.bundled.rows.filter { $0.role == "speech" && $0.retires == nil && $0.voices?.contains(spec.voice.rawValue) == true }
                .map(\.model)
            let instead = others.isEmpty ? "" : ", or set providers.speech_model to \(others.joined(separator: " or "))"
            problems.append(problem(at: node["voice"] ?? node, path: "items[\(position)].voice",
                "item \(item.id): voice \"\(spec.voice.rawValue)\" is not a voice of the speech model \(speechModel) "
                + "(it speaks \(voices.joined(separator: ", "))); choose one of those\(instead)"))
        }
    }

    func modelProblem(provider: ProviderID, model: String, role: String, table: ModelTable, today: String) -> String? {
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

/// The default live models, chosen from models.json (see the README for why each).
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
