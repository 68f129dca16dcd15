@testable import FactoryCore
@testable import FactoryProviders
import Foundation
import Testing

/// The offline libraries pick only entries the series has not used recently, and say so, naming
/// the item and the ways out, when every entry has been used.
@Suite struct OfflineExhaustionTests {
    static let context = CallContext(item: "mon", stage: "text", gateway: nil)

    @Test func theQuoteLibrarySkipsRecentQuotesAndSaysWhenItIsExhausted() async throws {
        let week = ISOWeek(year: 2026, week: 10)
        let all = QuoteLibrary.quotes(for: .mondayMotivation).map(\.text)
        let usual = try #require(QuoteLibrary.pick(series: .mondayMotivation, week: week))
        let avoiding = try #require(QuoteLibrary.pick(series: .mondayMotivation, week: week, avoid: RecentWork([.quote: [usual.text]])))
        #expect(avoiding.text != usual.text)
        // Every quote but one used: that one is picked.
        let left = try #require(all.last)
        let nearlyAll = RecentWork([.quote: all.filter { $0 != left }])
        #expect(QuoteLibrary.pick(series: .mondayMotivation, week: week, avoid: nearlyAll)?.text == left)
        #expect(QuoteLibrary.pick(series: .mondayMotivation, week: week, avoid: RecentWork([.quote: all])) == nil)
        let request = QuoteRequest(series: .mondayMotivation, theme: "a hill", week: week, seed: 1, recent: RecentWork([.quote: all]))
        await #expect {
            _ = try await OfflineTextProvider().quote(request, context: Self.context)
        } throws: { error in
            let text = "\(error)"
            return text.contains("item mon: the offline quote library is exhausted: every monday-motivation quote it has (\(all.count))")
                && text.contains("write the quote in the manifest (`quote:`)") && text.contains("lower `memory.weeks`")
        }
    }

    @Test func theChatScriptsOfAGenreRunOutAfterEveryTitleWasUsed() throws {
        let scripts = ChatScripts.scripts(for: .romance)
        #expect(scripts.count >= 12, "a quarter of a year of weekly romances")
        var brief = ConversationBrief(prompt: "a wrong-number text turns into a first date", genre: .romance, mood: .funny, length: .short,
                                      messageCount: 8, cast: [], personalities: [:], seed: 3)
        var titles: [String] = []
        for _ in scripts {
            let written = try #require(OfflineChatWriter.write(brief))
            titles.append(written.conversation.title)
            brief.recent = brief.recent.adding(written.conversation.title, as: .title)
        }
        #expect(Set(titles).count == scripts.count)
        #expect(titles.first == "Wrong number, right person", "the prompt's keywords still choose first")
        #expect(OfflineChatWriter.write(brief) == nil)
    }
}
