import FactoryCore
/// The post caption of a chat story: the hook line, a nudge to watch to the end, the genre's
/// hashtags; ≤ 2,200 characters.
enum ChatCaption {
    static func text(item: Item, spec: ChatSpec, conversation: Conversation, brand: Brand) -> String {
        let tags = hashtags(item: item, spec: spec).joined(separator: " ")
        if let custom = item.caption { return PosterCaption.clip(custom + "\n\n" + tags) }
        let hook = conversation.messages.first.map { "\u{201C}\($0.text)\u{201D}" } ?? conversation.title
        var lines = [hook, "", "\(conversation.title) \u{2014} wait for the ending \u{1F440}"]
        if !brand.handle.isEmpty { lines.append("Follow \(brand.handle) for part 2.") }
        lines += ["", tags]
        return PosterCaption.clip(lines.joined(separator: "\n"))
    }

    static func hashtags(item: Item, spec: ChatSpec) -> [String] {
        let genre: [String] = switch spec.genre {
        case .drama: ["#drama", "#storytime"]
        case .comedy: ["#funnytexts", "#comedy"]
        case .romance: ["#romance", "#lovestory"]
        case .horror: ["#horror", "#scarystories"]
        case .mystery: ["#mystery", "#plottwist"]
        }
        var tags = ["#textstory", "#chatstory"] + genre + ["#\(spec.theme.rawValue)"]
        for tag in item.hashtags {
            let t = tag.hasPrefix("#") ? tag : "#" + tag
            if !tags.contains(t) { tags.append(t) }
        }
        return tags
    }
}
