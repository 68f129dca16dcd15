import FactoryCore
import FactoryImaging
import FactoryMedia
import Foundation

/// Picks the most dramatic moment of a chat story for its cover: the message that shouts, shocks
/// or reveals most, weighted towards the twist at the end, just after its bubble has landed.
enum ChatCover {
    static let dramaticEmoji: Set<Character> = ["😱", "💀", "😳", "👀", "😭", "🔪", "👻", "😡", "🤯", "💔", "❤", "😨", "🙀", "⚠"]

    /// How dramatic one message reads.
    static func score(_ text: String, index: Int, count: Int, reaction: Bool) -> Double {
        var s = 0.0
        s += 2 * Double(text.filter { $0 == "!" }.count)
        s += Double(text.filter { $0 == "?" }.count)
        if text.contains("…") || text.contains("...") { s += 1 }
        s += 3 * Double(text.filter { dramaticEmoji.contains($0) }.count)
        let words = text.split(separator: " ")
        s += 2 * Double(words.filter { $0.count >= 3 && $0 == $0.uppercased() && $0.contains(where: \.isLetter) }.count)
        if reaction { s += 2 }
        if index >= count - 3 { s += 3 }
        return s
    }

    /// The instant the cover shows: half a second after the chosen bubble appears (its pop is over).
    static func moment(conversation: Conversation, timeline: ChatTimeline) -> Double {
        let n = conversation.messages.count
        guard n > 0 else { return timeline.chatStart }
        var best = 0, bestScore = -1.0
        for (i, m) in conversation.messages.enumerated() {
            let s = score(m.text, index: i, count: n, reaction: m.reaction != nil)
            if s >= bestScore { best = i; bestScore = s }
        }
        let entry = timeline.entries[best]
        return min(entry.appear + 0.5, timeline.endCardStart - 0.05)
    }

    /// Draws the frame at `time` with the video's own compositor and saves it 720 px wide.
    static func save(_ scene: Scene, at time: Double, to path: String) throws {
        let rgb = SceneRenderer.snapshot(scene, at: time)
        let image = try Image.from(pixels: rgb, width: scene.width, height: scene.height, bands: 3)
        try image.resized(scale: 720.0 / Double(scene.width)).saveJPEG(to: path, quality: 86)
    }
}
