/// Salad and soup: no-cook crunch and a pot of comfort.
extension RecipeLibrary {
    static let light = [
        LibraryRecipe(
            id: "greek-salad", keywords: ["salad", "greek", "cucumber", "feta", "olive", "fresh", "summer", "nocook"],
            title: "Classic Greek Salad", hook: "No lettuce, no cooking, all crunch",
            minutes: 10, dollars: 8, calories: 310,
            ingredients: ["tomatoes", "cucumber", "red onion", "feta", "kalamata olives", "olive oil", "oregano"],
            steps: ["Chop tomatoes and cucumber into chunks",
                    "Slice the red onion very thin",
                    "Add olives and a slab of feta",
                    "Drizzle olive oil and sprinkle oregano"]),
        LibraryRecipe(
            id: "tomato-soup", keywords: ["soup", "tomato", "tomatoes", "cozy", "comfort", "winter", "creamy"],
            title: "Creamy Tomato Soup", hook: "Canned tomatoes into velvet soup",
            minutes: 30, dollars: 5, calories: 220,
            ingredients: ["canned tomatoes", "onion", "garlic", "butter", "vegetable stock", "cream", "basil"],
            steps: ["Soften chopped onion in butter",
                    "Add garlic and cook one minute",
                    "Pour in the tomatoes and stock",
                    "Simmer gently for twenty minutes",
                    "Blend smooth and stir in cream"]),
        LibraryRecipe(
            id: "lentil-soup", keywords: ["lentil", "soup", "vegan", "budget", "cheap", "mealprep", "carrot"],
            title: "Lemony Lentil Soup", hook: "A week of lunches for five dollars",
            minutes: 40, dollars: 5, calories: 280,
            ingredients: ["red lentils", "onion", "carrot", "garlic", "cumin", "vegetable stock", "lemon"],
            steps: ["Sweat onion and carrot in oil",
                    "Add garlic and cumin until fragrant",
                    "Stir in lentils and hot stock",
                    "Simmer until the lentils collapse",
                    "Squeeze in lemon and season well"]),
    ]
}
