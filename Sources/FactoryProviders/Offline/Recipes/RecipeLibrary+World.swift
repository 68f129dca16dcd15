/// Tacos, curry and quesadillas: big flavour from cans and leftovers.
extension RecipeLibrary {
    static let worldKitchen = [
        LibraryRecipe(
            id: "black-bean-tacos", keywords: ["taco", "tacos", "bean", "mexican", "vegetarian", "tortilla", "tuesday"],
            title: "Crispy Black Bean Tacos", hook: "Taco night from one can of beans",
            minutes: 15, dollars: 6, calories: 430,
            ingredients: ["tortillas", "black beans", "cumin", "lime", "avocado", "red onion", "cilantro", "sour cream"],
            steps: ["Warm black beans with cumin",
                    "Mash half the beans for body",
                    "Char tortillas in a dry pan",
                    "Quick pickle onion in lime juice",
                    "Fill with beans, avocado and onion",
                    "Top with cilantro and sour cream"]),
        LibraryRecipe(
            id: "chickpea-curry", keywords: ["curry", "chickpea", "chana", "indian", "coconut", "vegan", "spicy"],
            title: "Coconut Chickpea Curry", hook: "Two cans into a creamy curry",
            minutes: 25, dollars: 6, calories: 460,
            ingredients: ["chickpeas", "coconut milk", "onion", "garlic", "ginger", "curry powder", "canned tomatoes", "spinach", "rice"],
            steps: ["Fry onion until soft and golden",
                    "Add garlic, ginger and curry powder",
                    "Stir in tomatoes and coconut milk",
                    "Simmer the chickpeas for fifteen minutes",
                    "Wilt spinach through before serving"]),
        LibraryRecipe(
            id: "chicken-quesadillas", keywords: ["quesadilla", "quesadillas", "cheese", "chicken", "leftover", "kid", "tortilla"],
            title: "Leftover Chicken Quesadillas", hook: "Leftover chicken's crispiest glow-up",
            minutes: 15, dollars: 7, calories: 560,
            ingredients: ["tortillas", "cooked chicken", "cheddar", "bell pepper", "scallions", "salsa"],
            steps: ["Shred leftover chicken into bite pieces",
                    "Scatter cheese over half a tortilla",
                    "Add chicken, pepper and scallions",
                    "Fold and crisp in a hot pan",
                    "Flip once, then cut into wedges"]),
    ]
}
