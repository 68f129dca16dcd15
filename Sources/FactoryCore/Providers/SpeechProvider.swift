import Foundation

/// One stretch of narration to speak: at most 4,096 characters (OpenAI's limit; the caller cuts
/// longer text at sentence boundaries).
public struct SpeechRequest: Sendable, Equatable {
    public var text: String
    /// An OpenAI voice name (alloy … cedar); offline providers map it to a local voice.
    public var voice: String
    /// How to read it (tone, pace), for models that take instructions.
    public var instructions: String
    public var speed: Double
    /// BCP 47 language of the text, e.g. "en".
    public var language: String
    /// Live voice models may reword: true keeps a chunk whose transcript still differs after the
    /// last ask (`providers.speech_reworded: accept`); false fails the item.
    public var acceptReworded: Bool

    public init(text: String, voice: String, instructions: String, speed: Double = 1, language: String = "en", acceptReworded: Bool = false) {
        self.text = text
        self.acceptReworded = acceptReworded
        self.voice = voice
        self.instructions = instructions
        self.speed = speed
        self.language = language
    }
}

/// One spoken word and when it is heard, in seconds from the start of its chunk's audio.
public struct SpokenWord: Sendable, Equatable, Codable {
    public var text: String
    public var start: Double
    public var end: Double

    public init(text: String, start: Double, end: Double) {
        self.text = text
        self.start = start
        self.end = end
    }
}

/// Spoken audio: 16-bit little-endian mono PCM at `sampleRate`, and what it cost.
public struct SpokenAudio: Sendable {
    public var pcm: Data
    public var sampleRate: Int
    public var record: GenerationRecord
    /// Word timings, when the voice reports them (Piper's alignment); empty otherwise.
    public var words: [SpokenWord]

    public init(pcm: Data, sampleRate: Int, record: GenerationRecord, words: [SpokenWord] = []) {
        self.pcm = pcm
        self.sampleRate = sampleRate
        self.record = record
        self.words = words
    }

    public var duration: Double { Double(pcm.count / 2) / Double(max(1, sampleRate)) }
}

/// Turns text into speech: OpenAI live, espeak-ng offline.
public protocol SpeechProvider: Sendable {
    /// True for a provider that bills its calls (the live ones); plans skip building requests for the others.
    var isPaid: Bool { get }
    var name: String { get }
    func speak(_ request: SpeechRequest, context: CallContext) async throws -> SpokenAudio
    /// The paid call `speak` would make for `item`, built without sending it (nil: free, like espeak-ng).
    func plannedCall(_ request: SpeechRequest, item: String) throws -> PaidCall?
}

extension SpeechProvider {
    public func plannedCall(_ request: SpeechRequest, item: String) throws -> PaidCall? { nil }
    public var isPaid: Bool { false }
}
