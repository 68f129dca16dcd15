@testable import FactoryKinds
@testable import FactoryCore
import FactoryProviders
import Foundation
import Testing

/// The offline libraries pick only entries the series has not used recently, and say so, naming
/// the item and the ways out, when every entry has been used.
@Suite struct OfflineExhaustionTests {
    static let context = CallContext(item: "mon", stage: "text", gateway: nil)

    @Test func theQuoteLibrarySkipsRecentQuotesAndSaysWhenItIsExhausted() async throws {
        let week = ISOWeek(year: 2026, week: 10)
        let all = QuoteLibrary.quotes(for: .mondayMotivation, in: .standard).map(\.text)
        let usual = try #require(QuoteLibrary.pick(series: .mondayMotivation, week: week, in: .standard))
        let avoiding = try #require(QuoteLibrary.pick(series: .mondayMotivation, week: week, avoid: RecentWork([.quote: [usual.text]]), in: .standard))
        #expect(avoiding.text != usual.text)
        // Every quote but one used: that one is picked.
        let left = try #require(all.last)
        let nearlyAll = RecentWork([.quote: all.filter { $0 != left }])
        #expect(QuoteLibrary.pick(series: .mondayMotivation, week: week, avoid: nearlyAll, in: .standard)?.text == left)
        #expect(QuoteLibrary.pick(series: .mondayMotivation, week: week, avoid: RecentWork([.quote: all]), in: .standard) == nil)
        let request = QuoteBrief(series: .mondayMotivation, theme: "a hill", week: week, seed: 1, recent: RecentWork([.quote: all]))
        await #expect {
            _ = try await OfflineTextProvider(kinds: StandardKinds.registry).write(QuotePrompt.request(request), context: Self.context)
        } throws: { error in
            let text = "\(error)"
            return text.contains("item mon: the offline quote library is exhausted: every monday-motivation quote it has (\(all.count))")
                && text.contains("write the quote in the manifest (`quote:`)") && text.contains("lower `memory.weeks`")
        }
    }

    @Test func theChatScriptsOfAGenreRunOutAfterEveryTitleWasUsed() throws {
        let scripts = ChatScripts.scripts(for: .romance, in: .standard)
        #expect(scripts.count >= 12, "a quarter of a year of weekly romances")
        var brief = ConversationBrief(prompt: "a wrong-number text turns into a first date", genre: .romance, mood: .funny, length: .short,
                                      messageCount: 8, cast: [], personalities: [:], seed: 3)
        var titles: [String] = []
        for _ in scripts {
            let written = try #require(OfflineChatWriter.write(brief, library: .standard))
            titles.append(written.conversation.title)
            brief.recent = brief.recent.adding(written.conversation.title, as: .title)
        }
        #expect(Set(titles).count == scripts.count)
        #expect(titles.first == "Wrong number, right person", "the prompt's keywords still choose first")
        #expect(OfflineChatWriter.write(brief, library: .standard) == nil)
    }

    /// Every pair of `texts` (with its similarity) at or above `limit`.
    static func closePairs(_ texts: [String], limit: Double) -> [String] {
        var out: [String] = []
        for i in texts.indices {
            for j in texts.indices where j > i {
                let score = RepeatMeasure.similarity(texts[i], texts[j])
                if score >= limit { out.append("\(texts[i]) ~ \(texts[j]): \(score)") }
            }
        }
        return out
    }

    /// A weekly story series stays in its setting: week after week (the previous titles and premises
    /// fed back as `recent`, the seed changing with the week) it gets a new title and premise, each
    /// well apart from every earlier one, for a quarter of a year; then the library says it is exhausted.
    @Test(arguments: [("forest", "an evening in the forest"), ("sea", "a night at the beach"), ("sky", "the moon and the stars"),
                      ("town", "the little town's bakery"), ("snow", "a snowy winter night")])
    func aStoryFamilyGivesAQuarterOfAYearOfDifferentStories(family: String, theme: String) async throws {
        let library = try #require(StoryLibrary.families.first { $0.id == family })
        #expect(library.troubles.count >= 14 && library.troubles.allSatisfy { !$0.titles.isEmpty }, "\(family): \(library.troubles.count) troubles")
        var brief = StoryBrief(name: "Mia", age: 5, theme: theme, minutes: 3, seed: 0)
        var titles: [String] = [], premises: [String] = []
        for week in 1...13 {
            brief.seed = UInt64(week) * 7919
            let written = try #require(OfflineStoryWriter.write(brief, library: .standard), "\(family) week \(week)")
            #expect(written.family == family)
            #expect(StoryCheck.problems(written.story, brief: brief).isEmpty, "\(family) week \(week): \(StoryCheck.problems(written.story, brief: brief))")
            titles.append(written.story.title)
            premises.append(written.story.summary)
            brief.recent = brief.recent.adding(written.story.title, as: .title).adding(written.story.summary, as: .premise)
        }
        #expect(Set(titles).count == 13 && Set(premises).count == 13)
        // Below the refusal (0.5) with room to spare: under review's "close" mark (0.35).
        #expect(RepeatMeasure.close < RepeatMeasure.nearRepeat)
        #expect(Self.closePairs(titles, limit: RepeatMeasure.close).isEmpty, "\(family) titles: \(Self.closePairs(titles, limit: RepeatMeasure.close))")
        #expect(Self.closePairs(premises, limit: RepeatMeasure.close).isEmpty, "\(family) premises: \(Self.closePairs(premises, limit: RepeatMeasure.close))")

        // What is left is used up, and then the library is exhausted and says so.
        var more = 0
        while let written = OfflineStoryWriter.write(brief, library: .standard), more < 100 {
            more += 1
            brief.recent = brief.recent.adding(written.story.title, as: .title).adding(written.story.summary, as: .premise)
        }
        #expect(13 + more == library.troubles.count, "\(family): \(13 + more) stories before running out")
        #expect(OfflineStoryWriter.write(brief, library: .standard) == nil)
        let total = 13 + more, request = StoryPrompt.request(brief)
        await #expect {
            _ = try await OfflineTextProvider(kinds: StandardKinds.registry).write(request, context: CallContext(item: "sat-bedtime", stage: "text", gateway: nil))
        } throws: { error in
            let text = "\(error)"
            return text.contains("item sat-bedtime: the offline story library is exhausted: every \(family) story it has (\(total))")
                && text.contains("change the theme") && text.contains("lower `memory.weeks`")
        }
    }

    /// Drama, comedy and horror each have a new script (title and opening) every week for a quarter
    /// of a year, none near another, and then the genre is exhausted and says so.
    @Test(arguments: [Genre.drama, .comedy, .horror])
    func aChatGenreGivesAQuarterOfAYearOfDifferentScripts(genre: Genre) async throws {
        let scripts = ChatScripts.scripts(for: genre, in: .standard)
        #expect(scripts.count >= 14, "\(genre): \(scripts.count) scripts")
        var brief = ConversationBrief(prompt: "", genre: genre, mood: .dramatic, length: .short, messageCount: 8, cast: [],
                                      personalities: [:], seed: 11)
        var titles: [String] = [], premises: [String] = []
        while let written = OfflineChatWriter.write(brief, library: .standard), titles.count <= scripts.count {
            titles.append(written.conversation.title)
            premises.append(written.conversation.premise)
            brief.recent = brief.recent.adding(written.conversation.title, as: .title).adding(written.conversation.premise, as: .premise)
            brief.seed += 1
        }
        #expect(titles.count == scripts.count, "\(genre): \(titles.count) of \(scripts.count) scripts before running out")
        #expect(Set(titles).count == titles.count && Set(premises).count == premises.count)
        #expect(Self.closePairs(titles, limit: RepeatMeasure.nearRepeat).isEmpty, "\(genre) titles: \(Self.closePairs(titles, limit: RepeatMeasure.nearRepeat))")
        #expect(Self.closePairs(premises, limit: RepeatMeasure.nearRepeat).isEmpty, "\(genre) premises: \(Self.closePairs(premises, limit: RepeatMeasure.nearRepeat))")
        #expect(OfflineChatWriter.write(brief, library: .standard) == nil)
        let request = ChatPrompt.request(brief)
        await #expect {
            _ = try await OfflineTextProvider(kinds: StandardKinds.registry).write(request, context: CallContext(item: "chat", stage: "script", gateway: nil))
        } throws: { error in
            "\(error)".contains("item chat: the offline chat-script library is exhausted: every \(genre.rawValue) script it has (\(scripts.count))")
        }
    }
}
