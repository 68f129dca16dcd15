import FactoryKinds
@testable import FactoryCore
@testable import FactoryKinds
import FactoryTesting
import Foundation
import Testing

/// An answer that repeats what the series published is refused and asked again with the repeat
/// named and listed, at most three asks in all; every ask is recorded; when all repeat, the item
/// fails with a message naming it, and nothing more is asked.
@Suite struct RepeatAskTests {
    /// Quotes and conversations from a script, recording what it was asked.
    final class Scripted: TextProvider, @unchecked Sendable {
        let name = "scripted"
        private let lock = NSLock()
        private var quotes: [String]
        private var texts: [String]
        private(set) var quoteRequests: [QuoteBrief] = []
        private(set) var writeRequests: [TextRequest] = []
        private(set) var stages: [StageName] = []
        init(quotes: [String] = [], texts: [String] = []) {
            self.quotes = quotes
            self.texts = texts
        }
        func write(_ request: TextRequest, context: CallContext) async throws -> WrittenText {
            lock.withLock {
                if let brief = request.purpose.brief as? QuoteBrief {
                    quoteRequests.append(brief)
                    stages.append(context.stage)
                    let text = quotes.count > 1 ? quotes.removeFirst() : quotes.first ?? ""
                    return WrittenText(text: QuotePrompt.answer(quote: text, attribution: "Someone"),
                                       record: GenerationRecord(stage: context.stage, provider: identity, model: "script", promptHash: "h", costUSD: 0.001))
                }
                writeRequests.append(request)
                stages.append(context.stage)
                let text = texts.count > 1 ? texts.removeFirst() : texts.first ?? ""
                return WrittenText(text: text, record: GenerationRecord(stage: context.stage, provider: identity, model: "script",
                                                                        promptHash: "h", costUSD: 0.002))
            }
        }
    }

    static let week = ISOWeek(year: 2026, week: 10)
    static let context = CallContext(item: "mon", stage: "", gateway: nil)

    /// The memory with `quotes` published by monday-motivation in earlier weeks, and the guard of item `mon`.
    static func guarding(_ quotes: [String], store: MemoryContentStore = MemoryContentStore(), item: Item) async throws -> SeriesGuard {
        for (n, quote) in quotes.enumerated() {
            try store.record(Publication(series: item.series, kind: item.kind, week: week.adding(weeks: -(n + 1)).description,
                                         item: item.id, runId: "old", entries: [Remembered(.quote, quote), Remembered(.title, quote)]))
        }
        return try await RunMemory.open(store: store, week: week, weeks: 12, runId: "now", fields: StandardKinds.registry.memoryFields).guarding(item: item)
    }

    static func poster() throws -> Item {
        let folder = try TemporaryFolder("repeat-ask")
        let path = try folder.write("""
        version: 1
        week: 2026-W10
        items:
          - { id: mon, kind: poster, day: monday, series: monday-motivation, prompt: "a hill" }
        """, to: "week.yaml")
        return try ManifestLoader.load(path: path, kinds: StandardKinds.registry).items[0]
    }

    static func request() -> QuoteBrief {
        QuoteBrief(series: .mondayMotivation, theme: "a hill", week: week, seed: 1)
    }

    @Test func aRepeatedQuoteIsAskedAgainWithTheRepeatNamedAndListed() async throws {
        let store = MemoryContentStore()
        let memory = try await Self.guarding(["Small steps every day add up to big changes."], store: store, item: try Self.poster())
        var first = Self.request()
        first.recent = memory.recentWork([.quote])
        let provider = Scripted(quotes: ["small steps, every day, add up to BIG changes!", "Small steps each day add up to big change.",
                                         "Fall seven times, stand up eight."])
        var records: [GenerationRecord] = []
        let quote = try await PosterQuote(item: "mon", provider: provider, memory: memory).ask(first, context: Self.context, records: &records)
        #expect(quote.text == "Fall seven times, stand up eight.")
        #expect(records.map(\.stage) == ["text", "text-retry", "text-retry-2"])
        #expect(abs(records.reduce(0) { $0 + $1.costUSD } - 0.003) < 1e-9, "every ask is paid and recorded")
        #expect(provider.quoteRequests[0].problem == nil)
        #expect(provider.quoteRequests[0].recent.lines[.quote] == ["Small steps every day add up to big changes."])
        let second = provider.quoteRequests[1]
        #expect(second.problem?.contains("repeats \"Small steps every day add up to big changes.\", published in 2026-W09 by mon") == true)
        #expect(second.recent.lines[.quote]?.first == "small steps, every day, add up to BIG changes!")
        #expect(provider.quoteRequests[2].problem?.contains("nearly repeats (similarity") == true)
        #expect(store.refused.map(\.stage) == ["text", "text-retry"])
        #expect(store.refused.allSatisfy { $0.earlierWeek == "2026-W09" && $0.item == "mon" })
    }

