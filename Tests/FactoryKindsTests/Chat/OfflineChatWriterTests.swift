import FactoryCore
@testable import FactoryKinds
import FactoryProviders
import Foundation
import Testing

@Suite("Offline chat writer")
struct OfflineChatWriterTests {
    static func brief(_ genre: Genre, _ mood: Mood, _ length: ChatLength = .short, count: Int = 8, seed: UInt64 = 1,
                      prompt: String = "", cast: [Conversation.Character] = [],
                      personalities: [String: ChatPersonality] = [:]) -> ConversationBrief {
        ConversationBrief(prompt: prompt, genre: genre, mood: mood, length: length, messageCount: count,
                          cast: cast, personalities: personalities, seed: seed)
    }

    static func write(_ brief: ConversationBrief) async throws -> WrittenText {
        try await OfflineTextProvider(kinds: StandardKinds.registry).write(ChatPrompt.request(brief), context: CallContext(item: "chat", stage: "text", gateway: nil))
    }

    /// The counts to try for a length: the usual ones that fit, and both ends of its range.
    static func counts(_ length: ChatLength) -> [Int] {
        let range = length.messageRange
        return Array(Set([5, 10, 17, 20, 30].filter(range.contains) + [range.lowerBound, range.upperBound])).sorted()
    }

    @Test("every genre × mood × length passes the validator with exactly the count asked for",
          arguments: Genre.allCases, Mood.allCases)
    func validStories(genre: Genre, mood: Mood) async throws {
        for length in ChatLength.allCases {
            for count in Self.counts(length) {
                for seed: UInt64 in [1, 7, 42, 2026, 0xDEAD_BEEF] {
                    let brief = Self.brief(genre, mood, length, count: count, seed: seed)
                    let written = try await Self.write(brief)
                    switch ConversationCheck.validate(written.text, brief: brief) {
                    case .success(let conversation):
                        #expect(conversation.messages.count == count, "\(genre) \(mood) \(count) seed \(seed)")
                        #expect(conversation.characters.count == 2)
                        #expect(Set(conversation.characters.map(\.colour)).count == 2)
                        #expect(conversation.title.split(separator: " ").count <= 8)
                        let pauses = conversation.messages.compactMap(\.pause)
                        let reactions = conversation.messages.compactMap(\.reaction)
                        #expect((1...2).contains(pauses.count) && pauses.allSatisfy { (0.5...3).contains($0) })
                        #expect((1...2).contains(reactions.count))
                    case .failure(let problems):
                        Issue.record("\(genre) \(mood) \(length) \(count) seed \(seed): \(problems)")
                    }
                }
            }
        }
    }

    @Test("a three-person cast keeps its names and sides, everyone speaks, and personalities sound like themselves",
          arguments: Genre.allCases)
    func castOfThree(genre: Genre) async throws {
        let alex = ChatPersonality.of(.alexPro), joker = ChatPersonality.of(.jokeBot)
        let cast = [
            Conversation.Character(name: "Riley", colour: "#4F8EF7", side: "me", avatar: "🙂"),
            Conversation.Character(name: alex.name, colour: alex.colour, side: "other", avatar: alex.avatar),
            Conversation.Character(name: joker.name, colour: joker.colour, side: "other", avatar: joker.avatar),
        ]
        for (length, count) in [(ChatLength.short, 5), (.short, 10), (.medium, 17), (.long, 30)] {
            let brief = Self.brief(genre, .funny, length, count: count, seed: 9, cast: cast,
                                   personalities: [alex.name: alex, joker.name: joker])
            let written = try await Self.write(brief)
            let conversation = try ConversationCheck.validate(written.text, brief: brief).get()
            #expect(conversation.characters == cast)
            #expect(conversation.messages.count == count)
            #expect(Set(conversation.messages.map(\.sender)) == Set(cast.map(\.name)), "\(genre) \(count)")
            let alexLines = conversation.messages.filter { $0.sender == alex.name }.map(\.text)
            #expect(alexLines.allSatisfy { !($0.first?.isLowercase ?? false) && !$0.contains(" u ") && !$0.contains("lol") })
            if count >= 10 {
                #expect(conversation.messages.contains { $0.sender == joker.name && $0.text == ChatChorus.pun(genre) })
            }
        }
    }

    @Test("the same brief gives the same JSON; seeds vary the script, the cast and the words")
    func determinism() async throws {
        for genre in Genre.allCases {
            let brief = Self.brief(genre, .dramatic, .medium, count: 14, seed: 77)
            let first = try await Self.write(brief), second = try await Self.write(brief)
            #expect(first == second)
            var scripts = Set<String>(), texts = Set<String>()
            for seed: UInt64 in 0..<30 {
                let written = try await Self.write(Self.brief(genre, .dramatic, .medium, count: 14, seed: seed))
                scripts.insert(written.record.parameters["script"] ?? "")
                texts.insert(written.text)
            }
            #expect(scripts.count >= 3, "\(genre): \(scripts.sorted())")
            #expect(texts.count == 30)
        }
    }

