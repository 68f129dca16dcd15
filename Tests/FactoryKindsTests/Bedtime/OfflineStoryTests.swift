import FactoryCore
@testable import FactoryKinds
import FactoryProviders
import Foundation
import Testing

@Suite("Offline story writer")
struct OfflineStoryTests {
    /// Heroes across the five settings, with and without a companion, traits, looks and ability.
    static func briefs(_ minutes: Int, _ seed: UInt64) -> [(theme: String, brief: StoryBrief)] { [
        ("forest", { StoryBrief(name: "Mia", age: 5, appearance: "curly red hair and a yellow raincoat", traits: ["brave", "curious"],
                                ability: "can talk to animals", companion: "a sleepy owl named Hoot", theme: "an evening in the forest",
                                minutes: $0, seed: $1) }),
        ("sea", { StoryBrief(name: "Noah", age: 7, theme: "a night at the beach", minutes: $0, seed: $1) }),
        ("sky", { StoryBrief(name: "Aurélie", age: 4, traits: ["gentle", "loves to sing"], ability: "flying",
                             companion: "Biscuit the puppy", theme: "a trip to the moon and stars", minutes: $0, seed: $1) }),
        ("town", { StoryBrief(name: "Sam", age: 9, appearance: "wears round glasses", ability: "super strength",
                              companion: "her teddy bear", theme: "the little town's bakery", minutes: $0, seed: $1) }),
        ("snow", { StoryBrief(name: "Leo", age: 3, traits: ["kind"], companion: "puppy", theme: "a snowy winter night", minutes: $0,
                              seed: $1) }),
        ("any", { StoryBrief(name: "Zoë", age: 6, theme: "", minutes: $0, seed: $1) }),
    ].map { ($0.0, $0.1(minutes, seed)) } }

    static func write(_ brief: StoryBrief) async throws -> (WrittenText, Story) {
        let written = try await OfflineTextProvider(kinds: StandardKinds.registry).write(StoryPrompt.request(brief),
                                                             context: CallContext(item: "story", stage: "text", gateway: nil))
        return (written, try StoryCheck.validate(written.text, brief: brief).get())
    }

    @Test("1, 5, 10 and 20 minutes land within ±10 % of minutes × 130 words and pass the check",
          arguments: [1, 5, 10, 20], [UInt64(1), 7, 42])
    func lengthsAndTheCheck(minutes: Int, seed: UInt64) async throws {
        for (theme, brief) in Self.briefs(minutes, seed) {
            let (written, story) = try await Self.write(brief)
            let target = Double(minutes * 130)
            #expect(abs(Double(story.wordCount) - target) <= target * 0.1, "\(theme) \(minutes) min: \(story.wordCount) words")
            #expect(written.record.model == "story-library-v1" && written.record.costUSD == 0 && written.record.stage == "text")
            #expect(story.paragraphs.allSatisfy { $0.count <= 900 }, "\(theme): a paragraph runs long")
            #expect(story.paragraphs.last.map { $0.contains("asleep") || $0.contains("sleep") } == true)
            // Not filler: no sentence is said twice.
            let sentences = story.paragraphs.flatMap(StoryChunker.sentences)
            let repeated = Dictionary(grouping: sentences, by: { $0 }).filter { $0.value.count > 1 }.keys
            #expect(repeated.isEmpty, "\(theme) \(minutes) min repeats \(repeated.sorted())")
            #expect(!story.markdown.contains("{") && !story.markdown.contains("}"), "an unfilled placeholder: \(story.markdown)")
        }
    }

