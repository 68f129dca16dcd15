import FactoryCore

/// The small cookbook the fake writer cooks from: real dishes with honest numbers.
extension FakeRecipe {
    /// One dish: alternative hooks, and its steps in order.
    struct Dish {
        var keywords: [String]
        var title: String
        var hooks: [String]
        var steps: [String]
        var minutes: Int
        var dollars: Double
        var calories: Int
        var ingredients: [String]
    }

    /// The dish a keyword of the prompt's first line names ("Write a recipe video for: …"), else a seeded one.
    static func dish(for prompt: String, random: inout SeededRandom) -> Dish {
        let opening = prompt.split(separator: "\n").first.map { $0.lowercased() } ?? ""
        let named = dishes.first { $0.keywords.contains { opening.contains($0) } }
        return named ?? dishes[Int(random.next() % UInt64(dishes.count))]
    }

    static let dishes: [Dish] = [
        Dish(keywords: ["pancake"], title: "Fluffy Weekend Pancakes",
             hooks: ["Fluffier than the diner, cheaper too", "Sunday pancakes from pantry basics"],
             steps: ["Whisk flour, sugar and baking powder", "Beat in milk, egg and butter", "Rest the batter five minutes",
                     "Ladle onto a buttered hot pan", "Flip when bubbles pop on top"],
             minutes: 20, dollars: 3, calories: 350, ingredients: ["flour", "milk", "eggs", "butter", "baking powder", "sugar"]),
        Dish(keywords: ["carbonara", "pasta"], title: "Weeknight Carbonara",
             hooks: ["Five ingredients, zero cream, pure silk", "The real carbonara in fifteen minutes"],
             steps: ["Boil spaghetti in salted water", "Crisp the bacon in a pan", "Whisk eggs with grated parmesan",
                     "Toss hot pasta with the bacon", "Stir in eggs off the heat", "Loosen with pasta water and pepper"],
             minutes: 15, dollars: 6, calories: 650, ingredients: ["spaghetti", "bacon", "eggs", "parmesan", "black pepper"]),
        Dish(keywords: ["burrito", "bowl"], title: "Chicken Burrito Bowl",
             hooks: ["Better than the chain, half the price", "Meal prep bowls for the whole week"],
             steps: ["Season chicken with cumin and paprika", "Sear chicken until charred and cooked",
                     "Warm black beans and corn together", "Slice chicken over lime rice", "Top with salsa and avocado"],
             minutes: 25, dollars: 11, calories: 610, ingredients: ["chicken breast", "rice", "black beans", "corn", "salsa", "avocado", "lime"]),
        Dish(keywords: ["ramen", "noodle"], title: "Upgraded Instant Ramen",
             hooks: ["Instant ramen, restaurant glow-up", "Your ramen packet deserves better"],
             steps: ["Simmer noodles in half the seasoning", "Swirl in a spoon of miso", "Drop in a soft boiled egg",
                     "Add spinach until just wilted", "Finish with scallions and chili oil"],
             minutes: 10, dollars: 3, calories: 520, ingredients: ["instant ramen", "eggs", "miso", "spinach", "scallions", "chili oil"]),
        Dish(keywords: ["crumble", "apple", "dessert"], title: "Easy Apple Crumble",
             hooks: ["Soft apples, crunchy top, zero stress", "The dessert your sad apples need"],
             steps: ["Heat the oven to 375°F", "Slice apples and toss with cinnamon", "Rub butter into flour and oats",
                     "Scatter crumble thickly over the apples", "Bake forty minutes until bubbling"],
             minutes: 55, dollars: 5, calories: 330, ingredients: ["apples", "butter", "flour", "rolled oats", "brown sugar", "cinnamon"]),
        Dish(keywords: ["salad", "chickpea"], title: "Crunchy Chickpea Salad",
             hooks: ["The salad that actually keeps you full", "No-cook lunch in ten minutes"],
             steps: ["Rinse and drain a can of chickpeas", "Dice cucumber, tomato and red onion",
                     "Whisk lemon juice with olive oil", "Toss everything with parsley and feta"],
             minutes: 10, dollars: 6, calories: 380, ingredients: ["chickpeas", "cucumber", "tomatoes", "red onion", "lemon", "olive oil", "feta"]),
    ]
}
