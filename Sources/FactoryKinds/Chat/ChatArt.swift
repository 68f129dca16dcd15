import FactoryCore
import FactoryImaging
import Foundation

/// Rasterises the pieces of a chat screen once (bubbles, header, input bar, keyboard, cards) with
/// libvips: text through Pango (wrapping, colour emoji), shapes through SVG. The scene moves and
/// fades these pieces; nothing here runs per frame except the typed text in the input bar.
package struct ChatArt: Sendable {
    let theme: ChatTheme
    let palette: ChatPalette
    package let metrics: ChatMetrics
    let conversation: Conversation
    let spec: ChatSpec
    let brand: Brand
    /// The story's clock shown in the status bar and timestamps ("11:47 PM" for horror).
    let clock: StoryClock

    package init(conversation: Conversation, spec: ChatSpec, format: Format, brand: Brand) {
        theme = spec.theme
        palette = ChatPalette.of(spec.theme, spec.appearance)
        let size = format == .portrait ? (1080, 1350) : format.size
        metrics = ChatMetrics(width: size.0, height: size.1, theme: spec.theme, keyboard: spec.keyboard)
        self.conversation = conversation
        self.spec = spec
        self.brand = brand
        clock = StoryClock(genre: spec.genre)
    }

    static let regular = "Inter"
    static let medium = "Inter Medium"
    static let bold = "Inter Bold"

    /// Text set once; `width` wraps it. Returns an RGBA image sized to the text.
    func text(_ string: String, font: String = regular, size: Double, colour: String, width: Int,
              alignment: TextStyle.Alignment = .left) throws -> Image {
        try TextRenderer.render(markup: TextRenderer.escape(string),
                                style: TextStyle(font: font, size: size, colour: colour, alignment: alignment),
                                width: max(8, width)).image
    }

    /// A filled circle holding an emoji (avatars).
    func avatar(_ character: Conversation.Character?, diameter: Int) throws -> Image {
        let fill = character?.colour ?? palette.accent
        let circle = try Shapes.svg(svg(diameter, diameter,
            "<circle cx=\"\(Double(diameter) / 2)\" cy=\"\(Double(diameter) / 2)\" r=\"\(Double(diameter) / 2)\" fill=\"\(fill)\"/>"))
        let glyph = character?.avatar.isEmpty == false ? character!.avatar : String(character?.name.prefix(1) ?? "?")
        let emoji = try text(glyph, font: Self.regular, size: Double(diameter) * 0.52, colour: "#FFFFFF", width: diameter * 2)
        return try circle.composited(emoji, x: (diameter - emoji.width) / 2, y: (diameter - emoji.height) / 2)
    }

    func svg(_ width: Int, _ height: Int, _ body: String) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\">\(body)</svg>"
    }

    /// An opaque canvas of the given colour to draw chrome onto.
    func canvas(_ width: Int, _ height: Int, _ colour: String) throws -> Image {
        try Shapes.canvas(width: width, height: height, colour: colour)
    }

    var contactName: String {
        let names = conversation.contacts.map(\.name)
        switch names.count {
        case 0: return conversation.me?.name ?? "Chat"
        case 1: return names[0]
        case 2: return "\(names[0]) & \(names[1])"
        default: return "\(names[0]), \(names[1]) +\(names.count - 2)"
        }
    }

    var isGroup: Bool { conversation.contacts.count > 1 }

    /// Discord's channel: the title as a slug.
    var channel: String {
        let slug = conversation.title.lowercased().map { $0.isLetter || $0.isNumber ? String($0) : "-" }.joined()
            .split(separator: "-").prefix(4).joined(separator: "-")
        return slug.isEmpty ? "general" : slug
    }
}

/// A fictional clock for the story, set by genre (horror happens near midnight).
struct StoryClock: Sendable, Equatable {
    var startMinutes: Int

    init(genre: Genre) {
        switch genre {
        case .horror: startMinutes = 23 * 60 + 47
        case .mystery: startMinutes = 0 * 60 + 3
        case .romance: startMinutes = 22 * 60 + 12
        case .comedy: startMinutes = 14 * 60 + 14
        case .drama: startMinutes = 21 * 60 + 41
        }
    }

    /// "11:47 PM" after `messages` messages (a minute passes every three).
    func time(afterMessages messages: Int = 0, compact: Bool = false) -> String {
        let total = (startMinutes + messages / 3) % (24 * 60)
        let h = total / 60, m = total % 60
        let h12 = h % 12 == 0 ? 12 : h % 12
        return compact ? "\(h12):\(String(format: "%02d", m))" : "\(h12):\(String(format: "%02d", m)) \(h < 12 ? "AM" : "PM")"
    }
}
