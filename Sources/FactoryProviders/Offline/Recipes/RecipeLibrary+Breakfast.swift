/// Breakfast and brunch: eggs four ways.
extension RecipeLibrary {
    static let breakfast = [
        LibraryRecipe(
            id: "spinach-feta-omelette", keywords: ["omelette", "omelet", "spinach", "feta", "breakfast", "egg"],
            title: "Spinach Feta Omelette", hook: "Three eggs and sad spinach? Breakfast sorted",
            minutes: 10, dollars: 3, calories: 390,
            ingredients: ["eggs", "spinach", "feta", "butter", "black pepper"],
            steps: ["Whisk three eggs with a pinch salt",
                    "Wilt spinach in foaming butter",
                    "Pour the eggs over the spinach",
                    "Crumble feta over the top",
                    "Fold in half and slide out"]),
        LibraryRecipe(
            id: "shakshuka", keywords: ["shakshuka", "brunch", "egg", "tomato", "tomatoes", "pepper", "skillet"],
            title: "Shakshuka", hook: "One pan brunch that feeds four",
            minutes: 25, dollars: 7, calories: 290,
            ingredients: ["eggs", "canned tomatoes", "onion", "bell pepper", "garlic", "cumin", "smoked paprika", "feta"],
            steps: ["Soften onion and pepper in oil",
                    "Add garlic, cumin and smoked paprika",
                    "Pour in tomatoes and simmer ten minutes",
                    "Make wells and crack in eggs",
                    "Cover until the whites just set",
                    "Crumble feta and serve with bread"]),
        LibraryRecipe(
            id: "avocado-toast-egg", keywords: ["avocado", "toast", "breakfast", "sourdough", "bread"],
            title: "Avocado Toast with Fried Egg", hook: "The ten-minute breakfast worth waking up for",
            minutes: 10, dollars: 4, calories: 400,
            ingredients: ["sourdough", "avocado", "eggs", "lime", "chili flakes"],
            steps: ["Toast thick slices of sourdough bread",
                    "Mash avocado with lime and salt",
                    "Fry eggs until the edges crisp",
                    "Spread avocado and top with egg",
                    "Finish with chili flakes and pepper"]),
        LibraryRecipe(
            id: "fridge-frittata", keywords: ["frittata", "leftover", "veggie", "vegetable", "waste", "egg", "zucchini"],
            title: "Clean-Out-the-Fridge Frittata", hook: "Every lonely vegetable, one golden frittata",
            minutes: 25, dollars: 6, calories: 330,
            ingredients: ["eggs", "milk", "cheddar", "zucchini", "bell pepper", "onion", "spinach"],
            steps: ["Heat the oven to 400°F",
                    "Sauté the veg that needs using",
                    "Whisk eggs with milk and cheese",
                    "Pour eggs over veg in skillet",
                    "Bake until puffed, about fifteen minutes"]),
    ]
}
