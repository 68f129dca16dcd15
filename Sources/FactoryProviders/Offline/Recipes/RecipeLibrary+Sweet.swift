/// Dessert: sweet things from what is already in the kitchen.
extension RecipeLibrary {
    static let sweet = [
        LibraryRecipe(
            id: "banana-oat-cookies", keywords: ["dessert", "cookie", "banana", "oat", "sweet", "snack", "healthy"],
            title: "Three-Ingredient Banana Oat Cookies", hook: "Brown bananas? Make these cookies tonight",
            minutes: 20, dollars: 3, calories: 180,
            ingredients: ["ripe bananas", "rolled oats", "chocolate chips"],
            steps: ["Heat the oven to 350°F",
                    "Mash two very ripe bananas",
                    "Stir in oats and chocolate chips",
                    "Scoop spoonfuls onto a lined tray",
                    "Bake fifteen minutes until golden"]),
        LibraryRecipe(
            id: "chocolate-mug-cake", keywords: ["dessert", "cake", "mug", "chocolate", "microwave", "sweet", "quick"],
            title: "Chocolate Mug Cake", hook: "Chocolate cake in five minutes flat",
            minutes: 5, dollars: 1, calories: 420,
            ingredients: ["flour", "cocoa powder", "sugar", "milk", "vegetable oil", "chocolate chips"],
            steps: ["Mix flour, cocoa, sugar in a mug",
                    "Stir in milk and oil until smooth",
                    "Drop chocolate chips in the middle",
                    "Microwave seventy seconds on high",
                    "Let it rest one minute"]),
    ]
}
