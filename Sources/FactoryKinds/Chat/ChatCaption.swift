import FactoryCore
/// The post caption of a chat story: the hook line, a nudge to watch to the end, the genre's
/// hashtags; ≤ 2,200 characters.
enum ChatCaption {
    static func text(item: Item, spec: ChatSpec, conversation: Conversation, brand: Brand) -> String {
        let tags = hashtags(item: item, spec: spec).joined(separator: " ")
        if let custom = item.caption { return Caption.clip(custom + "\n\n" + tags) }
        let hook = conversation.messages.first.map { "\u{201C}\($0.text)\u{201D}" } ?? conversation.title
        var lines = [hook, "", "\(conversation.title) \u{2014} wait for the ending \u{1F440}"]
        if !brand.handle.isEmpty { lines.append("Follow \(brand.handle) for part 2.") }
        lines += ["", tags]
        return Caption.clip(lines.joined(separator: "\n"))
    }

    static func hashtags(item: Item, spec: ChatSpec) -> [String] {
        let genre: [String] = switch spec.genre {
        case .drama: ["#drama", "#storytime"]
        case .comedy: ["#funnytexts", "#comedy"]
        case .romance: ["#romance", "#lovestory"]
        case .horror: ["#horror", "#scarystories"]
        case .mystery: ["#mystery", "#plottwist"]
        }
        return Hashtags.merged(["#textstory", "#chatstory"] + genre + ["#\(spec.theme.rawValue)"], item.hashtags)
    }
}
