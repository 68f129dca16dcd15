/// The order in which items take the render pool: the most work first. With two renders sharing
/// the cores, a long render started last would run alone at the end of the week while a core
/// idles; started first, the short ones fill the other slot around it until both finish together.
enum RenderOrder {
    /// A rough measure of an item's render work from the manifest alone (seconds of video × frame
    /// rate × pixels); only its order matters.
    static func work(_ item: Item) -> Double {
        let (width, height) = item.format.size
        let work = item.content.renderWork
        return work.seconds * work.fps * Double(width * height)
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