    @Test func everyMinuteFromOneToTwentyPasses() async throws {
        for minutes in 1...20 {
            for (theme, brief) in Self.briefs(minutes, UInt64(minutes) * 31) {
                let written = try await OfflineTextProvider(kinds: StandardKinds.registry).write(StoryPrompt.request(brief),
                                                                          context: CallContext(item: "s", stage: "text", gateway: nil))
                if case .failure(let problems) = StoryCheck.validate(written.text, brief: brief) {
                    Issue.record("\(theme) \(minutes) min: \(problems)")
                }
                let words = Story.words(in: try #require(FakeStoryText.paragraphs(written.text)).joined(separator: " "))
                #expect(abs(words - minutes * 130) <= minutes * 13, "\(theme) \(minutes) min: \(words) words")
            }
        }
    }

    @Test func theStoryIsDeterministicAndTheSeedVariesIt() async throws {
        let (a, storyA) = try await Self.write(Self.briefs(5, 3)[0].brief)
        let (b, _) = try await Self.write(Self.briefs(5, 3)[0].brief)
        #expect(a.text == b.text)
        var texts = Set<String>()
        for seed in UInt64(0)..<8 { texts.insert(try await Self.write(Self.briefs(5, seed)[0].brief).1.paragraphs.joined()) }
        #expect(texts.count >= 6, "seeds should vary the story")
        #expect(!storyA.title.isEmpty && !storyA.title.contains("{"), "every placeholder of the title is filled: \(storyA.title)")
    }

    @Test func theHeroCompanionAndAbilityAreWovenIn() async throws {
        let (_, story) = try await Self.write(Self.briefs(5, 2)[0].brief)
        let text = story.paragraphs.joined(separator: " ")
        #expect(text.contains("Mia") && text.contains("Hoot"))
        #expect(text.contains("a sleepy owl named Hoot"), "the companion is introduced as written")
        #expect(text.contains("being able to talk to animals"), "the ability turns the story")
        #expect(text.contains("five years old") || text.contains("five-year-old"))
        #expect(story.illustrationPrompt.contains("Mia") && story.illustrationPrompt.contains("curly red hair"))
        #expect(!story.summary.isEmpty && story.summary.contains("Mia"))
        let (_, plain) = try await Self.write(Self.briefs(5, 2)[1].brief)
        #expect(plain.paragraphs.joined().contains("Pebble"), "without a companion the setting's friend comes along")
    }

    @Test func themesPickTheirSetting() {
        #expect(StoryLibrary.family(theme: "a walk in the woods", seed: 1)?.id == "forest")
        #expect(StoryLibrary.family(theme: "Dolphins at the seaside", seed: 1)?.id == "sea")
        #expect(StoryLibrary.family(theme: "the moon and the stars", seed: 1)?.id == "sky")
        #expect(StoryLibrary.family(theme: "the bakery in town", seed: 1)?.id == "town")
        #expect(StoryLibrary.family(theme: "a snowy night", seed: 1)?.id == "snow")
        let unthemed = Set((0..<40).map { StoryLibrary.family(theme: "", seed: UInt64($0))?.id })
        #expect(unthemed.count == 5)
    }

    @Test func theLibraryHasUniquePartsAndGentleWords() {
        var ids: [String] = StoryLibrary.sharedEpisodes.map(\.id) + StoryLibrary.goodnights.map(\.id)
        for family in StoryLibrary.families {
            #expect(family.episodes.count >= 8 && family.setups.count >= 2 && family.troubles.count >= 2)
            ids += family.episodes.map(\.id) + family.setups.map(\.id)
            ids += family.troubles.flatMap { [$0.problem.id, $0.resolution.id] }
            let text = (family.titles + family.setups.flatMap(\.all) + family.episodes.flatMap(\.all)
                        + family.troubles.flatMap { $0.problem.all + $0.resolution.all + [$0.summary] }).joined(separator: " ")
            #expect(StoryCheck.frightening(in: text, age: 2).isEmpty, "\(family.id): \(StoryCheck.frightening(in: text, age: 2))")
            for key in ["place", "path", "lights", "sound", "soft", "home", "creature", "smell", "colour", "treasure"] {
                #expect(family.words[key] != nil, "\(family.id) lacks {\(key)}")
            }
        }
        let shared = (StoryLibrary.sharedEpisodes + StoryLibrary.goodnights).flatMap(\.all).joined(separator: " ")
        #expect(StoryCheck.frightening(in: shared, age: 2).isEmpty)
        #expect(Set(ids).count == ids.count, "duplicate part ids")
        #expect(StoryLibrary.goodnights.allSatisfy { $0.ending.last?.contains("sleep") == true || $0.ending.last?.contains("asleep") == true })
    }
}

extension StoryPart {
    var all: [String] { core + extras + ending }
}

/// Reads the paragraphs of a story answer without the check.
enum FakeStoryText {
    static func paragraphs(_ text: String) -> [String]? {
        (try? JSONDecoder().decode(Story.self, from: Data(text.utf8)))?.paragraphs
    }
}
