import FactoryCore

/// How the hero is drawn, read from the item's `appearance` words ("curly red hair and a yellow
/// raincoat"): hair colour and shape, the coat's colour, the skin tone. What the words do not say
/// comes from the seeded generator.
struct HeroLook: Equatable {
    var hair: String
    var curly: Bool
    var long: Bool
    var coat: String
    var skin: String

    static let hairColours: [String: String] = [
        "red": "#B9482A", "ginger": "#C0562C", "auburn": "#8E3B24", "orange": "#C8622E", "blonde": "#E3BD62", "blond": "#E3BD62",
        "golden": "#DDB04E", "yellow": "#E3BD62", "brown": "#6B4328", "chestnut": "#7A4527", "black": "#2A2320", "dark": "#3A2A22",
        "white": "#E8E4DC", "silver": "#C9CCD6", "grey": "#A9A9B0", "gray": "#A9A9B0", "pink": "#F29BB8", "blue": "#6A8FE0",
        "purple": "#9A78D0",
    ]
    static let clothColours: [String: String] = [
        "red": "#D6504A", "yellow": "#F2C14E", "blue": "#4A7BD0", "green": "#5BA55B", "purple": "#8E6CC4", "pink": "#F08BB0",
        "orange": "#F08A4B", "white": "#F1EEE6", "black": "#3A3742", "brown": "#8A5A3B", "grey": "#8C8C96", "gray": "#8C8C96",
        "teal": "#3A9D9B", "navy": "#2D3E74", "lilac": "#B9A3E3", "lavender": "#B9A3E3", "gold": "#E8B64A", "golden": "#E8B64A",
        "turquoise": "#3BB7B0", "mint": "#8FD8B8",
    ]
    static let garments: Set<String> = ["raincoat", "coat", "jumper", "sweater", "dress", "pyjamas", "pajamas", "hoodie", "jacket",
                                        "shirt", "cape", "overalls", "cardigan", "nightgown", "nightie", "onesie", "top", "tunic"]
    static let skins: [String: String] = ["pale": "#F7D9C4", "fair": "#F5D2B8", "olive": "#D6A77A", "tan": "#CC9166",
                                          "brown": "#9A6440", "dark": "#7A4B2E", "black": "#6A3F27"]
    static let seededSkins = ["#F6D2B8", "#EBBE98", "#D39C72", "#A8704A", "#7E4F31"]
    static let seededCoats = ["#F2C14E", "#4A7BD0", "#D6504A", "#8E6CC4", "#F08BB0", "#5BA55B"]
    static let seededHair = ["#6B4328", "#2A2320", "#E3BD62", "#B9482A"]

    init(appearance: String, rng: inout SeededRandom) {
        let words = StorySetting.tokens(appearance)
        func colour(before nouns: Set<String>, in table: [String: String]) -> String? {
            for (i, word) in words.enumerated() where nouns.contains(word) {
                // The nearest colour word among the three before the noun ("long curly red hair").
                for back in 1...3 where i - back >= 0 {
                    if let hex = table[words[i - back]] { return hex }
                }
            }
            return nil
        }
        hair = colour(before: ["hair", "curls", "braids", "pigtails", "ponytail", "plaits"], in: Self.hairColours)
            ?? Self.seededHair[Int(rng.next() % UInt64(Self.seededHair.count))]
        curly = words.contains { ["curly", "curls", "wavy", "fluffy"].contains($0) }
        long = words.contains { ["long", "braids", "pigtails", "ponytail", "plaits"].contains($0) }
        coat = colour(before: Self.garments, in: Self.clothColours) ?? Self.seededCoats[Int(rng.next() % UInt64(Self.seededCoats.count))]
        skin = colour(before: ["skin", "skinned"], in: Self.skins) ?? Self.seededSkins[Int(rng.next() % UInt64(Self.seededSkins.count))]
    }
}
