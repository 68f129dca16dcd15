@testable import FactoryCore
@testable import FactoryKinds
import Testing

/// The seed's text mapping rules, one table per rule.
@Suite struct RecipeTextRulesTests {
    static func recipe(hook: String? = nil, steps: [String] = ["Whisk the eggs", "Cook them", "Eat"], minutes: Int? = nil,
                       dollars: Double? = nil, ingredients: [String] = []) -> Recipe {
        Recipe(title: "Omelette", hook: hook, steps: steps.map { Recipe.Step(title: $0) }, timeMinutes: minutes,
               costDollars: dollars, ingredients: ingredients)
    }

    struct HookRow: Sendable, CustomTestStringConvertible {
        var hook: String?
        var minutes: Int?
        var dollars: Double?
        var expected: String
        var testDescription: String { expected }
    }

    @Test(arguments: [
        HookRow(hook: "Sad spinach, happy breakfast", minutes: 10, dollars: 3, expected: "Sad spinach, happy breakfast"),
        HookRow(hook: "  Trimmed hook \n", minutes: nil, dollars: nil, expected: "Trimmed hook"),
        HookRow(hook: nil, minutes: 20, dollars: 7, expected: "Fridge chaos → dinner in 20 min ($7)"),
        HookRow(hook: "   ", minutes: 20, dollars: 6.5, expected: "Fridge chaos → dinner in 20 min ($7)"),
        HookRow(hook: nil, minutes: 12, dollars: 4.49, expected: "Fridge chaos → dinner in 12 min ($4)"),
        HookRow(hook: nil, minutes: nil, dollars: 9, expected: "Fridge chaos → dinner in 15 min ($9)"),
        HookRow(hook: nil, minutes: 30, dollars: nil, expected: "Fridge chaos → dinner in 30 min ($)"),
        HookRow(hook: "", minutes: nil, dollars: nil, expected: "Fridge chaos → dinner in 15 min ($)"),
    ])
    func hookOrFallback(_ row: HookRow) {
        #expect(RecipeTextRules.hook(Self.recipe(hook: row.hook, minutes: row.minutes, dollars: row.dollars)) == row.expected)
    }

    @Test(arguments: [
        ([], []),
        (["eggs"], ["Eggs"]),
        (["eggs", "spinach", "garlic", "feta"], ["Eggs", "Spinach", "Garlic"]),
        (["", " leeks ", "éclair"], ["Leeks", "Éclair"]),
        (["twenty chars exactly"], ["Twenty chars exactly"]),
        (["twenty-one characters"], ["Twenty-one charac..."]),
        (["extra virgin olive oil"], ["Extra virgin oliv..."]),
        (["fresh mozzarella cheese"], ["Fresh mozzarella..."]),
        (["crème fraîche"], ["Crème fraîche"]),
    ] as [([String], [String])])
    func ingredientLabels(_ ingredients: [String], _ expected: [String]) {
        let labels = RecipeTextRules.ingredientLabels(Self.recipe(ingredients: ingredients))
        #expect(labels == expected)
        #expect(labels.allSatisfy { $0.count <= 20 })
    }

    @Test func truncationKeepsExactlyTwentyIncludingTheDots() {
        let label = RecipeTextRules.ingredientLabels(Self.recipe(ingredients: ["abcdefghijklmnopqrstuvwxyz"]))
        #expect(label == ["Abcdefghijklmnopq..."])
        #expect(label.first?.count == 20)
    }

    @Test(arguments: [
        (["Whisk eggs, salt & pepper!", "Cook (gently) for 2–3 min.", "Serve."], ["1. Whisk eggs salt & pepper", "2. Cook gently for 2–3 min", "3. Serve"]),
        (["Don't over-stir the stir-fry", "Add 1.5 cups, or 1/2 if small", "Heat to 400°F"],
         ["1. Don't over-stir the stir-fry", "2. Add 1.5 cups or 1/2 if small", "3. Heat to 400°F"]),
        (["Slowly fold the whipped egg whites into the chocolate mixture, taking care not to knock out the air",
          "Bake", "Rest"],
         ["1. Slowly fold the whipped egg whites into", "2. Bake", "3. Rest"]),
        (["...", "Chop onion", "“Sear” the steak"], ["1. Chop onion", "2. Sear the steak"]),
    ] as [([String], [String])])
    func stepLines(_ steps: [String], _ expected: [String]) {
        #expect(RecipeTextRules.stepLines(Self.recipe(steps: steps)) == expected)
    }

