import FactoryCore
/// Where the parts of the phone screen sit and how big the type is, for one frame size, theme and
/// keyboard setting. Pixel values are for a 1080-pixel-wide story; the tall format keeps them, the
/// square and landscape formats use compact chrome so the thread keeps room for several bubbles.
public struct ChatMetrics: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var statusBar: Int
    public var headerTop: Int
    public var headerHeight: Int
    public var inputTop: Int
    public var inputHeight: Int
    public var keyboardTop: Int
    public var keyboardHeight: Int
    /// Side margin of the thread.
    public var margin: Int
    public var bubbleMaxWidth: Int
    public var bubblePadX: Int
    public var bubblePadY: Int
    public var bubbleRadius: Int
    /// Space between bubbles (more when the sender changes).
    public var gap: Int
    public var senderGap: Int
    public var fontSize: Double
    public var smallFont: Double
    public var headerFont: Double
    public var avatarSize: Int

    public var threadTop: Int { headerTop + headerHeight }
    public var threadBottom: Int { inputTop }
    public var threadHeight: Int { threadBottom - threadTop }

    public init(width: Int, height: Int, theme: ChatTheme, keyboard: Bool) {
        self.width = width
        self.height = height
        let tall = height >= 1600
        statusBar = tall ? 66 : 0
        headerTop = statusBar
        switch theme {
        case .imessage: headerHeight = tall ? 210 : 150
        case .discord: headerHeight = tall ? 130 : 104
        default: headerHeight = tall ? 160 : 120
        }
        keyboardHeight = keyboard ? min(640, Int(Double(height) * 0.33)) : 0
        inputHeight = tall ? 136 : 104
        let bottomInset = keyboard ? 0 : (tall ? 90 : 24)
        keyboardTop = height - keyboardHeight
        inputTop = keyboardTop - bottomInset - inputHeight
        margin = tall ? 36 : 32
        bubbleMaxWidth = min(Int(Double(width) * 0.72), 860)
        fontSize = tall ? 44 : 38
        smallFont = tall ? 30 : 26
        headerFont = tall ? 40 : 34
        bubblePadX = tall ? 34 : 28
        bubblePadY = tall ? 20 : 16
        bubbleRadius = tall ? 44 : 36
        gap = tall ? 10 : 8
        senderGap = tall ? 26 : 20
        avatarSize = tall ? 96 : 72
    }
}
