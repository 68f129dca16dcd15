import FactoryCore
import FactoryKinds
import FactoryMedia
import Foundation

/// Chooses each role's provider from the manifest, the keys present and `--offline`, before
/// anything starts: `auto` is live when its key is set, a provider named explicitly without its
/// key is an error, `--offline` forces the embedded providers.
public struct ResolvedProviders: Sendable {
    public var set: ProviderSet
    /// The narrator: OpenAI when live, espeak-ng otherwise (also in `set.speech`).
    public var speech: any SpeechProvider
    /// The transport to shut down after the run (nil when everything is offline).
    public var transport: HTTPTransport?
    /// Live providers by role.
    public var live: [Role: ProviderID]
    /// The live models in use, by provider and role (image models come from the manifest's items).
    public var models: [ModelTable.Use] = []
    /// Decisions said once (the default speech model moved past a retirement, voices mapped).
    public var notes: [String] = []
    /// True when the narrator is the built-in default (not named by the manifest or FACTORY_SPEECH_MODEL).
    public var speechIsDefault = false
    /// The offline narrator's warm Piper worker, ended after the run (nil when the voice is live).
    public var voiceWorkers: PiperWorkers?

    /// Ends what the run kept open: the HTTP transport, and the warm voice (its worker reads the end
    /// of its stdin and exits; waited for, so no Piper process outlives the run).
    public func shutdown() async {
        await transport?.shutdown()
        voiceWorkers?.close()
    }

    /// Warnings for live models that retire within 30 days (run, estimate and doctor print them).
    public func retirementWarnings(_ manifest: Manifest?, table: ModelTable = .bundled, today: String = DayStamp.utcToday()) -> [String] {
        var uses = models
        if live[.image] == .runware {
            uses += (manifest.map(ModelTable.imageModels) ?? [ModelDefaults.image]).map { ModelTable.Use(provider: .runware, model: $0, role: .image) }
        }
        var warnings = table.retirementWarnings(uses.filter { !(speechIsDefault && $0.role == .speech) }, on: today)
        if speechIsDefault, let use = uses.first(where: { $0.role == .speech }),
           let warning = table.retirementWarning(provider: use.provider, model: use.model, on: today) {
            // The built-in default follows its successor on the day: nothing for the user to change.
            let next = table.spec(provider: use.provider, model: use.model)?.successor.map { " moves to \($0)" } ?? " moves on"
            warnings.append(warning.components(separatedBy: ";").first.map { "\($0); the default narration\(next) that day by itself" } ?? warning)
        }
        return warnings
    }

    public static let defaultTextModels: [ProviderID: String] = [.anthropic: ModelDefaults.anthropicText, .openai: ModelDefaults.openAIText]
    public static let defaultSpeechModel = ModelDefaults.speech

