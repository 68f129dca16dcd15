import Foundation

/// Knobs for measuring renders (`factory-bench bench`), each off by default. The command layer
/// resolves them once from the environment and hands them down with `VideoSettings`; the shipping
/// defaults are what a run uses when none is set.
public struct RenderTuning: Sendable, Equatable {
    /// libx264's options in place of ours (`VideoEncoder.x264Params`); nil: ours.
    public var x264Params: String?
    /// Keep the pages of start-up's libraries mapped during a render (normally released).
    public var keepFilePages: Bool
    /// How many pictures the composing thread may run ahead of the encoder (at least 1).
    public var ringDepth: Int
    /// A file every composed picture is written to as packed I420, for the bench's quality figure.
    public var frameDump: String?
    /// Draw every frame in full (normally only what changed since the picture was last drawn).
    public var fullRedraw: Bool

    /// What a run uses: our x264 options, file pages released, a ring of 3, no dump.
    public static let standard = RenderTuning()

    public init(x264Params: String? = nil, keepFilePages: Bool = false, ringDepth: Int = 3, frameDump: String? = nil,
                fullRedraw: Bool = false) {
        self.x264Params = x264Params
        self.keepFilePages = keepFilePages
        self.ringDepth = max(1, ringDepth)
        self.frameDump = frameDump
        self.fullRedraw = fullRedraw
    }

    /// The knobs as set in `environment` (handed down by the command layer, never read here):
    /// `FACTORY_X264_PARAMS`, `FACTORY_KEEP_FILE_PAGES` (set at all), `FACTORY_RING` (a number),
    /// `FACTORY_FRAME_DUMP` (a file), `FACTORY_FULL_REDRAW` (set at all). An unset or unreadable
    /// one keeps its default.
    public init(environment: [String: String]) {
        self.init(x264Params: environment["FACTORY_X264_PARAMS"],
                  keepFilePages: environment["FACTORY_KEEP_FILE_PAGES"] != nil,
                  ringDepth: environment["FACTORY_RING"].flatMap { Int($0) } ?? 3,
                  frameDump: environment["FACTORY_FRAME_DUMP"], fullRedraw: environment["FACTORY_FULL_REDRAW"] != nil)
    }
}
