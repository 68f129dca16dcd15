import FactoryCore
import FactoryKinds
import FactoryImaging
import FactoryMedia
import FactoryProviders
import Foundation

/// The inputs the factory reads but did not make, each as a function of raw bytes: what the fuzz
/// driver (`make fuzz`) feeds, and what the regression tests replay. A surface may refuse its
/// input (every error is caught: refusing is the point); it must not trap, hang or leak.
public enum FuzzSurface: String, CaseIterable, Sendable {
    /// The manifest loader and validator; the same bytes as a chat item's conversation file and as
    /// a story override file.
    case manifest
    /// Anthropic Messages answers, then the text through the story, chat, recipe and quote checks.
    case anthropic
    /// OpenAI chat completions, then the text through the same checks.
    case openaiChat = "openai-chat"
    /// OpenAI speech answers: the WAV header walk and the PCM reading.
    case openaiSpeech = "openai-speech"
    /// Runware answers: the task's image URL, checked as a download is.
    case runware
    /// Image bytes: the signature and header check, then the restricted libvips load.
    case image
    /// Audio bytes through our libav decoding.
    case audio

    /// Runs one input through the surface.
    public func run(_ data: Data) {
        switch self {
        case .manifest: Self.manifest(data)
        case .anthropic: if let text = (try? AnswerDecoding.anthropicText(data)) ?? nil { Self.answerText(text) }
        case .openaiChat: if let text = (try? AnswerDecoding.openAIContent(data)) ?? nil { Self.answerText(text) }
        case .openaiSpeech:
            _ = AnswerDecoding.speechSeconds(data, format: "wav")
            _ = AnswerDecoding.speechSeconds(data, format: "pcm")
        case .runware: _ = try? AnswerDecoding.runwareImageURL(data, taskUUID: Self.taskUUID)
        case .image: Self.image(data)
        case .audio: Self.audio(data)
        }
    }

    /// The task the Runware seeds answer for.
    public static let taskUUID = "5e2c1a4b-7d3f-4a8e-9b1c-2f6d8e0a4c7b"

    /// A folder of this process for the surfaces that read files (in memory when /dev/shm is there).
    static let scratch: URL = {
        let base = FileManager.default.fileExists(atPath: "/dev/shm") ? URL(fileURLWithPath: "/dev/shm") : FileManager.default.temporaryDirectory
        let folder = base.appendingPathComponent("factory-fuzz-\(getpid())", isDirectory: true)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // A chat item whose conversation file is the input.
        try? Data("version: 1\nweek: 2026-W48\nitems:\n  - { id: c, kind: chat-story, day: monday, prompt: x, conversation: thread.yaml }\n".utf8)
            .write(to: folder.appendingPathComponent("chat.yaml"))
        return folder
    }()

    static func manifest(_ data: Data) {
        let week = scratch.appendingPathComponent("week.yaml"), thread = scratch.appendingPathComponent("thread.yaml")
        guard (try? data.write(to: week)) != nil, (try? data.write(to: thread)) != nil else { return }
        _ = try? ManifestLoader.load(path: week.path, kinds: StandardKinds.registry)
        _ = try? ManifestLoader.load(path: scratch.appendingPathComponent("chat.yaml").path, kinds: StandardKinds.registry)
        _ = try? Story.parse(markdown: String(decoding: data, as: UTF8.self))
    }

    static let storyBrief = StoryBrief(name: "Luna", age: 6, traits: ["brave"], theme: "a lost star", minutes: 2, seed: 7)
    static let chatBrief = ConversationBrief(prompt: "who ate the cake", genre: .mystery, mood: .funny, length: .short, messageCount: 8,
                                             cast: [], personalities: [:], seed: 7)

    /// A model's text answer, through every check that reads one.
    static func answerText(_ text: String) {
        _ = StoryCheck.validate(text, brief: storyBrief)
        _ = ConversationCheck.validate(text, brief: chatBrief)
        _ = RecipeCheck.validate(text)
        _ = try? AnswerDecoding.quote(text)
    }

    /// What a download is allowed before decoding (smaller than the client's 8192 px and 40 Mpx,
    /// so each input decodes in milliseconds).
    static let maxSide = 2048, maxPixels = 4_000_000

    static func image(_ data: Data) {
        guard ImageSignature.detect(data) != nil, let size = ImageSignature.dimensions(data),
              size.width <= maxSide, size.height <= maxSide, size.width * size.height <= maxPixels else { return }
        guard let image = try? Image.decode(data) else { return }
        _ = try? image.pixels()
    }

    static func audio(_ data: Data) {
        let file = scratch.appendingPathComponent("audio.bin")
        guard (try? data.write(to: file)) != nil else { return }
        _ = try? AudioDecoder.decode(path: file.path, maxSeconds: 2)
    }
}
