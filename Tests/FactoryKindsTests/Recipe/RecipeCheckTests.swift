@testable import FactoryCore
@testable import FactoryKinds
import Foundation
import Testing

/// The writer's recipe answers: a good one passes trimmed, a table of bad ones is rejected with the problem named.
@Suite struct RecipeCheckTests {
    static var goodFields: [String: Any] { [
        "title": "Spinach Feta Omelette", "hook": "Sad spinach? Breakfast sorted",
        "steps": [["title": "Whisk three eggs with salt", "secondsHint": 2],
                  ["title": "Wilt spinach in butter", "secondsHint": NSNull()],
                  ["title": "Fold in the feta and serve", "secondsHint": 2.5]],
        "timeMinutes": 10, "costDollars": 3.5, "calories": 390, "ingredients": ["eggs", "spinach", "feta"],
    ] }

    static func answer(_ changes: [String: Any] = [:], removing: [String] = []) -> String {
        var fields = goodFields.merging(changes) { _, new in new }
        for key in removing { fields.removeValue(forKey: key) }
        return String(decoding: try! JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys]), as: UTF8.self)
    }

    static func steps(_ titles: [String]) -> [[String: Any]] { titles.map { ["title": $0, "secondsHint": NSNull()] } }

    @Test func aGoodAnswerPassesTrimmed() throws {
        let padded = Self.answer(["title": "  Spinach Feta Omelette ", "hook": "   ", "ingredients": [" eggs ", "spinach"],
                                  "steps": Self.steps([" Whisk the eggs well ", "Cook them low", "Fold and serve"])])
        let recipe = try RecipeCheck.validate(padded).get()
        #expect(recipe.title == "Spinach Feta Omelette")
        #expect(recipe.hook == nil)
        #expect(recipe.steps.first?.title == "Whisk the eggs well")
        #expect(recipe.ingredients == ["eggs", "spinach"])
        #expect(recipe.timeMinutes == 10 && recipe.costDollars == 3.5 && recipe.calories == 390)
    }

    @Test func jsonInsideProseOrACodeFenceIsRead() throws {
        let fenced = "Here is your recipe:\n```json\n" + Self.answer() + "\n```\nEnjoy!"
        let recipe = try RecipeCheck.validate(fenced).get()
        #expect(recipe.steps.map(\.secondsHint) == [2, nil, 2.5])
    }

    @Test func wholeNumbersWrittenAsDecimalsAndNullsAreAccepted() throws {
        let recipe = try RecipeCheck.validate(Self.answer(["timeMinutes": 15.0, "calories": NSNull(), "costDollars": NSNull()])).get()
        #expect(recipe.timeMinutes == 15 && recipe.calories == nil && recipe.costDollars == nil)
    }

    @Test func anOddSecondsHintIsDroppedNotRejected() throws {
        let recipe = try RecipeCheck.validate(Self.answer(["steps": [["title": "Simmer the sauce slowly", "secondsHint": 600],
                                                                     ["title": "Boil the pasta", "secondsHint": 2],
                                                                     ["title": "Toss together and serve", "secondsHint": -1]]])).get()
        #expect(recipe.steps.map(\.secondsHint) == [nil, 2, nil])
    }

    struct Bad: CustomTestStringConvertible, Sendable {
        var name: String
        var text: String
        var expected: String
        var testDescription: String { name }
    }

    static let bad: [Bad] = [
        Bad(name: "not JSON", text: "Sure! Here is a recipe: {\"title\": \"Omel", expected: "not the JSON object"),
        Bad(name: "an array", text: "[1, 2, 3]", expected: "not the JSON object"),
        Bad(name: "no steps", text: answer(removing: ["steps"]), expected: "not the JSON object"),
        Bad(name: "steps as strings", text: answer(["steps": ["a", "b", "c"]]), expected: "not the JSON object"),
        Bad(name: "empty title", text: answer(["title": "  "]), expected: "the title is empty"),
        Bad(name: "long title", text: answer(["title": String(repeating: "Tasty ", count: 12)]), expected: "the title has 71 characters"),
        Bad(name: "long hook", text: answer(["hook": String(repeating: "so good ", count: 11)]), expected: "the hook has 87 characters"),
        Bad(name: "one step", text: answer(["steps": steps(["Cook everything in one pan"])]), expected: "there is 1 step; write 3–7"),
        Bad(name: "two steps", text: answer(["steps": steps(["Chop it all", "Cook it all"])]), expected: "there are 2 steps"),
        Bad(name: "eight steps", text: answer(["steps": steps((1...8).map { "Do step number \($0) now" })]), expected: "there are 8 steps"),
        Bad(name: "empty step", text: answer(["steps": steps(["Chop the onion", " ", "Serve it hot"])]), expected: "step 2 is empty"),
        Bad(name: "a paragraph for a step",
            text: answer(["steps": steps(["Chop", String(repeating: "stir it ", count: 10), "Serve"])]), expected: "step 2 has 20 words"),
        Bad(name: "no ingredients", text: answer(["ingredients": [String]()]), expected: "there are no ingredients"),
        Bad(name: "missing ingredients", text: answer(removing: ["ingredients"]), expected: "there are no ingredients"),
        Bad(name: "empty ingredient", text: answer(["ingredients": ["eggs", ""]]), expected: "an ingredient is empty"),
        Bad(name: "zero minutes", text: answer(["timeMinutes": 0]), expected: "timeMinutes is 0"),
        Bad(name: "a day of cooking", text: answer(["timeMinutes": 600]), expected: "timeMinutes is 600"),
        Bad(name: "negative cost", text: answer(["costDollars": -2]), expected: "costDollars is -2.0"),
        Bad(name: "a fortune", text: answer(["costDollars": 250.5]), expected: "costDollars is 250.5"),
        Bad(name: "too many calories", text: answer(["calories": 4200]), expected: "calories is 4200"),
        Bad(name: "negative calories", text: answer(["calories": -10]), expected: "calories is -10"),
    ]

    @Test(arguments: bad) func aBadAnswerIsRejectedWithItsProblem(_ row: Bad) {
        switch RecipeCheck.validate(row.text) {
        case .success: Issue.record("\(row.name) was accepted")
        case .failure(let problems): #expect(problems.description.contains(row.expected), "\(problems)")
        }
    }

    @Test func everyProblemIsListed() {
        let text = Self.answer(["title": "", "steps": Self.steps(["Cook"]), "calories": 9000])
        guard case .failure(let problems) = RecipeCheck.validate(text) else {
            Issue.record("accepted")
            return
        }
        #expect(problems.list.count == 3, "\(problems.list)")
    }
}
