import Foundation

/// The text a person set for one version of an item on one platform (the studio's editor, or
/// `factory caption`): what `publish` posts instead of the bundle's caption.txt and title. Kept in
/// the journal's store beside the approvals, never written into the bundle; a regenerated bundle is
/// a new version and starts again from its own caption.
public struct PostText: Sendable, Equatable, Codable {
    public var week: String
    public var item: String
    /// The bundle's version (its video's sha256) the text was written for.
    public var version: String
    public var platform: Platform
    /// YouTube's title; nil elsewhere (TikTok and Instagram post the caption only).
    public var title: String?
    public var caption: String
    public var by: String
    public var editedAt: String

    public init(week: String, item: String, version: String, platform: Platform, title: String?, caption: String, by: String,
                editedAt: String = "") {
        self.week = week
        self.item = item
        self.version = version
        self.platform = platform
        self.title = title
        self.caption = caption
        self.by = by
        self.editedAt = editedAt
    }
}

extension Array where Element == PostText {
    /// The text set for `item`'s `version` on `platform`, if any (one per key: the newest).
    public func text(item: String, version: String, platform: Platform) -> PostText? {
        last { $0.item == item && $0.version == version && $0.platform == platform }
    }
}