    @Test("the record names the script, the seed and the prompt's hash, and costs nothing")
    func record() async throws {
        let brief = Self.brief(.mystery, .scary, .long, count: 23, seed: 5)
        let request = ChatPrompt.request(brief)
        let written = try await OfflineTextProvider(kinds: StandardKinds.registry).write(request, context: CallContext(item: "thu-chat", stage: "script", gateway: nil))
        #expect(written.record.stage == "script")
        #expect(written.record.provider == "offline" && written.record.model == "chat-scripts-v1")
        #expect(written.record.parameters["genre"] == "mystery" && written.record.parameters["mood"] == "scary")
        #expect(ChatScripts.scripts(for: .mystery, in: .standard).map(\.id).contains(written.record.parameters["script"] ?? ""))
        #expect(written.record.seed == 5 && written.record.costUSD == 0)
        #expect(written.record.promptHash == Digest.sha256(request.system + request.user))
        #expect(written.record.units == ["messages": 23])
    }

    @Test("a keyword in the prompt picks the script about it")
    func promptKeyword() {
        for seed: UInt64 in 0..<10 {
            #expect(OfflineChatWriter.pick(Self.brief(.comedy, .funny, seed: seed, prompt: "My dog went shopping")).id == "comedy-dog-shopping")
            #expect(OfflineChatWriter.pick(Self.brief(.horror, .scary, seed: seed, prompt: "a doorbell at night")).id == "horror-doorbell")
        }
    }

    // MARK: The script library

    @Test("every script fills 5…30 messages from its own beats, in every mood", arguments: ChatScripts.all.map(\.id))
    func fillsEveryLength(id: String) throws {
        let script = try #require(ChatScripts.all.first { $0.id == id })
        for mood in Mood.allCases {
            for count in 5...30 {
                let assembled = script.assemble(count: count, mood: mood, chorus: [])
                #expect(assembled.lines.count == count)
                #expect(assembled.padded == 0, "\(id) \(mood) \(count)")
            }
        }
    }

    @Test("scripts are well formed: a two-text hook, a 2–3 text ending, a beat per mood, short texts and titles")
    func wellFormed() {
        #expect(Set(ChatScripts.all.map(\.id)).count == ChatScripts.all.count)
        for genre in Genre.allCases { #expect(ChatScripts.scripts(for: genre, in: .standard).count >= 3) }
        for script in ChatScripts.all {
            #expect(script.hook.count == 2 && (2...3).contains(script.ending.count), "\(script.id)")
            #expect(Set(script.hook.map(\.role)).count == 2, "\(script.id): both sides open")
            #expect(Set(script.flavours.keys) == Set(Mood.allCases), "\(script.id)")
            #expect(script.title.split(separator: " ").count <= 8, "\(script.id)")
            let lines = script.hook + script.ending + script.middle.flatMap(\.lines) + script.flavours.values.flatMap(\.lines)
            #expect(lines.allSatisfy { !$0.text.isEmpty && $0.text.count <= 200 }, "\(script.id)")
            // An odd spine and an odd escalation beat: every count is filled from the front of the story.
            #expect(script.middle.filter { $0.rank == 1 }.reduce(0) { $0 + $1.lines.count } % 2 == 1, "\(script.id) spine")
            #expect(script.middle.contains { $0.rank == 2 && $0.lines.count % 2 == 1 }, "\(script.id) escalation")
        }
    }

    @Test("beats are chosen by rank, kept in story order, and fill the room exactly")
    func choose() {
        let sizes = [2, 1, 3, 2, 1], ranks = [1, 3, 2, 1, 2]
        #expect(ChatScript.choose(sizes: sizes, ranks: ranks, target: 4) == [0, 3])
        #expect(ChatScript.choose(sizes: sizes, ranks: ranks, target: 5) == [0, 3, 4])
        #expect(ChatScript.choose(sizes: sizes, ranks: ranks, target: 7) == [0, 2, 3])
        #expect(ChatScript.choose(sizes: sizes, ranks: ranks, target: 9) == [0, 1, 2, 3, 4])
        #expect(ChatScript.choose(sizes: sizes, ranks: ranks, target: 20) == [0, 1, 2, 3, 4])
        #expect(ChatScript.choose(sizes: [2, 2], ranks: [1, 1], target: 3) == [0])
    }
}
