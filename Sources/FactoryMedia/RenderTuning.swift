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
    /// Two: one being encoded while the next is drawn. A third absorbed frames slower to draw,
    /// but the encoder is what the render waits for: side by side (7 Dec 2026, release, 2 cores,
    /// runs alternated) two took the same time as three on every kind (poster 4.81-4.95 s against
    /// 4.76-5.07, recipe 9.09-9.60 against 9.21-9.37, chat, bedtime) and 2-4 MB less.
    public static let defaultRingDepth = 2
    /// A file every composed picture is written to as packed I420, for the bench's quality figure.
    public var frameDump: String?
    /// Draw every frame in full (normally only what changed since the picture was last drawn).
    public var fullRedraw: Bool
    /// libx264's threads; nil: `VideoEncoder.loneThreads`, for a render that has the cores to itself.
    /// A run sets it with `sharing(renders:)`.
    public var encoderThreads: Int?
    /// `FACTORY_X264_THREADS`: libx264's threads whatever the share (for measuring).
    public var fixedThreads: Int?

    /// What a run uses: our x264 options, file pages released, a ring of two, no dump.
    public static let standard = RenderTuning()

    public init(x264Params: String? = nil, keepFilePages: Bool = false, ringDepth: Int = defaultRingDepth, frameDump: String? = nil,
                fullRedraw: Bool = false) {
        self.x264Params = x264Params
        self.keepFilePages = keepFilePages
        self.ringDepth = max(1, ringDepth)
        self.frameDump = frameDump
        self.fullRedraw = fullRedraw
    }

    /// These knobs for one of `renders` renders going at once on `cores` cores: each encoder gets
    /// its share of the cores (at least one thread, at most four). Two renders on two cores
    /// encoding with one thread each keep both cores as busy as two frame threads each, and hold
    /// fewer frames: the sample week peaked at 334 MB against 426 MB, 2 % longer (77.1 against
    /// 75.3 s; 7 Dec 2026, docs/performance.md). A lone render keeps the encoder's own count.
    public func sharing(renders: Int, cores: Int = ProcessInfo.processInfo.activeProcessorCount) -> RenderTuning {
        var tuning = self
        if renders > 1, fixedThreads == nil { tuning.encoderThreads = min(4, max(1, cores / renders)) }
        return tuning
    }

    /// The knobs as set in `environment` (handed down by the command layer, never read here):
    /// `FACTORY_X264_PARAMS`, `FACTORY_KEEP_FILE_PAGES` (set at all), `FACTORY_RING` (a number),
    /// `FACTORY_FRAME_DUMP` (a file), `FACTORY_FULL_REDRAW` (set at all), `FACTORY_X264_THREADS`
    /// (a number, for every render however many run at once). An unset, empty or unreadable one keeps its default.
    public init(environment: [String: String]) {
        self.init(x264Params: environment["FACTORY_X264_PARAMS"].flatMap { $0.isEmpty ? nil : $0 },
                  keepFilePages: environment["FACTORY_KEEP_FILE_PAGES"] != nil,
                  ringDepth: environment["FACTORY_RING"].flatMap { Int($0) } ?? Self.defaultRingDepth,
                  frameDump: environment["FACTORY_FRAME_DUMP"], fullRedraw: environment["FACTORY_FULL_REDRAW"] != nil)
        fixedThreads = environment["FACTORY_X264_THREADS"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
        encoderThreads = fixedThreads
    }
}
