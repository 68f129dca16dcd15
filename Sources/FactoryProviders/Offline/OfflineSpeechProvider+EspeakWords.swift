import FactoryCore
import FactoryMedia
import Foundation

extension OfflineSpeechProvider {
    /// Word timings from espeak-ng's own word events: one `SpokenWord` for each word of `text` (a
    /// whitespace-separated token with a letter or digit, as written, the same words Piper's
    /// alignment gives), in seconds from the start of the audio.
    ///
    /// An event names the character where its word starts (counting Unicode scalars from 1); the
    /// written word holding that character takes the event's time. A written word read as several
    /// spoken ones ("1984", "five-year-old") starts with the first and ends with the last; a word
    /// no event names is an instant where the previous one ended. Empty without events.
    static func espeakWordTimings(text: String, events: [Espeak.WordEvent]) -> [SpokenWord] {
        var written: [(text: String, scalars: Range<Int>)] = []
        var offset = 0, current: (start: Int, text: String)?
        for scalar in text.unicodeScalars {
            if CharacterSet.whitespacesAndNewlines.contains(scalar) {
                if let word = current { written.append((word.text, word.start..<offset)) }
                current = nil
            } else {
                current = (current?.start ?? offset, (current?.text ?? "") + String(scalar))
            }
            offset += 1
        }
        if let word = current { written.append((word.text, word.start..<offset)) }
        written = written.filter { $0.text.contains { $0.isLetter || $0.isNumber } }
        guard !written.isEmpty, !events.isEmpty else { return [] }
        var spans = [(start: Int, end: Int)?](repeating: nil, count: written.count)
        var reached = 0
        // An event of no length names no word: espeak-ng 1.51 sends one at a clause's pause that points
        // back at the comma before it (seen: "time," then "in" … then one at the comma, 2.4 s later),
        // which would stretch a word over the next dozen. Words come in reading order, so an event
        // that points back is not taken either.
        for event in events where event.length > 0 {
            let at = event.textPosition - 1
            // The word holding the event's first character, else the next one after it.
            guard let index = written.firstIndex(where: { $0.scalars.contains(at) }) ?? written.firstIndex(where: { $0.scalars.lowerBound > at }),
                  index >= reached
            else { continue }
            reached = index
            let span = spans[index]
            spans[index] = (span?.start ?? event.startMilliseconds, max(span?.end ?? 0, event.endMilliseconds))
        }
        var words: [SpokenWord] = []
        var last = 0.0
        for (index, word) in written.enumerated() {
            guard let span = spans[index] else {
                words.append(SpokenWord(text: word.text, start: last, end: last))
                continue
            }
            let start = max(last, Double(span.start) / 1000), end = max(start, Double(span.end) / 1000)
            words.append(SpokenWord(text: word.text, start: start, end: end))
            last = end
        }
        return words
    }
}