    @Test func aWriterThatOnlyRepeatsFailsAfterThreeAsksAndNeverLoops() async throws {
        let store = MemoryContentStore()
        let memory = try await Self.guarding(["Rest is part of the work."], store: store, item: try Self.poster())
        let provider = Scripted(quotes: ["Rest is part of the work!"])
        var records: [GenerationRecord] = []
        await #expect {
            _ = try await PosterQuote(item: "mon", provider: provider, memory: memory).ask(Self.request(), context: Self.context, records: &records)
        } throws: { error in
            let text = "\(error)"
            return text.contains("item mon: the scripted writer gave 3 quotes the series already published")
                && text.contains("nothing was published") && text.contains("write the quote in the manifest (`quote:`)")
                && text.contains("lower `memory.weeks`")
        }
        #expect(provider.stages == ["text", "text-retry", "text-retry-2"])
        #expect(records.count == 3 && store.refused.count == 3)
    }

    @Test func withoutAMemoryTheQuoteIsAskedOnce() async throws {
        let provider = Scripted(quotes: ["Rest is part of the work."])
        var records: [GenerationRecord] = []
        let quote = try await PosterQuote(item: "mon", provider: provider, memory: nil).ask(Self.request(), context: Self.context, records: &records)
        #expect(quote.text == "Rest is part of the work." && provider.stages == ["text"])
    }

    static func conversation(title: String, opening: String) -> String {
        let messages = (0..<7).map { i -> [String: Any] in
            ["sender": i % 2 == 0 ? "Ana" : "Ben", "text": i == 0 ? opening : (i == 6 ? "it was me all along 😈" : "line \(i) of the story"),
             "pause": NSNull(), "reaction": NSNull()]
        }
        let object: [String: Any] = ["title": title, "messages": messages,
                                     "characters": [["name": "Ana", "colour": "#FF9500", "side": "other", "avatar": "🦊"],
                                                    ["name": "Ben", "colour": "#007AFF", "side": "me", "avatar": "🐻"]]]
        return String(decoding: try! JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }

    @Test func aChatStoryWithAPublishedTitleIsAskedAgainAndTheNextOneIsKept() async throws {
        let folder = try TemporaryFolder("repeat-ask")
        let spec = ChatSpec(genre: .mystery, length: .short, prompt: "who ate the cake")
        let item = ChatWriterTests.item(spec)
        let store = MemoryContentStore()
        let memory = try await Self.guarding(["Who Ate The Cake?"], store: store, item: item)
        let provider = Scripted(texts: [Self.conversation(title: "Who ate the cake", opening: "did you see that?!"),
                                        Self.conversation(title: "The Midnight Crumbs", opening: "there are crumbs on the stairs")])
        let writer = ChatWriter(item: item, spec: spec, week: Self.week, provider: provider,
                                quarantine: folder.url.appendingPathComponent(".quarantine/chat-1"), memory: memory)
        let (conversation, records, _) = try await writer.conversation(context: CallContext(item: "chat-1", stage: "", gateway: nil))
        #expect(conversation.title == "The Midnight Crumbs")
        #expect(records.map(\.stage) == ["text", "text-retry"])
        #expect(provider.writeRequests[0].user.contains("- title: Who Ate The Cake?"), "the first ask lists what the series used")
        let second = provider.writeRequests[1].user
        #expect(second.contains("- title: Who ate the cake"), "the refused answer is listed too")
        #expect(second.contains("Your previous answer was rejected: the title \"Who ate the cake\" repeats \"Who Ate The Cake?\""))
        #expect(store.refused.map(\.field) == [.title])
    }
}
