import FactoryCore
import Foundation

/// A bedtime story as the writer answers it and the bundle keeps it: a title, the paragraphs
/// read aloud, a one-line summary and a prompt for the cover illustration. This is the JSON the
/// text provider is asked for; `story.md` is its title and paragraphs.
public struct Story: Sendable, Codable, Equatable {
    public var title: String
    public var paragraphs: [String]
    public var summary: String
    public var illustrationPrompt: String

    public init(title: String, paragraphs: [String], summary: String, illustrationPrompt: String) {
        self.title = title
        self.paragraphs = paragraphs
        self.summary = summary
        self.illustrationPrompt = illustrationPrompt
    }

    /// Words of the paragraphs (not the title), counted by `Story.words(in:)`.
    public var wordCount: Int { paragraphs.reduce(0) { $0 + Self.words(in: $1) } }

    /// "# Title\n\nparagraph\n\nparagraph\n": the bundle's `story.md` and the override file's shape.
    public var markdown: String {
        (["# \(title)"] + paragraphs).joined(separator: "\n\n") + "\n"
    }

    /// Words as a listener hears them: runs of letters or digits separated by spaces count one
    /// each, and every ideograph, kana or hangul syllable counts one (those scripts have no spaces).
    public static func words(in text: String) -> Int {
        var count = 0
        for token in text.split(whereSeparator: \.isWhitespace) {
            let dense = token.unicodeScalars.filter(isDenseScript).count
            let rest = token.unicodeScalars.contains { !isDenseScript($0) && ($0.properties.isAlphabetic || $0.properties.numericType != nil) }
            count += dense + (rest ? 1 : 0)
        }
        return count
    }

    /// CJK ideographs, kana and hangul: scripts written without spaces between words.
    package static func isDenseScript(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0x20000...0x2FA1F: true
        default: false
        }
    }

    /// Why an override file cannot be read.
    public struct MarkdownError: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// The title (the first `# ` heading) and paragraphs (blocks between blank lines, their lines
    /// joined with a space) of a story written as Markdown. Text before the title, `<!-- -->`
    /// comment lines and further headings' `#` marks are dropped; a leading byte-order mark and
    /// Windows line ends are accepted.
    public static func parse(markdown: String) throws -> (title: String, paragraphs: [String]) {
        var text = markdown.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        var title: String?
        var paragraphs: [String] = []
        var block: [String] = []
        func close() {
            if !block.isEmpty { paragraphs.append(block.joined(separator: " ")) }
            block = []
        }
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("<!--") && line.hasSuffix("-->") { continue }
            if title == nil {
                if line.hasPrefix("# ") || line == "#" { title = String(line.dropFirst()).trimmingCharacters(in: .whitespaces) }
                continue
            }
            if line.isEmpty { close(); continue }
            if line.hasPrefix("#") {
                close()
                let heading = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
                if !heading.isEmpty { paragraphs.append(heading) }
                continue
            }
            block.append(line)
        }
        close()
        guard let title, !title.isEmpty else {
            throw MarkdownError(description: "the story has no title: start it with a line like `# Luna and the Sleepy Moon`")
        }
        guard !paragraphs.isEmpty else {
            throw MarkdownError(description: "the story \"\(title)\" has no paragraphs: write the text below the title, a blank line between paragraphs")
        }
        return (title, paragraphs)
    }
}

/// What the story writer is asked for: the hero, the companion, the theme, the length and the
/// language of a bedtime item, and its seed.
public struct StoryBrief: TextBrief, Equatable {
    /// The hero's name, age (2–12), looks, traits and special ability.
    public var name: String
    public var age: Int
    public var appearance: String?
    public var traits: [String]
    public var ability: String?
    public var companion: String?
    public var theme: String
    /// Minutes of narration asked for, 1–20.
    public var minutes: Int
    /// A language code ("en", "fr", "de"…).
    public var language: String
    public var seed: UInt64
    /// Titles and premises the series published recently: the prompt lists them, the offline writer skips them.
    public var recent: RecentWork = RecentWork()

    public init(name: String, age: Int, appearance: String? = nil, traits: [String] = [], ability: String? = nil,
                companion: String? = nil, theme: String, minutes: Int, language: String = "en", seed: UInt64) {
        self.name = name
        self.age = age
        self.appearance = appearance
        self.traits = traits
        self.ability = ability
        self.companion = companion
        self.theme = theme
        self.minutes = minutes
        self.language = language
        self.seed = seed
    }

    /// Words of narration asked for: `StoryPrompt.wordsPerMinute` a minute.
    public var targetWords: Int { max(1, minutes) * StoryPrompt.wordsPerMinute }

    /// Whether the story is written in English (the frightening-word list and the ending check are English).
    public var isEnglish: Bool {
        let code = language.lowercased()
        return code.isEmpty || code == "en" || code.hasPrefix("en-") || code.hasPrefix("en_") || code == "english"
    }
}
