import FactoryKinds
@testable import FactoryCore
@testable import FactoryKinds
import FactoryTesting
import Foundation
import Testing

/// Getting the recipe: one retry with the problem stated, a second bad answer fails the item with
/// both raw answers kept, and a recipe written in the manifest calls no provider.
@Suite struct RecipeWriterTests {
    /// Answers from a script, recording what it was asked.
    final class Scripted: TextProvider, @unchecked Sendable {   // every access to the lists holds `lock`
        let name = "scripted"
        private let lock = NSLock()
        private var answers: [String]
        private var requests: [TextRequest] = []
        init(_ answers: [String]) { self.answers = answers }
        var asked: [TextRequest] { lock.withLock { requests } }
        func write(_ request: TextRequest, context: CallContext) async throws -> WrittenText {
            lock.withLock {
                requests.append(request)
                let text = answers.isEmpty ? "" : answers.removeFirst()
                return WrittenText(text: text, record: GenerationRecord(stage: context.stage, provider: identity, model: "script",
                                                                        promptHash: "h", costUSD: 0.001))
            }
        }
    }

    /// A recipe item's settings, decoded the way the manifest loader does.
    struct Decoded: Decodable {
        var spec: RecipeSpec
        init(from decoder: Decoder) throws { spec = try RecipeSpec(from: decoder) }
    }

    static func spec(_ json: String) throws -> RecipeSpec {
        try JSONDecoder().decode(Decoded.self, from: Data(json.utf8)).spec
    }

    static func writer(_ spec: RecipeSpec, _ provider: any TextProvider, _ folder: TemporaryFolder, seed: UInt64? = 11) -> RecipeWriter {
        let item = Item(id: "recipe-1", kind: .recipeVideo, day: .wednesday, date: "2026-11-25", format: .story, music: nil,
                        musicVolume: 0.6, quality: .draft, seed: seed, title: nil, caption: nil, hashtags: [], content: spec)
        return RecipeWriter(item: item, spec: spec, week: ISOWeek(year: 2026, week: 48), provider: provider,
                            quarantine: folder.url.appendingPathComponent(".quarantine/recipe-1"))
    }

    static let context = CallContext(item: "recipe-1", stage: "", gateway: nil)

    static func good(steps: Int) -> String {
        let object: [String: Any] = [
            "title": "Egg Fried Rice", "hook": "Day-old rice, best fried rice", "timeMinutes": 15, "costDollars": 4, "calories": 470,
            "ingredients": ["cooked rice", "eggs", "peas"],
            "steps": (1...steps).map { ["title": "Fry the rice, round \($0)", "secondsHint": NSNull()] },
        ]
        return String(decoding: try! JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }

    @Test func aBadAnswerIsRetriedOnceWithTheProblemStated() async throws {
        let folder = try TemporaryFolder("recipe-writer")
        let provider = Scripted([Self.good(steps: 1), Self.good(steps: 4)])
        let (recipe, records, source) = try await Self.writer(try Self.spec(#"{"prompt": "leftover rice"}"#), provider, folder)
            .recipe(context: Self.context)
        #expect(recipe.steps.count == 4 && recipe.title == "Egg Fried Rice")
        #expect(records.map(\.stage) == ["text", "text-retry"])
        #expect(source == "scripted")
        let asked = provider.asked
        #expect(asked.count == 2 && asked.allSatisfy { $0.schemaName == "recipe_video" })
        #expect(asked[0].user.contains("leftover rice") && asked[0].user.contains("Variation 11"))
        #expect(asked[1].user.contains("Your previous answer was rejected: there is 1 step; write 3–7"))
        if let brief = asked[0].purpose.brief as? RecipeBrief { #expect(brief == RecipeBrief(prompt: "leftover rice", seed: 11)) }
        else { Issue.record("the request's purpose is not .recipe") }
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(".quarantine").path))
    }

    @Test func twoBadAnswersFailTheItemAndKeepTheRawText() async throws {
        let folder = try TemporaryFolder("recipe-writer")
        let spec = try Self.spec(#"{"prompt": "leftover rice"}"#)
        do {
            _ = try await Self.writer(spec, Scripted([Self.good(steps: 9), "still not json"]), folder).recipe(context: Self.context)
            Issue.record("two bad answers were accepted")
        } catch let error as FactoryError {
            #expect("\(error)".contains("item recipe-1"), "\(error)")
            #expect("\(error)".contains("rejected twice"))
            #expect("\(error)".contains(".quarantine/recipe-1"))
            #expect("\(error)".contains("`recipe:`"))
        }
        let kept = folder.url.appendingPathComponent(".quarantine/recipe-1")
        #expect(try String(contentsOf: kept.appendingPathComponent("writer-answer-1.txt"), encoding: .utf8).contains("round 9"))
        #expect(try String(contentsOf: kept.appendingPathComponent("writer-answer-2.txt"), encoding: .utf8) == "still not json")
        #expect(try String(contentsOf: kept.appendingPathComponent("reason.txt"), encoding: .utf8).contains("not the JSON object"))
    }

    @Test func aManifestRecipeCallsNoProvider() async throws {
        let folder = try TemporaryFolder("recipe-writer")
        let spec = try Self.spec(#"""
            {"recipe": {"title": "Greek Salad", "steps": ["Chop", "Dress", "Serve"], "time_minutes": 10, "cost_dollars": 8.5,
                        "ingredients": ["tomatoes", "feta"]}, "cta": "Save it"}
            """#)
        let provider = Scripted([])
        let (recipe, records, source) = try await Self.writer(spec, provider, folder).recipe(context: Self.context)
        #expect(provider.asked.isEmpty && records.isEmpty && source == "manifest")
        #expect(recipe == Recipe(title: "Greek Salad", steps: ["Chop", "Dress", "Serve"].map { Recipe.Step(title: $0) },
                                 timeMinutes: 10, costDollars: 8.5, ingredients: ["tomatoes", "feta"]))
    }

    @Test func withoutAnItemSeedTheBriefIsSeededByItemAndWeek() throws {
        let folder = try TemporaryFolder("recipe-writer")
        let spec = try Self.spec(#"{"prompt": "tacos"}"#)
        let a = Self.writer(spec, Scripted([]), folder, seed: nil).brief()
        #expect(a == Self.writer(spec, Scripted([]), folder, seed: nil).brief())
        #expect(a.seed == Seed.from("recipe-1", "2026-W48", "recipe") && a.prompt == "tacos")
    }

    @Test func recipeJSONUsesCamelCaseKeys() throws {
        let recipe = Recipe(title: "Soup", hook: nil, steps: [.init(title: "Boil", secondsHint: 2)], timeMinutes: 30,
                            costDollars: 5, calories: 220, ingredients: ["leeks"])
        let object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(recipe)) as? [String: Any])
        #expect(Set(object.keys) == ["title", "steps", "timeMinutes", "costDollars", "calories", "ingredients"])
        #expect((object["steps"] as? [[String: Any]])?.first?["secondsHint"] as? Double == 2)
        #expect(try JSONDecoder().decode(Recipe.self, from: JSONEncoder().encode(recipe)) == recipe)
    }
}
