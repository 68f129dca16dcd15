import FactoryCore
import Foundation

extension StoryChunker {
    /// The size of a text for both limits; adding two measures gives the measure of the texts
    /// joined (the separators are counted as their own measures).
    struct Measure {
        var scalars = 0
        var ascii = 0
        /// Token weight of the non-ASCII scalars.
        var heavy = 0.0
        var words = 0

        static let space = Measure(scalars: 1, ascii: 1)
        static let paragraphBreak = Measure(scalars: 2, ascii: 2)

        init(scalars: Int = 0, ascii: Int = 0, heavy: Double = 0, words: Int = 0) {
            self.scalars = scalars
            self.ascii = ascii
            self.heavy = heavy
            self.words = words
        }

        init(_ text: String) {
            for scalar in text.unicodeScalars {
                scalars += 1
                if scalar.isASCII { ascii += 1 } else { heavy += Self.weight(scalar) }
            }
            words = text.split(whereSeparator: \.isWhitespace).count
        }

        var tokens: Int { Int(max(Double(ascii) / 3 + heavy, Double(words) * 1.4).rounded(.up)) }

        static func weight(_ scalar: Unicode.Scalar) -> Double {
            if Story.isDenseScript(scalar) { return 2 }
            if scalar.value >= 0x2000, scalar.value != 0x200D, !(0xFE00...0xFE0F).contains(scalar.value) { return 3 }
            return 1
        }

        static func + (a: Measure, b: Measure) -> Measure {
            Measure(scalars: a.scalars + b.scalars, ascii: a.ascii + b.ascii, heavy: a.heavy + b.heavy, words: a.words + b.words)
        }
    }

    /// Both limits of one request.
    struct Limit {
        var characters: Int
        var tokens: Int

        func admits(_ measure: Measure) -> Bool { measure.scalars <= characters && measure.tokens <= tokens }

        /// A too-long sentence as pieces that each fit: after clause punctuation, then between
        /// words, then between characters.
        func split(_ sentence: String) -> [String] { split(sentence, level: 0) }

        private func split(_ text: String, level: Int) -> [String] {
            if admits(Measure(text)) { return [text] }
            let parts: [String]
            switch level {
            case 0: parts = clauses(text)
            case 1: parts = text.split(separator: " ").map(String.init)
            default: return characterPieces(text)
            }
            var pieces: [String] = []
            var current: String?
            for part in parts.flatMap({ admits(Measure($0)) ? [$0] : split($0, level: level + 1) }) {
                if let open = current, admits(Measure(open) + .space + Measure(part)) {
                    current = open + " " + part
                } else {
                    if let open = current { pieces.append(open) }
                    current = part
                }
            }
            if let open = current { pieces.append(open) }
            return pieces
        }

        /// Cut after ",", ";", ":" or a dash followed by a space.
        private func clauses(_ text: String) -> [String] {
            var parts: [String] = []
            var current = ""
            var previous: Character?
            for c in text {
                if c == " ", let p = previous, [",", ";", ":", "—", "–"].contains(p) {
                    parts.append(current)
                    current = ""
                } else {
                    current.append(c)
                }
                previous = c
            }
            if !current.isEmpty { parts.append(current) }
            return parts.filter { !$0.isEmpty }
        }

        /// The last resort: as many whole characters (grapheme clusters) as fit, piece by piece.
        private func characterPieces(_ text: String) -> [String] {
            // A piece is one word however long: its characters add scalars and weight, not words.
            let empty = Measure(words: 1)
            var pieces: [String] = []
            var current = ""
            var measure = empty
            for c in text {
                var added = Measure(String(c))
                added.words = 0
                if !current.isEmpty, !admits(measure + added) {
                    pieces.append(current)
                    current = ""
                    measure = empty
                }
                current.append(c)
                measure = measure + added
            }
            if !current.isEmpty { pieces.append(current) }
            return pieces
        }
    }

    /// Fills chunks sentence by sentence.
    struct Packer {
        let limit: Limit
        var chunks: [NarrationChunk] = []
        private var paragraphs: [[String]] = []
        private(set) var measure = Measure()

        init(limit: Limit) { self.limit = limit }

        var isEmpty: Bool { paragraphs.isEmpty }

        mutating func startParagraph() {
            if !paragraphs.isEmpty { paragraphs.append([]) }
        }

        /// Adds a unit (which fits on its own) to the open paragraph, closing the chunk first when it would not fit.
        mutating func add(_ unit: String) {
            let size = Measure(unit)
            if paragraphs.isEmpty {
                paragraphs = [[unit]]
                measure = size
                return
            }
            let separator: Measure = paragraphs[paragraphs.count - 1].isEmpty ? .paragraphBreak : .space
            if limit.admits(measure + separator + size) {
                paragraphs[paragraphs.count - 1].append(unit)
                measure = measure + separator + size
            } else {
                let newParagraph = paragraphs[paragraphs.count - 1].isEmpty
                if newParagraph { paragraphs.removeLast() }
                close(endsParagraph: newParagraph)
                paragraphs = [[unit]]
                measure = size
            }
        }

        mutating func close(endsParagraph: Bool) {
            let filled = paragraphs.filter { !$0.isEmpty }
            paragraphs = []
            measure = Measure()
            guard !filled.isEmpty else { return }
            chunks.append(NarrationChunk(text: filled.map { $0.joined(separator: " ") }.joined(separator: "\n\n"),
                                         sentences: filled.flatMap { $0 }, endsParagraph: endsParagraph))
        }
    }
}
