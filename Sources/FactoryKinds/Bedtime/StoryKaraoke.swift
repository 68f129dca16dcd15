import FactoryCore
import Foundation

/// The read-along's word timing as caption files players understand: `captions.vtt` with a WebVTT
/// cue timestamp (`<00:00:04.208>`) before each word, and `captions.ass`, Advanced SubStation
/// Alpha with karaoke tags (`{\k21}`: centiseconds until the next word), for players and editors
/// that colour the words as they are read.
public enum StoryKaraoke {
    /// WebVTT: one cue per sentence; inside it each word after the first is preceded by the time it
    /// is heard. The W3C format wants every inner timestamp after the cue's start, after the one
    /// before it and before the cue's end (to the millisecond), so those that are not are left out.
    /// Cue text is escaped (`&`, `<`, `>`).
    public static func vtt(_ readAlong: ReadAlong) -> String {
        var out = "WEBVTT\n"
        for sentence in readAlong.sentences {
            let cueStart = milliseconds(sentence.cue.start), cueEnd = milliseconds(sentence.cue.end)
            out += "\n\(vttStamp(cueStart)) --> \(vttStamp(cueEnd))\n"
            let characters = Array(sentence.cue.text)
            var at = 0, last = cueStart
            for word in sentence.words {
                out += escapeVTT(String(characters[at..<word.core.lowerBound]))
                let stamp = milliseconds(word.start)
                if stamp > last, stamp < cueEnd {
                    out += "<\(vttStamp(stamp))>"
                    last = stamp
                }
                at = word.core.lowerBound
            }
            out += escapeVTT(String(characters[at...])) + "\n"
        }
        return out
    }

    /// How the `.ass` file looks: the frame, the type and where the lines sit.
    public struct Look: Sendable, Equatable {
        public var width: Int
        public var height: Int
        public var fontSize: Int
        /// Pixels from the bottom edge to the lowest line, and from each side.
        public var marginBottom: Int
        public var marginSide: Int

        public init(width: Int, height: Int, fontSize: Int, marginBottom: Int, marginSide: Int) {
            self.width = width
            self.height = height
            self.fontSize = fontSize
            self.marginBottom = marginBottom
            self.marginSide = marginSide
        }
    }

    /// Advanced SubStation Alpha (v4.00+) at the video's size: one Dialogue line per sentence, bottom
    /// centre inside the safe zone, cream Inter with a navy outline; each word is a karaoke syllable
    /// (`{\kN}`, N centiseconds until the next word starts, the last until the sentence leaves)
    /// that turns the warm highlight colour as it is read. Times are rounded to the centisecond
    /// once and the durations taken as differences, so they never drift from the words.
    public static func ass(_ readAlong: ReadAlong, look: Look, title: String) -> String {
        var out = """
        [Script Info]
        ; Written by ContentFactory: the read-along's word timing.
        Title: \(assText(title))
        ScriptType: v4.00+
        PlayResX: \(look.width)
        PlayResY: \(look.height)
        WrapStyle: 0
        ScaledBorderAndShadow: yes

        [V4+ Styles]
        Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
        Style: ReadAlong,Inter,\(look.fontSize),\(assColour(highlight)),\(assColour(text)),\(assColour(outline)),&H80000000,-1,0,0,0,100,100,0,0,1,3,1,2,\(look.marginSide),\(look.marginSide),\(look.marginBottom),1

        [Events]
        Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text

        """
        for sentence in readAlong.sentences {
            let start = centiseconds(sentence.cue.start), end = max(start, centiseconds(sentence.cue.end))
            out += "Dialogue: 0,\(assStamp(start)),\(assStamp(end)),ReadAlong,,0,0,0,,\(karaoke(sentence, start: start, end: end))\n"
        }
        return out
    }

    /// The warm highlight, the sentence's cream and the navy outline (as the video's).
    static let highlight = "#FFD98E", text = "#FFF8E7", outline = "#0B1026"

    /// A sentence's text with a `{\kN}` before each word (and before any text ahead of the first
    /// word, for the wait until it is read).
    static func karaoke(_ sentence: ReadAlong.Sentence, start: Int, end: Int) -> String {
        let characters = Array(sentence.cue.text)
        guard !sentence.words.isEmpty else { return assText(sentence.cue.text) }
        var out = ""
        var time = start
        let first = sentence.words[0].core.lowerBound
        let firstStart = min(end, max(start, centiseconds(sentence.words[0].start)))
        if firstStart > start || first > 0 {
            out += "{\\k\(firstStart - start)}" + assText(String(characters[0..<first]))
            time = firstStart
        }
        for (i, word) in sentence.words.enumerated() {
            let next = i + 1 < sentence.words.count ? min(end, max(time, centiseconds(sentence.words[i + 1].start))) : end
            let upTo = i + 1 < sentence.words.count ? sentence.words[i + 1].core.lowerBound : characters.count
            out += "{\\k\(max(0, next - time))}" + assText(String(characters[word.core.lowerBound..<upTo]))
            time = max(time, next)
        }
        return out
    }

    static func milliseconds(_ seconds: Double) -> Int { max(0, Int((seconds * 1000).rounded())) }
    static func centiseconds(_ seconds: Double) -> Int { max(0, Int((seconds * 100).rounded())) }

    /// 00:00:04.208
    static func vttStamp(_ ms: Int) -> String {
        String(format: "%02d:%02d:%02d.%03d", ms / 3_600_000, (ms / 60_000) % 60, (ms / 1000) % 60, ms % 1000)
    }

    /// 0:00:04.21
    static func assStamp(_ cs: Int) -> String {
        String(format: "%d:%02d:%02d.%02d", cs / 360_000, (cs / 6000) % 60, (cs / 100) % 60, cs % 100)
    }

    /// `#RRGGBB` → `&H00BBGGRR` (ASS is alpha, blue, green, red).
    static func assColour(_ hex: String) -> String {
        let digits = Array(hex.dropFirst("#".count))
        guard digits.count == 6 else { return "&H00FFFFFF" }
        return "&H00" + String(digits[4...5]) + String(digits[2...3]) + String(digits[0...1])
    }

    static func escapeVTT(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    /// Text as an ASS line takes it: braces would open override blocks and a backslash a command.
    static func assText(_ text: String) -> String {
        text.replacingOccurrences(of: "{", with: "(").replacingOccurrences(of: "}", with: ")")
            .replacingOccurrences(of: "\\", with: "/").replacingOccurrences(of: "\n", with: " ")
    }
}
