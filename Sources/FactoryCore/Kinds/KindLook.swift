import Foundation

/// How review shows a kind: its name on a card, its filter's label and colour in the gallery, and
/// what `review --check` expects of its bundles (sound, a narration and its read-along).
public struct KindLook: Sendable, Equatable {
    /// The kind as people say it, on a card's chip ("chat story").
    public var name: String
    /// The gallery filter's label ("Chat stories").
    public var filterLabel: String
    /// The colour of its cards and filter, as `#rgb` or `#rrggbb` (anything else: the page's accent).
    public var colour: String
    /// True when its videos always carry sound (a chat's sound effects, a narration); without it a
    /// video needs sound only when it has a music bed.
    public var soundRequired: Bool
    /// True when it is narrated with a read-along (a bedtime story): `--check` measures its MP3's
    /// loudness against the target and its read-along's drift again.
    public var narrated: Bool

    public init(name: String, filterLabel: String, colour: String, soundRequired: Bool = false, narrated: Bool = false) {
        self.name = name
        self.filterLabel = filterLabel
        self.colour = colour
        self.soundRequired = soundRequired
        self.narrated = narrated
    }
}
