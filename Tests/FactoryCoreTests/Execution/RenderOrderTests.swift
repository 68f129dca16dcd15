@testable import FactoryCore
import FactoryKinds
import Foundation
import Testing

/// Renders take the pool longest first; equal work keeps manifest order.
struct RenderOrderTests {
    @Test func theLongestRenderGoesFirstAndTiesKeepManifestOrder() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("order-\(UUID().uuidString).yaml")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data("""
        version: 1
        week: 2026-W48
        timezone: UTC
        items:
          - { id: p1, kind: poster, day: monday, series: monday-motivation, prompt: "a hill" }
          - { id: p2, kind: poster, day: tuesday, series: monday-motivation, prompt: "a lake" }
          - { id: sq, kind: poster, day: tuesday, series: monday-motivation, prompt: "a lake", format: square }
          - { id: r1, kind: recipe-video, day: wednesday, template: snap-reveal, prompt: "fried rice" }
          - { id: b1, kind: bedtime-story, day: saturday, hero: { name: Mia, age: 5 }, theme: "the forest", length_minutes: 2 }
        """.utf8).write(to: url)
        let items = try ManifestLoader.load(path: url.path, kinds: StandardKinds.registry).items
        let order = RenderOrder.priorities(items)
        #expect(order == ["b1": 0, "r1": 1, "p1": 2, "p2": 3, "sq": 4])
    }
}
