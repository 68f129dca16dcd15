import FactoryCore
import Foundation

/// Reads a writer's answer and decides whether it is a bedtime story we can narrate: the JSON
/// shape, the length (±20 % of minutes × 130 words), the hero named, every field present, no
/// overlong paragraph and nothing frightening for the child's age. Each problem is said in words
/// the writer can act on (it is sent back with the one retry).
public enum StoryCheck {
    /// The length may differ from the target by this share either way.
    public static let lengthTolerance = 0.2
    /// A paragraph longer than this is hard to follow aloud (and to caption).
    public static let maxParagraphCharacters = 1200
    public static let maxTitleCharacters = 80

    /// Words too frightening at any age. Whole words, lowercase; a gentle dragon is fine.
    public static let frighteningAlways: Set<String> = [
        "attack", "attacked", "attacking", "attacks", "blood", "bloody", "bleed", "bleeding", "bled", "bomb", "bombs",
        "corpse", "corpses", "dead", "death", "deadly", "die", "died", "dies", "dying", "gore", "gory", "gun", "guns",
        "horror", "horrible", "horrifying", "kill", "killed", "killer", "killing", "kills", "knife", "knives", "murder",
        "murdered", "nightmare", "nightmares", "poison", "poisoned", "scream", "screamed", "screaming", "screams",
        "stab", "stabbed", "terror", "terrified", "terrifying", "torture", "war", "weapon", "weapons",
        "zombie", "zombies", "vampire", "vampires", "demon", "demons", "evil", "wounded", "injured", "shriek",
        "shrieked", "gruesome", "kidnapped", "drowned", "drowning",
    ]
    /// Words too frightening for the youngest listeners (up to `youngAge`), fine in an older child's story.
    public static let frighteningYoung: Set<String> = [
        "monster", "monsters", "ghost", "ghosts", "witch", "witches", "skeleton", "skeletons", "haunted", "creepy",
        "scary", "spooky", "fangs", "snarled", "trapped", "frightening", "frightened",
    ]
    public static let youngAge = 5
    /// Words that show the story ends in sleep (English only).
    static let sleepWords = ["sleep", "asleep", "sleeping", "sleepy", "slept", "dream", "dreams", "dreaming", "dreamed", "dreamt",
                             "dreamland", "goodnight", "snooze", "snoozing", "slumber", "dozed", "dozing", "night-night"]
    static let sleepPhrases = ["good night", "drifted off", "nodded off", "closed her eyes", "closed his eyes", "closed their eyes",
                               "closed both eyes", "eyes closed", "eyes fluttered shut"]

    /// Words allowed: minutes × 130, ±20 %.
    public static func wordRange(_ brief: StoryBrief) -> ClosedRange<Int> {
        let target = Double(brief.targetWords)
        return Int((target * (1 - lengthTolerance)).rounded(.up))...Int((target * (1 + lengthTolerance)).rounded(.down))
    }

    /// The answer as a story (every text trimmed), or every problem found.
    public static func validate(_ text: String, brief: StoryBrief) -> Result<Story, ConversationCheck.Problems> {
        guard let data = ConversationCheck.jsonObjectText(text).data(using: .utf8),
              var story = try? JSONDecoder().decode(Story.self, from: data) else {
            return .failure(.init(["the answer is not the JSON object asked for (title, paragraphs, summary, illustrationPrompt)"]))
        }
        story.title = trimmed(story.title)
        story.summary = trimmed(story.summary)
        story.illustrationPrompt = trimmed(story.illustrationPrompt)
        story.paragraphs = story.paragraphs.map(trimmed)
        let problems = problems(story, brief: brief)
        return problems.isEmpty ? .success(story) : .failure(.init(problems))
    }

