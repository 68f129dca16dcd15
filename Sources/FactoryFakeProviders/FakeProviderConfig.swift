import FactoryCore
import FactoryKinds
import Foundation

/// How the fake behaves: port, per-provider latency, injected faults, charge log and required keys.
public struct FakeProviderConfig: Sendable {
    /// 0 = any free port.
    public var port: Int
    /// Milliseconds to wait before answering a generation request, per provider; "*" = all.
    public var latencyMS: [String: Int]
    /// Injected faults; the first that matches a request (and has not used up its count) wins.
    public var faults: [FakeFault]
    /// JSONL file of billed requests: appended, and read at start so totals survive restarts.
    public var chargeLog: URL?
    /// provider → the exact key required; absent = any non-empty key is accepted.
    public var requiredKeys: [String: String]
    /// The lines a poster-quote answer is picked from (`--quote-list FILE`), to rehearse a model that
    /// keeps coming back to the same few; empty: quotes are invented from the word bank.
    public var quotes: [String]
    /// How long a Realtime session lasts before the `session_expired` error and the close: 3600 s,
    /// OpenAI's 60 minutes (realtime-conversations guide); tests use a second or two.
    public var realtimeSessionSeconds: Double
    /// The posting platforms' knobs (Platforms/).
    public var platforms: FakePlatformConfig
    /// What the speech endpoints say: speech-like tones (the default, quick and the same on every
    /// machine) or the text read by espeak-ng, for rehearsing what needs words in the audio (the
    /// forced alignment of a live voice's word timings). Either way the answer is audio alone, as
    /// the providers' is: `/v1/audio/speech` a binary body (openapi.yaml `/audio/speech`), Realtime
    /// `response.output_audio.delta` and transcript deltas without times, Runware `audioInference`
    /// no timestamps (platform.openai.com/docs/api-reference/audio/createSpeech, runware.ai/docs/audio-inference/introduction).
    public var speechAudio: FakeSpeechAudio = .tones
    /// The kinds whose fake answers (`KindDescriptor.fakeAnswer`) write structured text. The
    /// standard kinds unless set (`factory fake-providers` sets its process's; a test, its own).
    public var kinds: KindRegistry = StandardKinds.registry

    public init(port: Int = 0, latencyMS: [String: Int] = [:], faults: [FakeFault] = [], chargeLog: URL? = nil,
                requiredKeys: [String: String] = [:], quotes: [String] = [],
                realtimeSessionSeconds: Double = 3600, platforms: FakePlatformConfig = .init(), speechAudio: FakeSpeechAudio = .tones) {
        self.speechAudio = speechAudio
        self.platforms = platforms
        self.realtimeSessionSeconds = realtimeSessionSeconds
        self.quotes = quotes
        self.port = port
        self.latencyMS = latencyMS
        self.faults = faults
        self.chargeLog = chargeLog
        self.requiredKeys = requiredKeys
    }

    /// The latency for one provider: its own entry, else "*", else 0.
    func latency(for provider: String) -> Int {
        latencyMS[provider] ?? latencyMS["*"] ?? 0
    }

    /// A scenario file's contents (JSON or YAML): every field optional.
    public struct Scenario: Sendable, Codable, Equatable {
        public var port: Int?
        public var latencyMS: [String: Int]?
        public var faults: [FakeFault]?
        public var chargeLog: String?
        public var requiredKeys: [String: String]?
        public var quotes: [String]?
        /// `FakeProviderConfig.realtimeSessionSeconds`.
        public var realtimeSessionSeconds: Double?
        /// `FakeProviderConfig.platforms`.
        public var platforms: FakePlatformConfig?
        /// `FakeProviderConfig.speechAudio`: `tones` or `espeak`.
        public var speechAudio: FakeSpeechAudio?

        public init(port: Int? = nil, latencyMS: [String: Int]? = nil, faults: [FakeFault]? = nil,
                    chargeLog: String? = nil, requiredKeys: [String: String]? = nil, quotes: [String]? = nil,
                    realtimeSessionSeconds: Double? = nil, platforms: FakePlatformConfig? = nil, speechAudio: FakeSpeechAudio? = nil) {
            self.speechAudio = speechAudio
            self.platforms = platforms
            self.realtimeSessionSeconds = realtimeSessionSeconds
            self.quotes = quotes
            self.port = port
            self.latencyMS = latencyMS
            self.faults = faults
            self.chargeLog = chargeLog
            self.requiredKeys = requiredKeys
        }

        /// Lays the scenario over `config`: latencies and keys merge, faults are appended.
        public func applied(to config: FakeProviderConfig) -> FakeProviderConfig {
            var result = config
            if let port { result.port = port }
            result.latencyMS.merge(latencyMS ?? [:]) { _, new in new }
            result.faults += faults ?? []
            if let chargeLog { result.chargeLog = URL(fileURLWithPath: chargeLog) }
            result.requiredKeys.merge(requiredKeys ?? [:]) { _, new in new }
            if let quotes { result.quotes = quotes }
            if let realtimeSessionSeconds { result.realtimeSessionSeconds = realtimeSessionSeconds }
            if let platforms { result.platforms = platforms }
            if let speechAudio { result.speechAudio = speechAudio }
            return result
        }
    }

    /// Reads a scenario file: JSON when it starts with `{`, YAML otherwise.
    public static func load(scenario url: URL) throws -> Scenario {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw FakeProviderError("cannot read scenario \(url.path)", underlying: error)
        }
        let text = String(decoding: data, as: UTF8.self)
        do {
            if text.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("{") {
                return try JSONDecoder().decode(Scenario.self, from: data)
            }
            return try ScenarioYAML.decode(text)
        } catch let error as FakeProviderError {
            throw error
        } catch {
            throw FakeProviderError("scenario \(url.path) is not valid (fields: port, latencyMS, faults, chargeLog, requiredKeys, quotes, realtimeSessionSeconds, platforms, speechAudio)",
                                    underlying: error)
        }
    }
}

/// What the fake's speech endpoints say (`FakeProviderConfig.speechAudio`).
public enum FakeSpeechAudio: String, Sendable, Codable, Equatable {
    /// Voiced harmonics under a syllable-rate envelope (`SpeechSynth`).
    case tones
    /// The text read by espeak-ng, resampled to the endpoint's rate: words a forced alignment can find.
    case espeak
}
