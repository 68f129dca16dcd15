/// The order in which items take the render pool: the most work first. With two renders sharing
/// the cores, a long render started last would run alone at the end of the week while a core
/// idles; started first, the short ones fill the other slot around it until both finish together.
enum RenderOrder {
    /// A rough measure of an item's render work from the manifest alone (seconds of video × frame
    /// rate × pixels); only its order matters.
    static func work(_ item: Item) -> Double {
        let (width, height) = item.format.size
        let seconds: Double, fps: Double
        switch item.content {
        case .poster(let spec): (seconds, fps) = (spec.duration, 30)
        case .chatStory(let spec): (seconds, fps) = ([.short: 35, .medium: 60, .long: 90][spec.length] ?? 60, Double(spec.fps))
        case .recipeVideo: (seconds, fps) = (13, 30)
        // The read-along video runs about 40 s per minute the story is asked to last.
        case .bedtimeStory(let spec): (seconds, fps) = (Double(spec.lengthMinutes) * 40, 30)
        }
        return seconds * fps * Double(width * height)
    }

    /// Each item's place in the render queue (0 first): the most work first, manifest order among equals.
    static func priorities(_ items: [Item]) -> [String: Int] {
        let order = items.enumerated().sorted { a, b in
            let wa = work(a.element), wb = work(b.element)
            return wa != wb ? wa > wb : a.offset < b.offset
        }
        return Dictionary(order.enumerated().map { ($0.element.element.id, $0.offset) }, uniquingKeysWith: { first, _ in first })
    }
}