    /// Problems of a story whose text is already trimmed.
    package static func problems(_ story: Story, brief: StoryBrief) -> [String] {
        var problems: [String] = []
        if story.title.isEmpty { problems.append("the title is empty") }
        if story.title.count > maxTitleCharacters {
            problems.append("the title has \(story.title.count) characters; keep it to 8 words")
        }
        if story.summary.isEmpty { problems.append("the summary is empty; write one sentence saying what happens") }
        if story.illustrationPrompt.isEmpty { problems.append("the illustration prompt is empty; describe one calm cover picture") }
        if story.paragraphs.isEmpty { problems.append("there are no paragraphs") }
        let empty = story.paragraphs.indices.filter { story.paragraphs[$0].isEmpty }
        if !empty.isEmpty { problems.append("paragraph\(empty.count == 1 ? "" : "s") \(list(empty.map { $0 + 1 })) \(empty.count == 1 ? "is" : "are") empty") }
        let long = story.paragraphs.indices.filter { story.paragraphs[$0].count > maxParagraphCharacters }
        if !long.isEmpty {
            problems.append("paragraph\(long.count == 1 ? "" : "s") \(list(long.map { $0 + 1 })) \(long.count == 1 ? "is" : "are") over "
                            + "\(maxParagraphCharacters) characters; split long paragraphs")
        }
        let words = story.wordCount
        let range = wordRange(brief)
        if !story.paragraphs.isEmpty, !range.contains(words) {
            problems.append("the story has \(words) words; a \(brief.minutes)-minute story has \(range.lowerBound)–\(range.upperBound) "
                            + "(about \(brief.targetWords))")
        }
        let body = story.paragraphs.joined(separator: "\n")
        if !story.paragraphs.isEmpty, !names(brief.name, in: body) {
            problems.append("the hero \(brief.name) is never named in the story")
        }
        if brief.isEnglish {
            let found = frightening(in: ([story.title, story.summary] + story.paragraphs).joined(separator: "\n"), age: brief.age)
            if !found.isEmpty {
                problems.append("the story uses words too frightening for a \(brief.age)-year-old at bedtime (\(found.joined(separator: ", "))); "
                                + "keep it gentle and safe")
            }
            if let last = story.paragraphs.last, !last.isEmpty, !endsInSleep(last) {
                problems.append("the last paragraph does not end with \(brief.name) falling asleep")
            }
        }
        return problems
    }

    /// The frightening words of `text` for a child of `age`, in order of first use.
    public static func frightening(in text: String, age: Int) -> [String] {
        var found: [String] = []
        for word in lowercaseWords(text) where !found.contains(word) {
            if frighteningAlways.contains(word) || (age <= youngAge && frighteningYoung.contains(word)) { found.append(word) }
        }
        return found
    }

    /// Whether `name` appears in `text` as a word (case and accents aside; a possessive counts).
    static func names(_ name: String, in text: String) -> Bool {
        let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]
        var searched = text.startIndex..<text.endIndex
        while let hit = text.range(of: name, options: options, range: searched) {
            let before = hit.lowerBound == text.startIndex ? nil : text[text.index(before: hit.lowerBound)]
            let after = hit.upperBound == text.endIndex ? nil : text[hit.upperBound]
            if !(before?.isLetter ?? false) && !(after?.isLetter ?? false) { return true }
            searched = hit.upperBound..<text.endIndex
        }
        return false
    }

    static func endsInSleep(_ paragraph: String) -> Bool {
        let words = Set(lowercaseWords(paragraph))
        let lowered = paragraph.lowercased()
        return sleepWords.contains { words.contains($0) } || sleepPhrases.contains { lowered.contains($0) }
    }

    static func lowercaseWords(_ text: String) -> [String] {
        text.lowercased().split { !$0.isLetter && $0 != "-" }.map { String($0).trimmingCharacters(in: CharacterSet(charactersIn: "-")) }
    }

    static func list(_ numbers: [Int]) -> String {
        let shown = numbers.prefix(5).map(String.init).joined(separator: ", ")
        return numbers.count > 5 ? shown + " and \(numbers.count - 5) more" : shown
    }

    static func trimmed(_ text: String) -> String { text.trimmingCharacters(in: .whitespacesAndNewlines) }
}