    @Test func aStepLongerThanSixtyCharactersIsCutToSevenWords() {
        let long = "Sear the marinated chicken thighs skin side down in a very hot cast iron skillet"
        #expect(long.count > 60)
        let line = RecipeTextRules.stepLines(Self.recipe(steps: [long, "Rest", "Slice"]))[0]
        #expect(line == "1. Sear the marinated chicken thighs skin side")
        #expect(line.dropFirst(3).split(separator: " ").count == 7)
    }

    @Test(arguments: [(7, 6, 6), (7, 3, 3), (4, 6, 4), (5, 0, 0)])
    func atMostMaxSteps(count: Int, max: Int, expected: Int) {
        let steps = (1...count).map { "Step number \($0)" }
        let lines = RecipeTextRules.stepLines(Self.recipe(steps: steps), max: max)
        #expect(lines.count == expected)
        #expect(lines.last.map { $0.hasPrefix("\(expected). ") } ?? (expected == 0))
    }

    @Test func ctaPoolIsTheSeedsFive() {
        #expect(RecipeTextRules.ctaPool == ["Comment 'RECIPE' for details", "Save for grocery day 🛒", "Try this tonight? 👇",
                                          "Save & try this tonight ✨", "From fridge → plate 😎"])
    }

    @Test(arguments: [(UInt64(0), nil, "Comment 'RECIPE' for details"), (1, nil, "Save for grocery day 🛒"),
                      (4, nil, "From fridge → plate 😎"), (5, nil, "Comment 'RECIPE' for details"),
                      (7, "  ", "Try this tonight? 👇"), (3, "Link in bio 🍳", "Link in bio 🍳"), (9, " Mine ", "Mine")]
          as [(UInt64, String?, String)])
    func ctaRotatesBySeedAndTheManifestWins(seed: UInt64, override: String?, expected: String) {
        #expect(RecipeTextRules.cta(seed: seed, override: override) == expected)
    }

    @Test func consecutiveSeedsUseEveryCTA() {
        #expect(Set((UInt64(100)..<105).map { RecipeTextRules.cta(seed: $0, override: nil) }) == Set(RecipeTextRules.ctaPool))
    }

    @Test(arguments: [
        ("", 30, []),
        ("Short line", 30, ["Short line"]),
        ("Fridge chaos → dinner in 15 min ($7)", 30, ["Fridge chaos → dinner in 15", "min ($7)"]),
        ("Whisk three eggs with a pinch of salt and pepper", 20, ["Whisk three eggs", "with a pinch of salt", "and pepper"]),
        ("a supercalifragilisticexpialidocious word", 10, ["a", "supercalifragilisticexpialidocious", "word"]),
        ("first\nsecond  line", 30, ["first", "second line"]),
        ("exactly thirty characters here", 30, ["exactly thirty characters here"]),
        ("exactly thirty characters here!", 30, ["exactly thirty characters", "here!"]),
    ] as [(String, Int, [String])])
    func wrap(_ text: String, limit: Int, expected: [String]) {
        let lines = RecipeTextRules.wrap(text, limit: limit)
        #expect(lines == expected)
        #expect(lines.allSatisfy { $0.count <= limit || !$0.contains(" ") })
    }

    @Test func captionFollowsTheSeed() {
        let r = Recipe(title: "Spinach Feta Omelette", steps: [.init(title: "a"), .init(title: "b"), .init(title: "c")],
                       timeMinutes: 10, costDollars: 3.2, ingredients: ["eggs"])
        #expect(RecipeTextRules.caption(r, hashtags: [], handle: "") == """
            Spinach Feta Omelette — 10 min $3
            Comment "RECIPE" for details 👇
            #FridgeGlowUp #BeforeAfter #DinnerHack #HomeCooking
            """)
        let unknown = Recipe(title: "Soup", steps: r.steps)
        let caption = RecipeTextRules.caption(unknown, hashtags: ["#homecooking", "budget eats", "#Soup", "#Soup", "#"], handle: "@glow")
        #expect(caption == """
            Soup — quick
            Comment "RECIPE" for details 👇
            Follow @glow for more fridge glow-ups
            #FridgeGlowUp #BeforeAfter #DinnerHack #HomeCooking #budgeteats #Soup
            """)
    }

    @Test func captionIsClippedTo2200() {
        let r = Recipe(title: "Stew", steps: [.init(title: "a"), .init(title: "b"), .init(title: "c")])
        let tags = (0..<400).map { "#tag\($0)" }
        #expect(RecipeTextRules.caption(r, hashtags: tags, handle: "").count == 2200)
    }
}
