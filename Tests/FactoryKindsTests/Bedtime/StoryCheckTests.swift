@testable import FactoryCore
@testable import FactoryKinds
import Foundation
import Testing

/// What makes an answer a story we can narrate, and what each rejection says to the writer.
@Suite struct StoryCheckTests {
    static let brief = StoryBrief(name: "Mia", age: 5, companion: "Hoot the owl", theme: "the forest", minutes: 1, seed: 3)

    /// About `words` words of gentle text naming Mia, ending asleep, in paragraphs of ~40 words.
    static func paragraphs(words: Int, name: String = "Mia") -> [String] {
        let sentence = "The quiet wood was soft and green tonight."   // 8 words
        var body: [String] = ["\(name) walked with Hoot under the trees."]   // 8 words
        while body.count * 8 < words - 8 { body.append(sentence) }
        body.append("Then \(name) fell asleep at last.")   // 6 words
        return stride(from: 0, to: body.count, by: 5).map { body[$0..<min(body.count, $0 + 5)].joined(separator: " ") }
    }

    static func json(title: String = "Mia and the Moon", paragraphs: [String] = paragraphs(words: 130),
                     summary: String = "Mia walks in the wood and falls asleep.",
                     illustration: String = "Mia and an owl in a moonlit wood, watercolour.") -> String {
        let object: [String: Any] = ["title": title, "paragraphs": paragraphs, "summary": summary, "illustrationPrompt": illustration]
        return String(decoding: try! JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }

    @Test func aGoodStoryPassesTrimmed() throws {
        let story = try StoryCheck.validate("Here you go:\n```json\n" + Self.json(title: "  Mia and the Moon \n") + "\n```",
                                            brief: Self.brief).get()
        #expect(story.title == "Mia and the Moon")
        #expect(StoryCheck.wordRange(Self.brief).contains(story.wordCount))
        #expect(story.markdown.hasPrefix("# Mia and the Moon\n\nMia walked") && story.markdown.hasSuffix("asleep at last.\n"))
    }

    @Test func theLengthWindowIsTwentyPercent() {
        #expect(StoryCheck.wordRange(Self.brief) == 104...156)
        var five = Self.brief
        five.minutes = 5
        #expect(StoryCheck.wordRange(five) == 520...780)
        #expect(five.targetWords == 650)
    }

    struct Bad: CustomStringConvertible, Sendable {
        var description: String
        var answer: String
        var problem: String
        var age = 5
        var language = "en"
    }

    static let bad: [Bad] = [
        Bad(description: "not JSON", answer: "Once upon a time, Mia…", problem: "not the JSON object asked for"),
        Bad(description: "cut off", answer: String(json().prefix(60)), problem: "not the JSON object asked for"),
        Bad(description: "missing field", answer: #"{"title": "T", "paragraphs": ["Mia slept."]}"#, problem: "not the JSON object asked for"),
        Bad(description: "far too short", answer: json(paragraphs: ["Mia walked home and fell asleep."]),
            problem: "the story has 6 words; a 1-minute story has 104–156 (about 130)"),
        Bad(description: "far too long", answer: json(paragraphs: paragraphs(words: 400)), problem: "a 1-minute story has 104–156"),
        Bad(description: "hero never named", answer: json(paragraphs: paragraphs(words: 130, name: "Leo")),
            problem: "the hero Mia is never named in the story"),
        Bad(description: "empty title", answer: json(title: "  "), problem: "the title is empty"),
        Bad(description: "overlong title", answer: json(title: String(repeating: "Moon ", count: 20)), problem: "keep it to 8 words"),
        Bad(description: "empty summary", answer: json(summary: ""), problem: "the summary is empty"),
        Bad(description: "empty illustration prompt", answer: json(illustration: " "), problem: "the illustration prompt is empty"),
        Bad(description: "no paragraphs", answer: json(paragraphs: []), problem: "there are no paragraphs"),
        Bad(description: "an empty paragraph", answer: json(paragraphs: paragraphs(words: 130) + [" "]), problem: "paragraph 5 is empty"),
        Bad(description: "an overlong paragraph", answer: json(paragraphs: [paragraphs(words: 130).joined(separator: " ")
                                                                            + String(repeating: " And the wood was calm.", count: 40)]),
            problem: "paragraph 1 is over 1200 characters"),
        Bad(description: "blood and screaming", answer: json(paragraphs: paragraphs(words: 130) .map { $0.replacingOccurrences(of: "soft and green", with: "full of blood") }
                                                              + ["Mia heard a scream, then fell asleep."]),
            problem: "too frightening for a 5-year-old at bedtime (blood, scream)"),
        Bad(description: "a monster for a four-year-old",
            answer: json(paragraphs: ["A monster lived in the wood."] + paragraphs(words: 124)), problem: "(monster)", age: 4),
        Bad(description: "a nightmare, in capitals", answer: json(paragraphs: ["It was a NIGHTMARE."] + paragraphs(words: 126)),
            problem: "(nightmare)"),
        Bad(description: "no falling asleep", answer: json(paragraphs: paragraphs(words: 130).dropLast() + ["Mia went home and ate a biscuit, smiling."]),
            problem: "the last paragraph does not end with Mia falling asleep"),
    ]

    @Test(arguments: bad)
    func badAnswersAreRejectedWithTheProblemStated(_ example: Bad) {
        var brief = Self.brief
        brief.age = example.age
        brief.language = example.language
        guard case .failure(let problems) = StoryCheck.validate(example.answer, brief: brief) else {
            Issue.record("\(example.description) was accepted")
            return
        }
        #expect(problems.description.contains(example.problem), "\(problems)")
    }

    @Test func gentleWordsAreFineAndAgeMatters() {
        #expect(StoryCheck.frightening(in: "A gentle dragon yawned and the fox curled up in the dark.", age: 3).isEmpty)
        #expect(StoryCheck.frightening(in: "A friendly monster and a silly ghost.", age: 9).isEmpty)
        #expect(StoryCheck.frightening(in: "A friendly monster and a silly ghost.", age: 4) == ["monster", "ghost"])
        #expect(StoryCheck.frightening(in: "The die-hard killer attacked.", age: 10) == ["killer", "attacked"])
        #expect(StoryCheck.frightening(in: "Skill and dedication.", age: 3).isEmpty, "whole words only")
    }

    @Test func sleepIsRecognisedHoweverItIsSaid() {
        for ending in ["Mia drifted off, smiling.", "And Mia slept until morning.", "Her eyes fluttered shut.", "Off to dreamland went Mia.",
                       "Good night, Mia."] {
            #expect(StoryCheck.endsInSleep(ending), "\(ending)")
        }
        #expect(!StoryCheck.endsInSleep("Mia ate a biscuit."))
    }

    @Test func otherLanguagesSkipTheEnglishWordLists() throws {
        var brief = Self.brief
        brief.language = "de"
        let german = Self.paragraphs(words: 130).map { $0.replacingOccurrences(of: "The quiet wood", with: "Die Katze") }
        let story = try StoryCheck.validate(Self.json(paragraphs: german.dropLast() + ["Mia und die Katze schlafen."]), brief: brief).get()
        #expect(story.paragraphs.count == german.count)
        #expect(!brief.isEnglish && Self.brief.isEnglish)
    }

    @Test func wordsCountIdeographsAndIgnorePunctuation() {
        #expect(Story.words(in: "Mia's owl — Hoot — yawned… twice!") == 5)
        #expect(Story.words(in: "小狐狸睡了。") == 5)
        #expect(Story.words(in: "Luna 和 小狐狸") == 5)
    }

    @Test func markdownRoundTrips() throws {
        let story = Story(title: "Mia and the Moon", paragraphs: ["One line.", "Two lines here."], summary: "s", illustrationPrompt: "p")
        #expect(story.markdown == "# Mia and the Moon\n\nOne line.\n\nTwo lines here.\n")
        let parsed = try Story.parse(markdown: story.markdown)
        #expect(parsed.title == story.title && parsed.paragraphs == story.paragraphs)
        let edited = try Story.parse(markdown: "\u{FEFF}<!-- edited -->\r\n# Title  \r\n\r\nA line\r\nwrapped here.\n\n\n## Part two\nMore.\n")
        #expect(edited.title == "Title" && edited.paragraphs == ["A line wrapped here.", "Part two", "More."])
        #expect(throws: Story.MarkdownError.self) { try Story.parse(markdown: "No title here.\n\nText.") }
        #expect(throws: Story.MarkdownError.self) { try Story.parse(markdown: "# Only a title\n") }
    }

    @Test func thePromptAsksForTheBriefAndTheSchemaIsClosed() throws {
        let brief = StoryBrief(name: "Mia", age: 5, appearance: "red hair", traits: ["brave"], ability: "can talk to animals",
                               companion: "Hoot the owl", theme: "the forest", minutes: 10, language: "fr", seed: 12_345)
        let request = StoryPrompt.request(brief)
        #expect(request.schemaName == "bedtime_story" && request.seed == 12_345)
        for part in ["Mia, 5 years old", "red hair", "brave", "can talk to animals", "Hoot the owl", "the forest", "about 1300 words",
                     "between 1040 and 1560", "French", "Variation 2345"] {
            #expect(request.user.contains(part), "\(part) missing from \(request.user)")
        }
        #expect(request.system.contains("falls asleep") && request.system.contains("Nothing frightening"))
        #expect(request.maxOutputTokens >= request.expectedOutputTokens && request.expectedOutputTokens > 1300)
        let schema = request.schemaObject
        #expect(schema["additionalProperties"] as? Bool == false)
        #expect(Set(schema["required"] as? [String] ?? []) == ["title", "paragraphs", "summary", "illustrationPrompt"])
        if let asked = request.purpose.brief as? StoryBrief { #expect(asked == brief) } else { Issue.record("not .story") }
        #expect(StoryPrompt.request(brief, problem: "too short").user.hasSuffix("Your previous answer was rejected: too short. Write the whole story again and fix that."))
    }

    @Test func everyVoiceHasItsOwnCalmInstructions() {
        let all = Voice.allCases.map(BedtimeVoices.instructions(for:))
        #expect(all.count == 13 && Set(all).count == 13)
        #expect(all.allSatisfy { $0.contains("slowly") && $0.contains("softly") && $0.count < 1500 })
        #expect(BedtimeVoices.instructions(for: .fable).contains("grandfather"))
        #expect(BedtimeVoices.instructions(for: .coral).contains("nurturing"))
    }
}
