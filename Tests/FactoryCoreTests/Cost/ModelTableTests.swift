import FactoryCore
import Foundation
import Testing

@Suite("The model table (models.json)")
struct ModelTableTests {
    let table = ModelTable.bundled

    @Test("every row says where it came from, its role and what it may carry")
    func rowsAreComplete() throws {
        #expect(table.rows.count >= 15)
        #expect(DayMath.days(from: table.checked, to: "2026-11-24") != nil)
        for row in table.rows {
            #expect(!row.source.isEmpty && !row.date.isEmpty, "\(row.model)")
            switch row.role {
            case .text: #expect(row.maxOutputTokens != nil && row.outputPerMillion != nil, "\(row.model)")
            case .speech: #expect(row.voices?.isEmpty == false, "\(row.model)")
            case .image: #expect(row.family != nil && row.parameters?.contains("positivePrompt") == true, "\(row.model)")
            }
            if let thinking = row.thinking {
                #expect(thinking.billedAsOutput == true, "\(row.model)")
                #expect(["adaptive", "off"].contains(thinking.default), "\(row.model)")
            }
        }
    }

    @Test("the defaults are in the table and live well past mid-2027 (speech: none is; see docs/providers.md)")
    func defaultsAreLive() throws {
        for (provider, model) in [(ProviderID.anthropic, ModelDefaults.anthropicText), (.openai, ModelDefaults.openAIText)] {
            let row = try #require(table.spec(provider: provider, model: model))
            #expect(row.retires == nil || row.retires ?? "" > "2027-07-01", "\(model)")
        }
        #expect(table.spec(provider: .runware, model: ModelDefaults.image) != nil)
        #expect(table.spec(provider: .openai, model: ModelDefaults.speech)?.role == .speech)
    }

    @Test("retired: an error naming the successor; within 30 days: a warning; further off: nothing")
    func retirements() throws {
        let error = #expect(throws: FactoryError.self) {
            try table.check(provider: .anthropic, model: "claude-sonnet-4-5-20250929", role: .text, on: "2026-11-30")
        }
        #expect(error?.message.contains("claude-sonnet-5-5") == true)
        let soon = table.retirementWarning(provider: .openai, model: "tts-1", on: "2026-12-10")
        #expect(soon?.contains("2027-01-06") == true && soon?.contains("27 days") == true)
        #expect(table.retirementWarning(provider: .openai, model: "tts-1", on: "2026-11-24") == nil)
        #expect(table.retirementWarning(provider: .anthropic, model: "claude-sonnet-5-5", on: "2026-12-10") == nil)
        let warnings = table.retirementWarnings([.init(provider: .openai, model: "gpt-4o-mini", role: .text),
                                                 .init(provider: .openai, model: "gpt-4o-mini", role: .text)], on: "2027-01-01")
        #expect(warnings.count == 1)
    }

    @Test("Runware: a known row, a family pattern at its ceiling, or nothing; dated snapshots find their row")
    func lookups() {
        #expect(table.spec(provider: .runware, model: "bfl:2@1")?.fixedPrice == true)
        #expect(table.spec(provider: .runware, model: "bfl:7@3")?.ceiling == true)
        #expect(table.spec(provider: .runware, model: "civitai:1@2")?.family == "sd")
        #expect(table.spec(provider: .runware, model: "google:1@1") == nil)
        #expect(table.spec(provider: .anthropic, model: "claude-haiku-4-5-20251001")?.model == "claude-haiku-4-5")
    }

    @Test("prices: cache reads and writes at their own rates; thinking counted as output in the estimate")
    func prices() throws {
        let sonnet = try #require(table.spec(provider: .anthropic, model: "claude-sonnet-5-5"))
        #expect(abs(sonnet.actualTokens(input: 1_000_000, output: 0, cacheWrite: 0, cacheRead: 0) - 2) < 1e-9)
        #expect(abs(sonnet.actualTokens(input: 0, output: 0, cacheWrite: 0, cacheRead: 1_000_000) - 0.10) < 1e-9)
        #expect(abs(sonnet.actualTokens(input: 0, output: 0, cacheWrite: 1_000_000, cacheRead: 0) - 2.5) < 1e-9)
        let estimate = sonnet.tokens(input: 100, expectedOutput: 100, maxOutput: 5_000, expectedThinking: 1_000)
        #expect(abs(estimate.usd - (100 * 2 + 1_100 * 10) / 1e6) < 1e-12)
        #expect(abs(estimate.maxUSD - (100 * 2 + 5_000 * 10) / 1e6) < 1e-12)
        let bfl = try #require(table.spec(provider: .runware, model: "bfl:2@1"))
        #expect(bfl.images(count: 1, width: 1024, height: 1024, steps: nil).usd == bfl.images(count: 1, width: 512, height: 512, steps: nil).usd)
    }
}