    /// `library` is what the offline text provider writes from: ours, or ours with the manifest's
    /// (`ContentLibrary.load`), through the writers of `kinds`.
    public static func resolve(_ choices: ProviderChoices, environment: [String: String], offline: Bool,
                               models: ModelTable = .bundled, library: ContentLibrary = .standard,
                               kinds: KindRegistry) async throws -> ResolvedProviders {
        // Every key and URL is checked before any client is made.
        for provider in ProviderID.allCases where !offline {
            _ = try ProviderEndpoint.resolve(provider, environment: environment)
        }
        let credentials = try Credentials.load(environment: environment)
        if offline {
            let speech = OfflineSpeechProvider()
            return ResolvedProviders(set: ProviderSet(text: OfflineTextProvider(library: library, kinds: kinds), image: OfflineImageProvider(kinds: kinds), speech: speech, description: [
                "text: offline (--offline: curated templates, nothing is spent)",
                "image: offline (--offline: procedural art, nothing is spent)",
                "speech: offline (\(OfflineSpeechProvider.describe()); --offline, nothing is spent)",
            ], fetchesDone: { [workers = speech.workers] in workers.close() }, fetchesFirst: true), speech: speech, transport: nil, live: [:], voiceWorkers: speech.workers)
        }
        // Made only when a provider is live: an HTTP client must be shut down once made.
        var transport: HTTPTransport?
        func client(_ provider: ProviderID, role: Role) throws -> LiveClient? {
            guard let key = credentials.keys[provider] else { return nil }
            let endpoint = try ProviderEndpoint.resolve(provider, environment: environment)
            let shared = transport ?? HTTPTransport()
            transport = shared
            return LiveClient(provider: provider, transport: shared, endpoint: endpoint, key: key, models: models)
        }
        func missing(_ provider: ProviderID, role: Role) -> FactoryError {
            FactoryError(.provider, "providers.\(role): \(provider) is named in the manifest but \(Credentials.variables[provider] ?? "") "
                         + "is not set; set it (or put it in ~/.config/contentfactory/credentials, mode 0600), or use \(role): auto or offline")
        }
        var lines: [String] = [], live: [Role: ProviderID] = [:]
        var speechUse: ModelTable.Use?

        let text: any TextProvider
        let textChoice: ProviderID? = switch choices.text {
        case .offline: nil
        case .anthropic: .anthropic
        case .openai: .openai
        case .auto:
            // A text_model names its provider; otherwise Anthropic when its key is set, then OpenAI.
            [ProviderID.anthropic, .openai].first { provider in
                credentials.keys[provider] != nil
                    && (choices.textModel.map { models.spec(provider: provider, model: $0) != nil } ?? true)
            }
        }
        if let provider = textChoice {
            let model = environment["FACTORY_TEXT_MODEL"] ?? choices.textModel ?? defaultTextModels[provider] ?? ""
            _ = try models.check(provider: provider, model: model, role: .text, on: LiveClient.today())
            guard let live = try client(provider, role: .text) else { throw missing(provider, role: .text) }
            text = provider == .anthropic ? AnthropicClient(client: live, model: model) : OpenAIChatClient(client: live, model: model)
            lines.append("text: \(provider) \(model) (live, \(live.endpoint.base.absoluteString))")
        } else {
            text = OfflineTextProvider(library: library, kinds: kinds)
            lines.append("text: offline (" + (choices.text == .offline ? "manifest says offline" : "no ANTHROPIC_API_KEY or OPENAI_API_KEY") + "; nothing is spent)")
        }
        if textChoice != nil { live[.text] = textChoice }

        let image: any ImageProvider
        let imageLive = choices.image == .runware || (choices.image == .auto && credentials.keys[.runware] != nil)
        if imageLive {
            guard credentials.keys[.runware] != nil else {
                await transport?.shutdown()
                throw missing(.runware, role: .image)
            }
            guard let client = try client(.runware, role: .image) else { throw missing(.runware, role: .image) }
            image = RunwareClient(client: client)
            lines.append("image: runware (live, \(client.endpoint.base.absoluteString))")
            live[.image] = .runware
        } else {
            image = OfflineImageProvider(kinds: kinds)
            lines.append("image: offline (" + (choices.image == .offline ? "manifest says offline" : "no RUNWARE_API_KEY") + "; nothing is spent)")
        }

        // The same decision validate and estimate read (SpeechChoice): the model, its provider,
        // the default's move past a retirement, and voice stand-ins.
        let choice = SpeechChoice.resolve(choices, environment: environment, table: models, today: LiveClient.today())
        let speechProvider = choice.row?.provider ?? (choices.speech == .runware ? .runware : .openai)
        let speechLive = choices.speech == .openai || choices.speech == .runware
            || (choices.speech == .auto && credentials.keys[speechProvider] != nil)
        var speech: any SpeechProvider
        var voiceWorkers: PiperWorkers?
        if speechLive, let problem = choice.problem {
            // Only the items that speak fail (their manifest problems say why); the rest are made.
            speech = UnavailableSpeechProvider(name: speechProvider.rawValue, problem: problem)
            lines.append("speech: \(speechProvider) \(choice.model) cannot speak: \(problem)")
        } else if speechLive {
            guard let client = try client(speechProvider, role: .speech) else {
                await transport?.shutdown()
                throw missing(speechProvider, role: .speech)
            }
            speech = Self.liveSpeech(choice, client: client)
            lines.append("speech: \(speechProvider) \(choice.model) (live\(choice.isRealtime ? ", Realtime API" : ""), \(client.endpoint.base.absoluteString))")
            lines += choice.notes
            live[.speech] = speechProvider
            speechUse = ModelTable.Use(provider: speechProvider, model: choice.model, role: .speech)
        } else {
            let offline = OfflineSpeechProvider()
            speech = offline
            voiceWorkers = offline.workers
            lines.append("speech: offline (\(OfflineSpeechProvider.describe()); "
                         + (choices.speech == .offline ? "manifest says offline" : "no \(Credentials.variables[speechProvider] ?? "key")") + "; nothing is spent)")
        }
        if !choice.voiceMap.isEmpty, speechLive { speech = VoiceMappedSpeechProvider(speech, map: choice.voiceMap) }
        let release: (@Sendable () -> Void)? = voiceWorkers.map { workers in { @Sendable in workers.close() } }
        var resolved = ResolvedProviders(set: ProviderSet(text: text, image: image, speech: speech, description: lines, fetchesDone: release,
                                                          fetchesFirst: live.isEmpty),
                                         speech: speech, transport: transport, live: live, voiceWorkers: voiceWorkers)
        if let provider = textChoice {
            resolved.models.append(.init(provider: provider, model: (text as? AnthropicClient)?.model ?? (text as? OpenAIChatClient)?.model ?? "",
                                         role: .text))
        }
        if let use = speechUse { resolved.models.append(use) }
        if speechLive, choice.problem == nil { resolved.notes = choice.notes }
        resolved.speechIsDefault = choice.source == .builtIn
        return resolved
    }

    /// The live narrator for a model: the Realtime API, `/v1/audio/speech`, or Runware `audioInference`.
    /// The live narrator. None of them reports word timings, so each is wrapped to find them by
    /// forced alignment of the chunk's text to its audio.
    static func liveSpeech(_ choice: SpeechChoice, client: LiveClient) -> any SpeechProvider {
        let voice: any SpeechProvider = switch (client.provider, choice.isRealtime) {
        case (.runware, _): RunwareSpeechProvider(client: client, model: choice.model)
        case (_, true): OpenAIRealtimeSpeechProvider(client: client, model: choice.model)
        default: OpenAISpeechProvider(client: client, model: choice.model)
        }
        return AligningSpeechProvider(voice)
    }

}
