import Foundation

/// A speech provider asked for a voice its model lacks: the request goes out with the closest
/// voice the model has (SpeechChoice.voiceMap), so the default's move keeps every story speaking.
public struct VoiceMappedSpeechProvider: SpeechProvider {
    public let inner: any SpeechProvider
    public let map: [String: String]

    public init(_ inner: any SpeechProvider, map: [String: String]) {
        self.inner = inner
        self.map = map
    }

    public var name: String { inner.name }
    public var isPaid: Bool { inner.isPaid }

    func mapped(_ request: SpeechRequest) -> SpeechRequest {
        var request = request
        request.voice = map[request.voice] ?? request.voice
        return request
    }

    public func speak(_ request: SpeechRequest, context: CallContext) async throws -> SpokenAudio {
        var audio = try await inner.speak(mapped(request), context: context)
        if let stand = map[request.voice] { audio.record.parameters["voice_asked"] = request.voice; audio.record.parameters["voice"] = stand }
        return audio
    }

    public func plannedCall(_ request: SpeechRequest, item: String) throws -> PaidCall? {
        try inner.plannedCall(mapped(request), item: item)
    }
}

/// The narrator when the chosen speech model cannot speak (unknown, retired): the items that would
/// call it are refused before planning (their manifest problems say why); this only guards the rest.
public struct UnavailableSpeechProvider: SpeechProvider {
    public let name: String
    public let problem: String

    public init(name: String, problem: String) {
        self.name = name
        self.problem = problem
    }

    public func speak(_ request: SpeechRequest, context: CallContext) async throws -> SpokenAudio {
        throw FactoryError(.provider, "item \(context.item) stage \(context.stage): \(problem)")
    }

    public func plannedCall(_ request: SpeechRequest, item: String) throws -> PaidCall? {
        throw FactoryError(.provider, "item \(item): \(problem)")
    }
}
