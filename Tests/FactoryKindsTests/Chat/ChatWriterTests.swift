import FactoryKinds
@testable import FactoryCore
@testable import FactoryKinds
import FactoryTesting
import Foundation
import Testing

/// Getting the conversation: one retry with the problem stated, a second bad answer fails the item
/// with both raw answers kept, and hand-written threads call no provider.
@Suite struct ChatWriterTests {
    /// Answers from a script, recording what it was asked.
    final class Scripted: TextProvider, @unchecked Sendable {
        let name = "scripted"
        private let lock = NSLock()
        private var answers: [String]
        private(set) var asked: [TextRequest] = []
        init(_ answers: [String]) { self.answers = answers }
        func write(_ request: TextRequest, context: CallContext) async throws -> WrittenText {
            lock.withLock {
                asked.append(request)
                let text = answers.isEmpty ? "" : answers.removeFirst()
                return WrittenText(text: text, record: GenerationRecord(stage: context.stage, provider: identity, model: "script",
                                                                        promptHash: "h", costUSD: 0.001))
            }
        }
    }

    static func item(_ spec: ChatSpec) -> Item {
        Item(id: "chat-1", kind: .chatStory, day: .monday, date: "2026-11-23", format: .story, music: nil, musicVolume: 0.6,
             quality: .draft, seed: 7, title: nil, caption: nil, hashtags: [], content: spec)
    }

    static func writer(_ spec: ChatSpec, _ provider: any TextProvider, _ folder: TemporaryFolder) -> ChatWriter {
        ChatWriter(item: item(spec), spec: spec, week: ISOWeek(year: 2026, week: 48), provider: provider,
                   quarantine: folder.url.appendingPathComponent(".quarantine/chat-1"))
    }

    static let context = CallContext(item: "chat-1", stage: "", gateway: nil)

    static func good(count: Int) -> String {
        let messages = (0..<count).map { i -> [String: Any] in
            ["sender": i % 2 == 0 ? "Ana" : "Ben", "text": i == 0 ? "did you see that?!" : (i == count - 1 ? "it was me all along 😈" : "line \(i) of the story"),
             "pause": NSNull(), "reaction": NSNull()]
        }
        let object: [String: Any] = ["title": "It Was Me", "messages": messages,
                                     "characters": [["name": "Ana", "colour": "#FF9500", "side": "other", "avatar": "🦊"],
                                                    ["name": "Ben", "colour": "#007AFF", "side": "me", "avatar": "🐻"]]]
        return String(decoding: try! JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }

    @Test func aBadAnswerIsRetriedOnceWithTheProblemStated() async throws {
        let folder = try TemporaryFolder("chat-writer")
        let spec = ChatSpec(genre: .mystery, length: .short, prompt: "who ate the cake")
        let provider = Scripted(["{\"title\": \"cut off", Self.good(count: 7)])
        let (conversation, records, source) = try await Self.writer(spec, provider, folder).conversation(context: Self.context)
        #expect(conversation.messages.count == 7)
        #expect(records.map(\.stage) == ["text", "text-retry"])
        #expect(source == "scripted")
        #expect(provider.asked.count == 2)
        #expect(provider.asked[1].user.contains("Your previous answer was rejected: the answer is not the JSON object"))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(".quarantine").path))
    }

    @Test func twoBadAnswersFailTheItemAndKeepTheRawText() async throws {
        let folder = try TemporaryFolder("chat-writer")
        let spec = ChatSpec(genre: .mystery, length: .medium, prompt: "who ate the cake")
        let provider = Scripted([Self.good(count: 2), "not json at all"])
        await #expect(throws: FactoryError.self) { try await Self.writer(spec, provider, folder).conversation(context: Self.context) }
        do {
            _ = try await Self.writer(spec, Scripted([Self.good(count: 3), "still not json"]), folder).conversation(context: Self.context)
        } catch {
            #expect("\(error)".contains("rejected twice"))
            #expect("\(error)".contains(".quarantine/chat-1"))
        }
        let kept = folder.url.appendingPathComponent(".quarantine/chat-1")
        #expect(try String(contentsOf: kept.appendingPathComponent("writer-answer-2.txt"), encoding: .utf8) == "still not json")
        #expect(try String(contentsOf: kept.appendingPathComponent("reason.txt"), encoding: .utf8).contains("not the JSON object"))
    }

    @Test func aHandWrittenThreadCallsNoProvider() async throws {
        let folder = try TemporaryFolder("chat-writer")
        let spec = ChatSpec(messages: [ChatMessage(from: "Kim", text: "you up?"), ChatMessage(from: "Lee", text: "always 👀"),
                                       ChatMessage(from: "Kim", text: "good. don't look outside")])
        let provider = Scripted([])
        let (conversation, records, source) = try await Self.writer(spec, provider, folder).conversation(context: Self.context)
        #expect(provider.asked.isEmpty && records.isEmpty && source == "manifest")
        #expect(conversation.me?.name == "Lee", "the story opens with an incoming text, so the second sender is me")
        #expect(conversation.characters.count == 2)
    }

    @Test func aThreadWithAStrangerIsRefusedNamingTheField() async throws {
        let folder = try TemporaryFolder("chat-writer")
        let spec = ChatSpec(characters: [ChatCharacter(name: "Kim", side: .me), ChatCharacter(name: "Lee", side: .other)],
                            messages: [ChatMessage(from: "Kim", text: "hi"), ChatMessage(from: "Max", text: "who?")])
        do {
            _ = try await Self.writer(spec, Scripted([]), folder).conversation(context: Self.context)
            Issue.record("accepted a message from an unknown sender")
        } catch {
            #expect("\(error)".contains("messages[1].from \"Max\" is not a character"), "\(error)")
        }
    }
}
