import FactoryCore
import Foundation

/// Word timings of the whole narration (`words.json` in the bundle): each chunk's words, as its
/// voice reported them, moved to where the chunk sits in the joined narration.
enum StoryWords {
    /// `words` in a chunk's own audio → narration time, given where the chunk's sample 0 landed
    /// (`origin`) and where its speech was kept; words in trimmed silence are clamped onto the speech.
    static func place(_ words: [SpokenWord], origin: Double, speech: (start: Double, duration: Double)) -> [SpokenWord] {
        let first = speech.start, last = speech.start + speech.duration
        return words.map { word in
            let start = min(max(origin + word.start, first), last), end = min(max(origin + word.end, start), last)
            return SpokenWord(text: word.text, start: start, end: end)
        }
    }

    /// `[{"text":…,"start":…,"end":…}]`, times in seconds to the millisecond.
    static func json(_ words: [SpokenWord]) -> String {
        let rows = words.map { word -> String in
            let text = String(data: (try? JSONEncoder().encode(word.text)) ?? Data("\"\"".utf8), encoding: .utf8) ?? "\"\""
            return "  {\"text\": \(text), \"start\": " + String(format: "%.3f", word.start) + ", \"end\": " + String(format: "%.3f", word.end) + "}"
        }
        return "[\n" + rows.joined(separator: ",\n") + "\n]\n"
    }
}
