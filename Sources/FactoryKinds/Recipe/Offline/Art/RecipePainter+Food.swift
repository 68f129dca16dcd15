import FactoryCore

extension RecipePainter {
    /// One food the pictures can show: a colour and the shape it is drawn as.
    struct Food: Equatable {
        enum Shape {
            /// A bed of small grains (rice, quinoa).
            case grain
            /// Long curving strands.
            case noodles
            /// Leaves with a vein.
            case leaves
            /// Halved cherry-tomato rounds.
            case round
            /// A fried egg.
            case egg
            /// Seared pieces (meat, tofu, cheese).
            case pieces
            /// Thin strips (carrot, pepper).
            case sticks
            /// Small round kernels (corn, peas, beans).
            case kernels
            /// Cut discs or a fan of slices.
            case slices
            /// Clusters of little heads (broccoli).
            case florets
        }

        let name: String
        let colour: String
        let shape: Shape

        var isBase: Bool { shape == .grain || shape == .noodles }

        init(_ name: String, _ colour: String, _ shape: Shape) {
            self.name = name
            self.colour = colour
            self.shape = shape
        }

        /// Ingredient words and what they look like; plurals match too.
        static let table: [(words: [String], food: Food)] = [
            (["rice", "risotto"], Food("rice", "#F5F0E3", .grain)),
            (["quinoa", "couscous", "bulgur", "barley", "oats", "oatmeal", "porridge"], Food("grain", "#E5CF9E", .grain)),
            (["noodle", "ramen", "udon", "soba", "pasta", "spaghetti", "linguine", "penne", "macaroni", "tagliatelle"],
             Food("noodles", "#EBC46F", .noodles)),
            (["spinach", "kale", "chard", "greens"], Food("spinach", "#3F8F3A", .leaves)),
            (["lettuce", "arugula", "rocket", "basil", "salad", "herbs", "parsley", "coriander", "cilantro", "bok", "cabbage"],
             Food("leaves", "#5EAE45", .leaves)),
            (["broccoli", "broccolini"], Food("broccoli", "#3E8A3A", .florets)),
            (["cauliflower"], Food("cauliflower", "#F1E8CF", .florets)),
            (["eggplant", "aubergine"], Food("aubergine", "#6B3F7A", .slices)),
            (["egg"], Food("egg", "#F7B92E", .egg)),
            (["tomato", "tomatoes"], Food("tomato", "#E0443A", .round)),
            (["chicken", "turkey"], Food("chicken", "#E2AC70", .pieces)),
            (["tofu", "paneer", "halloumi", "tempeh"], Food("tofu", "#EFD9A6", .pieces)),
            (["beef", "steak", "pork", "sausage", "lamb", "mince", "meatball", "bacon", "ham"], Food("beef", "#8E4A2C", .pieces)),
            (["salmon", "trout"], Food("salmon", "#F07C52", .pieces)),
            (["fish", "cod", "tuna", "shrimp", "prawn"], Food("prawn", "#F2926B", .pieces)),
            (["feta", "cheese", "mozzarella", "parmesan", "cheddar"], Food("cheese", "#F6E7B2", .pieces)),
            (["potato", "potatoes", "squash", "pumpkin"], Food("potato", "#EBA94F", .pieces)),
            (["beetroot", "beet"], Food("beet", "#9C2A50", .pieces)),
            (["carrot"], Food("carrot", "#F28A2E", .sticks)),
            (["pepper", "capsicum", "chili", "chilli"], Food("pepper", "#D8362F", .sticks)),
            (["corn", "sweetcorn"], Food("corn", "#F5C842", .kernels)),
            (["pea", "edamame"], Food("peas", "#7DBB45", .kernels)),
            (["chickpea", "bean", "lentil"], Food("beans", "#C4894C", .kernels)),
            (["avocado"], Food("avocado", "#A2C957", .slices)),
            (["cucumber", "zucchini", "courgette"], Food("cucumber", "#8CC26A", .slices)),
            (["mushroom"], Food("mushroom", "#A77D5B", .slices)),
            (["onion", "shallot"], Food("onion", "#B86BB0", .slices)),
            (["lemon", "lime"], Food("lemon", "#F4D93E", .slices)),
            (["mango", "peach"], Food("mango", "#F9B233", .pieces)),
        ]

        /// Toppings to fill a dish whose prompt names too few foods.
        static let fallback: [Food] = [
            Food("leaves", "#5EAE45", .leaves), Food("tomato", "#E0443A", .round), Food("carrot", "#F28A2E", .sticks),
            Food("corn", "#F5C842", .kernels), Food("avocado", "#A2C957", .slices), Food("chicken", "#E2AC70", .pieces),
            Food("egg", "#F7B92E", .egg), Food("pepper", "#D8362F", .sticks), Food("broccoli", "#3E8A3A", .florets),
        ]

        static let bases: [Food] = [Food("rice", "#F5F0E3", .grain), Food("noodles", "#EBC46F", .noodles),
                                    Food("grain", "#E5CF9E", .grain)]

        /// The dish: one base (grain or noodles) then the toppings in the order the prompt names them,
        /// topped up from the seeded fallbacks to at least three besides an egg.
        static func dish(from prompt: String, rng: inout SeededRandom) -> [Food] {
            let words = prompt.lowercased().split { !$0.isLetter }.map(String.init)
            var named: [Food] = []
            for word in words {
                guard let food = table.first(where: { entry in
                    entry.words.contains { word == $0 || word == $0 + "s" || word == $0 + "es" }
                })?.food, !named.contains(food) else { continue }
                named.append(food)
            }
            let base = named.first(where: \.isBase) ?? bases[Int(rng.next() % UInt64(bases.count))]
            var toppings = Array(named.filter { !$0.isBase }.prefix(4))
            var spare = fallback.filter { food in !toppings.contains { $0.name == food.name || $0.shape == .egg && food.shape == .egg } }
            while toppings.filter({ $0.shape != .egg }).count < 3, !spare.isEmpty {
                toppings.append(spare.remove(at: Int(rng.next() % UInt64(spare.count))))
            }
            return [base] + toppings
        }
    }

    var base: Food { foods[0] }
    var toppings: [Food] { Array(foods.dropFirst()) }
}
