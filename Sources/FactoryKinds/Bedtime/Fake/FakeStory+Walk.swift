import FactoryCore

extension FakeStory {
    /// The calm middle of the story: paragraphs of a transition, a small wonder seen on the walk,
    /// a moment with the friend and a calm line, each drawn from a shuffled pool and only reused
    /// once a pool has run out.
    struct Pools {
        private var transitions: Deck
        private var places: Deck
        private var wonders: Deck
        private var moments: Deck
        private var calms: Deck

        init(random: inout SeededRandom) {
            transitions = Deck(Self.transitions, &random)
            places = Deck(Self.places, &random)
            wonders = Deck(Self.wonders, &random)
            moments = Deck(Self.moments, &random)
            calms = Deck(Self.calms, &random)
        }

        mutating func paragraph(hero: String, friend: String, random: inout SeededRandom) -> String {
            let opening = transitions.draw(&random) + " " + places.draw(&random) + "."
            let sentences = [opening, wonders.draw(&random), moments.draw(&random), calms.draw(&random)]
            return sentences.joined(separator: " ")
                .replacingOccurrences(of: "{hero}", with: hero)
                .replacingOccurrences(of: "{friend}", with: friend)
        }

        static let transitions = [
            "A little further on, {hero} and {friend} came to", "After a while, the path led them to", "Soon they reached",
            "Walking slowly, they found", "Then, just around a bend, there was", "Next they wandered past",
            "Hand in hand, they stepped towards", "Before long, they arrived at", "Further along, they discovered",
            "Quietly, they tiptoed past", "Not far away, they spotted", "Following the moonlight, they came upon",
        ]
        static let places = [
            "a little stream that sang softly over smooth stones", "a field of tall grass swaying in the breeze",
            "an old stone wall covered in soft green moss", "a row of sunflowers nodding their sleepy heads",
            "a small wooden bridge over a quiet pond", "a hollow tree where a family of squirrels lived",
            "a garden full of lavender and night-scented flowers", "a hill where the whole valley could be seen",
            "a circle of mushrooms like tiny umbrellas", "an orchard where the apples glowed in the moonlight",
            "a quiet lane lined with glowing lanterns", "a meadow where fireflies were beginning to blink",
        ]
        static let wonders = [
            "A frog on a lily pad gave one small, sleepy croak.", "Fireflies drifted around them like floating sparks of gold.",
            "The moon peeped out from behind a cloud and seemed to smile.", "A rabbit twitched its nose and hopped off to its burrow.",
            "The first stars appeared, one by one, like candles being lit.", "A soft breeze carried the smell of honeysuckle.",
            "A little hedgehog trundled past on its way to bed.", "Dewdrops sparkled on the grass like tiny pearls.",
            "An owl called softly from somewhere high in the trees.", "The water shone silver, as still as a mirror.",
            "A ladybird landed on a leaf and folded its wings for the night.", "Far away, a bell rang once, slow and deep.",
        ]
        static let moments = [
            "{friend} pointed and whispered, \"Look how peaceful it is.\"", "{hero} smiled and took a long, slow breath.",
            "They sat down together for a moment on the soft grass.", "{friend} yawned a small, happy yawn.",
            "{hero} counted the stars, slowly, up to ten.", "They shared a honey biscuit, one half each.",
            "{hero} hummed a quiet bedtime song, and {friend} hummed along.", "They listened to the gentle hush of the evening.",
            "{friend} said it was the nicest walk they had ever had.", "{hero} waved goodnight to everything they passed.",
            "They walked side by side, their steps slow and soft.", "{hero} made a quiet wish for sweet dreams for everyone.",
        ]
        static let calms = [
            "Everything was calm and safe and quiet.", "The evening felt as soft as a warm blanket.",
            "It was the kind of quiet that makes you feel cosy inside.", "The whole world seemed to be getting ready for sleep.",
            "Nothing needed to hurry at all.", "The night was gentle and kind.",
            "Little by little, the sky grew darker and deeper blue.", "Everyone they saw was settling down for the night.",
            "It felt good to be together on such a peaceful night.", "Their eyes were beginning to feel a little heavy.",
            "The air was cool and sweet and still.", "Somewhere, someone was singing a lullaby.",
        ]
    }

    /// A pool drawn in a shuffled order, reshuffled when it runs out.
    struct Deck {
        private let cards: [String]
        private var order: [String] = []

        init(_ cards: [String], _ random: inout SeededRandom) {
            self.cards = cards
            order = Self.shuffled(cards, &random)
        }

        mutating func draw(_ random: inout SeededRandom) -> String {
            if order.isEmpty { order = Self.shuffled(cards, &random) }
            return order.removeLast()
        }

        static func shuffled(_ cards: [String], _ random: inout SeededRandom) -> [String] {
            var out = cards
            for i in stride(from: out.count - 1, to: 0, by: -1) { out.swapAt(i, Int(random.next() % UInt64(i + 1))) }
            return out
        }
    }
}
