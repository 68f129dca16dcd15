import FactoryCore
import FactoryKinds
import Foundation

/// The live clients' readings of an answer's bytes as plain functions, for the fuzz targets and
/// their regression tests (the clients read the same types inline, inside their calls). Each
/// returns what the client would go on with, or throws; none may trap, whatever the bytes.
package enum AnswerDecoding {
    /// The text block of an Anthropic Messages answer (a thinking block may come first).
    package static func anthropicText(_ body: Data) throws -> String? {
        let message = try JSONDecoder().decode(AnthropicClient.Message.self, from: body)
        _ = message.usage.totalInput
        return message.content.first { $0.type == "text" }?.text
    }

    /// The first choice's content of an OpenAI chat completion.
    package static func openAIContent(_ body: Data) throws -> String? {
        try JSONDecoder().decode(OpenAIChatClient.Completion.self, from: body).choices.first?.message.content
    }

    /// Seconds of audio in an OpenAI speech answer (`wav` or `pcm`), nil when it is not audio.
    package static func speechSeconds(_ body: Data, format: String) -> Double? {
        OpenAISpeechClient.duration(body, format: format)
    }

    /// The image URL of task `taskUUID` in a Runware answer, checked as a download is.
    package static func runwareImageURL(_ body: Data, taskUUID: String) throws -> URL? {
        let envelope = try JSONDecoder().decode(RunwareClient.Envelope.self, from: body)
        guard let text = envelope.data?.first(where: { $0.taskUUID == taskUUID })?.imageURL else { return nil }
        return try ProviderEndpoint.checkDownload(text, provider: .runware)
    }

    /// The quote of a poster's text answer.
    package static func quote(_ text: String) throws -> String {
        try QuotePrompt.parse(text, provider: "fuzz").quote
    }
}
