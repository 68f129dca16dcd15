import Foundation

/// One kind's resolved manifest settings (`PosterSpec`, …), held by `Item.content`. What Core
/// asks of an item's settings it asks here; each answer has a default for kinds without it.
public protocol KindSpec: Sendable {
    /// Rough seconds of video and its frame rate, from the manifest alone: the render queue takes
    /// the most work first (see `RenderOrder`).
    var renderWork: RenderWork { get }
    /// The voice the item is narrated in (nil: the kind does not speak), checked against the
    /// speech model by `validate`.
    var narrationVoice: String? { get }
    /// The image model the item names (nil: the default one).
    var imageModel: String? { get }
    /// The series the item belongs to in the content memory and `history` (nil: its kind's name).
    var memorySeries: String? { get }
    /// The look the item is made in, when its kind has several (a recipe's template): what
    /// `factory stats --by template` groups by.
    var templateName: String? { get }
    /// Makes the local files the settings name absolute: `locate(value, keyPath)` checks one path
    /// (it must exist, inside the manifest's folder) and returns it absolute, or nil when refused.
    mutating func resolveFiles(_ locate: (_ value: String?, _ keyPath: [String]) -> String?)
    /// What is wrong with the files once resolved (a conversation file that is not YAML), found at
    /// `validate` rather than mid-run; each names its key path.
    func fileProblems(item: String) -> [KeyedProblem]
    /// Why the item has no paid stage in `group`, for `regenerate --stage` (nil: it has one).
    func missingStage(_ group: StageGroup) -> String?
}

extension KindSpec {
    public var narrationVoice: String? { nil }
    public var imageModel: String? { nil }
    public var memorySeries: String? { nil }
    public var templateName: String? { nil }
    public mutating func resolveFiles(_ locate: (_ value: String?, _ keyPath: [String]) -> String?) {}
    public func fileProblems(item: String) -> [KeyedProblem] { [] }
    public func missingStage(_ group: StageGroup) -> String? { nil }
}

/// A kind's render work: seconds of video at a frame rate (the size comes from the item's format).
public struct RenderWork: Sendable, Equatable {
    public var seconds: Double
    public var fps: Double
    public init(seconds: Double, fps: Double) {
        self.seconds = seconds
        self.fps = fps
    }
}

/// A problem with one setting, located by its key path under the item.
public struct KeyedProblem: Sendable, Equatable {
    public var keyPath: [String]
    public var message: String
    public init(keyPath: [String], message: String) {
        self.keyPath = keyPath
        self.message = message
    }
}
