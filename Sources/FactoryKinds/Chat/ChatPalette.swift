import FactoryCore
/// The colours of one chat app in light or dark mode. Bubble and background colours in light
/// mode are the seed app's (its `ChatTheme`); the chrome and the dark variants follow
/// each app's own dark appearance.
public struct ChatPalette: Sendable, Equatable {
    public var background: String
    public var bar: String
    public var barText: String
    public var barSubtext: String
    public var accent: String
    public var meBubble: String
    public var meText: String
    public var otherBubble: String
    public var otherText: String
    public var field: String
    public var fieldBorder: String
    public var placeholder: String
    public var fieldText: String
    public var meta: String
    public var keyboard: String
    public var key: String
    public var keySpecial: String
    public var keyText: String
    public var divider: String
    /// Read receipts once read (WhatsApp's blue ticks).
    public var readTick: String

    public static func of(_ theme: ChatTheme, _ appearance: Appearance) -> ChatPalette {
        let dark = appearance == .dark
        let keyboard = dark
            ? (keyboard: "#2B2B2D", key: "#5B5B5E", special: "#404042", text: "#FFFFFF")
            : (keyboard: "#D1D3D9", key: "#FFFFFF", special: "#ABB0BA", text: "#000000")
        switch theme {
        case .imessage:
            return ChatPalette(
                background: dark ? "#000000" : "#FFFFFF", bar: dark ? "#1C1C1E" : "#F6F6F6",
                barText: dark ? "#FFFFFF" : "#000000", barSubtext: "#8E8E93", accent: "#007AFF",
                meBubble: "#007AFF", meText: "#FFFFFF", otherBubble: dark ? "#26252A" : "#E5E5EA",
                otherText: dark ? "#FFFFFF" : "#000000", field: dark ? "#000000" : "#FFFFFF",
                fieldBorder: dark ? "#3A3A3C" : "#C7C7CC", placeholder: "#8E8E93", fieldText: dark ? "#FFFFFF" : "#000000",
                meta: "#8E8E93", keyboard: keyboard.keyboard, key: keyboard.key, keySpecial: keyboard.special,
                keyText: keyboard.text, divider: dark ? "#2C2C2E" : "#D8D8DC", readTick: "#8E8E93")
        case .whatsapp:
            return ChatPalette(
                background: dark ? "#0B141A" : "#ECE5DD", bar: dark ? "#1F2C34" : "#075E54",
                barText: "#FFFFFF", barSubtext: dark ? "#8696A0" : "#CFE9E5", accent: dark ? "#00A884" : "#128C7E",
                meBubble: dark ? "#005C4B" : "#DCF8C6", meText: dark ? "#E9EDEF" : "#111B21",
                otherBubble: dark ? "#202C33" : "#FFFFFF", otherText: dark ? "#E9EDEF" : "#111B21",
                field: dark ? "#2A3942" : "#FFFFFF", fieldBorder: dark ? "#2A3942" : "#FFFFFF",
                placeholder: "#8696A0", fieldText: dark ? "#E9EDEF" : "#111B21", meta: dark ? "#8696A0" : "#667781",
                keyboard: keyboard.keyboard, key: keyboard.key, keySpecial: keyboard.special, keyText: keyboard.text,
                divider: dark ? "#1F2C34" : "#D1D7DB", readTick: "#53BDEB")
        case .messenger:
            return ChatPalette(
                background: dark ? "#000000" : "#FFFFFF", bar: dark ? "#000000" : "#FFFFFF",
                barText: dark ? "#E4E6EB" : "#050505", barSubtext: "#8A8D91", accent: "#0084FF",
                meBubble: "#0084FF", meText: "#FFFFFF", otherBubble: dark ? "#303030" : "#E4E6EB",
                otherText: dark ? "#E4E6EB" : "#050505", field: dark ? "#303030" : "#F0F2F5",
                fieldBorder: dark ? "#303030" : "#F0F2F5", placeholder: "#8A8D91", fieldText: dark ? "#E4E6EB" : "#050505",
                meta: "#8A8D91", keyboard: keyboard.keyboard, key: keyboard.key, keySpecial: keyboard.special,
                keyText: keyboard.text, divider: dark ? "#242526" : "#E4E6EB", readTick: "#0084FF")
        case .discord:
            // Discord's own default is dark; light is its light theme.
            return ChatPalette(
                background: dark ? "#36393F" : "#FFFFFF", bar: dark ? "#2F3136" : "#F2F3F5",
                barText: dark ? "#FFFFFF" : "#060607", barSubtext: dark ? "#B9BBBE" : "#4F5660", accent: "#5865F2",
                meBubble: "#5865F2", meText: dark ? "#DCDDDE" : "#2E3338", otherBubble: dark ? "#2F3136" : "#F2F3F5",
                otherText: dark ? "#DCDDDE" : "#2E3338", field: dark ? "#40444B" : "#EBEDEF",
                fieldBorder: dark ? "#40444B" : "#EBEDEF", placeholder: dark ? "#72767D" : "#747F8D",
                fieldText: dark ? "#DCDDDE" : "#2E3338", meta: dark ? "#72767D" : "#747F8D",
                keyboard: keyboard.keyboard, key: keyboard.key, keySpecial: keyboard.special, keyText: keyboard.text,
                divider: dark ? "#202225" : "#E3E5E8", readTick: "#5865F2")
        }
    }
}
