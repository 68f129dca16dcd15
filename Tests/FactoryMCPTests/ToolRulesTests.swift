import FactoryCore
import FactoryTesting
import Foundation
import MCP
import Testing
@testable import FactoryMCP

/// The rules the tools apply before any command runs: the cost confirmation, the CLI's lines read
/// back, validate's problems with line, column and fix, and no secret in an answer.
@Suite struct ToolRulesTests {
    @Test func nothingIsMadeWithoutAConfirmationOfAtLeastTheEstimate() {
        #expect(CostConfirmation.refusal(confirmed: nil, estimateUSD: 0)?.contains("confirm_cost_usd") == true)
        #expect(CostConfirmation.refusal(confirmed: nil, estimateUSD: 0.0123)?.contains("$0.0123") == true)
        #expect(CostConfirmation.refusal(confirmed: 0.01, estimateUSD: 0.0123)?.contains("below the estimate") == true)
        #expect(CostConfirmation.refusal(confirmed: -1, estimateUSD: 0) != nil)
        #expect(CostConfirmation.refusal(confirmed: 0.0123, estimateUSD: 0.0123) == nil)
        // The estimate as printed (rounded to 4 places) is enough.
        #expect(CostConfirmation.refusal(confirmed: 0.0123, estimateUSD: 0.01234) == nil)
        #expect(CostConfirmation.refusal(confirmed: 0.0122, estimateUSD: 0.01234) != nil)
        #expect(CostConfirmation.refusal(confirmed: 0, estimateUSD: 0) == nil)
    }

    @Test func stageLinesAndTheRegenerationCostAreReadBack() throws {
        let line = try #require(StageLine(#"stage item=p1 stage=image-2 provider=runware model=runware:101@1 status=failed seconds=4.21 cost_usd=0.003800 cached=false reason="HTTP 500: \"busy\" now""#))
        #expect(line.item == "p1" && line.stage == "image-2" && line.status == "failed")
        #expect(line.fields["reason"] == #"HTTP 500: "busy" now"#)
        #expect(line.summary == #"p1 image-2 failed (runware, $0.0038): HTTP 500: "busy" now"#)
        #expect(StageLine("making 3 of 3 items") == nil)
        let cost = try #require(FactoryTools.regenerationCost("regenerate p1 (poster): stage image\nestimated cost $0.0230 (at most $0.0300)"))
        #expect(cost.usd == 0.023 && cost.max == 0.03)
        #expect(FactoryTools.regenerationCost("nothing here") == nil)
    }

    @Test func aBadManifestGivesLineColumnAndFix() throws {
        let folder = try TemporaryFolder("mcp-validate")
        let path = try folder.write("version: 1\nweek: 2026-W48\nitems:\n  - { id: a, kind: postr, day: monday }\n", to: "week.yaml")
        let answer = FactoryTools.check(path, shown: path, week: nil, kinds: NoteCardKind.registry)
        #expect(!answer.valid)
        let problem = try #require(answer.problems.first)
        #expect(problem.line == 4 && problem.column == 20 && problem.path == "items[0].kind")
        #expect(problem.fix == #"did you mean "poster"?"#)
        #expect(answer.text.hasPrefix("\(path):4:20: items[0].kind: "))
        #expect(FactoryTools.fix("no fix here") == nil)
    }

    @Test func noSecretReachesAnAnswer() {
        let key = "sk-mcp-test-\(UUID().uuidString)"
        #expect(SecretEnvironment.isSecret("OPENAI_API_KEY") && SecretEnvironment.isSecret("TIKTOK_REFRESH_TOKEN")
                && SecretEnvironment.isSecret("FACTORY_DATABASE_URL") && !SecretEnvironment.isSecret("HOME"))
        #expect(SecretEnvironment.register(["OPENAI_API_KEY": key, "HOME": "/root"]) == 1)
        let answer = ToolAnswer.success("the key is \(key)", .object(["deep": .array([.string("still \(key)")])]))
        let encoded = String(decoding: (try? JSONEncoder().encode(answer)) ?? Data(), as: UTF8.self)
        #expect(!encoded.isEmpty && !encoded.contains(key))
        #expect(!String(describing: ToolAnswer.error("failed with \(key)")).contains(key))
    }
}
