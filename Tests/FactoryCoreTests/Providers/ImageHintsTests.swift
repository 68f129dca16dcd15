@testable import FactoryCore
import Foundation
import Testing

@Suite("Image hints")
struct ImageHintsTests {
    @Test("typed hints encode as the flat string map they replaced, and read it back")
    func flatOnTheWire() throws {
        let style: ImageHints.Key = "style"
        let hints = ImageHints(kind: Kind("recipe-video"), week: "2026-W48", prompt: "a bowl of soup", own: ["role": "meal", style: "photographic"])
        let expected = ["kind": "recipe-video", "week": "2026-W48", "prompt": "a bowl of soup", "role": "meal", "style": "photographic"]
        #expect(hints.flat == expected)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(try encoder.encode(hints) == encoder.encode(expected), "a stored request reads as before")
        let decoded = try JSONDecoder().decode(ImageHints.self, from: encoder.encode(expected))
        #expect(decoded == hints && decoded.kind == Kind("recipe-video") && decoded[style] == "photographic")
        // Nothing set: an empty map, and no "kind" key that would send the request to a kind's artist.
        #expect(ImageHints().flat.isEmpty && ImageHints(flat: [:]).kind == nil)
    }
}
