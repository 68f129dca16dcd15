import FactoryCore

/// Writes a recipe for a schema with `steps` and `ingredients`, the way a model answers
/// `RecipePrompt`: a real dish (the one the prompt names, else a seeded one), a short hook, its
/// 3–7 steps of 5–7 words, realistic time, cost and calories. Deterministic for a seed; passes
/// `RecipeCheck`. Properties it does not know are filled generically.
struct FakeRecipe {
    let request: FakeAnswerWriter.Request
    /// Seeded by the request: the same request, the same answer.
    var random: SeededRandom

    var schema: JSONValue { request.schema }

    /// The answer; `stepCount` cuts the dish's steps (the wrongCount fault asks for 1).
    mutating func make(stepCount: Int? = nil) -> JSONValue {
        let dish = Self.dish(for: request.prompt, random: &random)
        var steps: [JSONValue] = []
        for text in dish.steps.prefix(max(0, stepCount ?? dish.steps.count)) { steps.append(step(text)) }
        let known: [String: JSONValue] = [
            "title": .string(dish.title),
            "hook": .string(random.pick(dish.hooks)),
            "steps": .array(steps),
            "timeMinutes": .int(Int64(dish.minutes + Int(random.next() % 3) * 5)),
            "costDollars": .double(dish.dollars + Double(random.next() % 4) * 0.5),
            "calories": .int(Int64(dish.calories + Int(random.next() % 5) * 10 - 20)),
            "ingredients": .array(dish.ingredients.map { .string($0) }),
        ]
        let properties = schema["properties"]?.object ?? [:]
        var fields = otherFields(skipping: Set(known.keys))
        for (key, value) in known where properties[key] != nil { fields[key] = value }
        return .object(fields)
    }

    /// One step as the schema's items want it: a string, or an object with the text in `title`
    /// (or `text`), a `secondsHint`, and anything else filled generically.
    private mutating func step(_ text: String) -> JSONValue {
        let items = schema["properties"]?["steps"]?["items"]
        guard let properties = items?["properties"]?.object else { return .string(text) }
        var fields: [String: JSONValue] = [:]
        for (key, property) in properties.sorted(by: { $0.key < $1.key }) {
            switch key {
            case "title", "text", "step", "instruction": fields[key] = .string(text)
            case "secondsHint": fields[key] = .double(1.5 + Double(random.next() % 4) * 0.5)
            default:
                fields[key] = request.fill(property, random.next())
            }
        }
        return .object(fields)
    }

    /// Top-level properties the recipe does not fill, filled generically.
    private mutating func otherFields(skipping written: Set<String>) -> [String: JSONValue] {
        request.rest(besides: written, seed: random.next())
    }
}

extension FakeRecipe {
    /// The fake provider's answer to a recipe's text request (its descriptor's `fakeAnswer`); the
    /// wrongCount fault misses the count asked for.
    static let answer = FakeAnswerWriter(claimingSchemasWith: ["steps", "ingredients"]) { request in
        var writer = FakeRecipe(request: request, random: SeededRandom(seed: request.seed))
        return writer.make(stepCount: request.miscount ? 1 : nil)
    }
}
