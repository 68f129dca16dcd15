import FactoryCore
import FactoryFakeProviders
import FactoryTesting
import Foundation
import Testing

/// The fake provider server answers a kind's text through the kind's descriptor (`fakeAnswer`):
/// the test kind's note is answered only when the server is given its registration.
@Suite("Fake provider server: a registered kind's answer")
struct TestKindFakeTests {
    @Test(arguments: ["anthropic", "openai"])
    func theFakeAnswersTheTestKindThroughItsDescriptor(provider: String) async throws {
        let request = NoteBrief(prompt: "a lighthouse at dusk", seed: 3).request
        var config = FakeProviderConfig()
        config.kinds = NoteCardKind.registry
        try await FakeHarness.with(config) { fake in
            let (answer, text) = try await FakeConversationTests.write(request, provider: provider, on: fake)
            #expect(answer.status == 200)
            #expect(try NoteBrief.parse(try #require(text), item: "card") == "Look: a lighthouse at dusk")
        }
        // The standard kinds do not claim the schema: generic filler answers it, not the kind's writer.
        try await FakeHarness.with { fake in
            let (_, text) = try await FakeConversationTests.write(request, provider: provider, on: fake)
            let note = try NoteBrief.parse(try #require(text), item: "card")
            #expect(!note.hasPrefix("Look:"), "\(note)")
        }
    }
}
