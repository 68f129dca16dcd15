import Foundation

/// Everything Core needs to know about one kind, registered once (`KindRegistry`): its manifest
/// keys and how its settings decode, how hard its text calls think, how its text is written offline
/// and faked, how review shows it, what the content memory keeps of it, and how its job is made.
/// The rest of what a kind owns lives beside its descriptor in `Sources/FactoryKinds/<Kind>/`.
public struct KindDescriptor: Sendable {
    public let kind: Kind
    /// The manifest keys the kind accepts besides `Item.commonKeys`.
    public let keys: [String]
    /// What the text model's effort is when the item does not set `effort:` (a quote needs
    /// little, a story more).
    public let textEffort: Effort
    /// The soundtrack's level when neither the item nor the manifest sets `loudness:`.
    public let loudness: LoudnessTarget
    /// What the kind makes, in a few words, for messages that list the kinds.
    public let summary: String
    /// True when the kind is made for children (bedtime stories): YouTube needs `made_for_kids`
    /// said for it before it is posted there.
    public let forChildren: Bool
    /// How its text is written with no key and no network; nil when the kind asks for none.
    public let offline: OfflineWriter?
    /// Its pictures with no key and no network (requests whose `kind` hint is the kind's name);
    /// nil: the offline image provider's landscapes.
    public let offlineArt: OfflineArtist?
    /// How the fake provider server answers the kind's text requests; nil for generic schema filler.
    public let fakeAnswer: FakeAnswerWriter?
    /// How review and the gallery show it.
    public let look: KindLook
    /// What the content memory keeps of it.
    public let memory: KindMemory
    /// Decodes the kind's settings from the item's merged mapping (unknown keys are already refused).
    public let decode: @Sendable (Decoder) throws -> any KindSpec
    /// Makes the job that fetches and renders one item of the kind.
    public let job: @Sendable (Item, KindContext) -> any KindJob

    /// A kind whose settings are `Spec`: `job` is handed the item's settings already typed.
    public init<Spec: KindSpec>(kind: Kind, keys: [String], textEffort: Effort, summary: String, look: KindLook,
                                memory: KindMemory, loudness: LoudnessTarget = .shortForm, forChildren: Bool = false,
                                offline: OfflineWriter? = nil, offlineArt: OfflineArtist? = nil, fakeAnswer: FakeAnswerWriter? = nil,
                                decode: @escaping @Sendable (Decoder) throws -> Spec,
                                job: @escaping @Sendable (Item, Spec, KindContext) -> any KindJob) {
        self.kind = kind
        self.keys = keys
        self.textEffort = textEffort
        self.summary = summary
        self.loudness = loudness
        self.forChildren = forChildren
        self.offline = offline
        self.offlineArt = offlineArt
        self.fakeAnswer = fakeAnswer
        self.look = look
        self.memory = memory
        self.decode = { try decode($0) }
        self.job = { item, context in
            // The registry hands an item only to the descriptor that decoded it.
            guard let spec = item.content as? Spec else {
                preconditionFailure("item \(item.id) of kind \(item.kind) holds \(type(of: item.content)), not \(Spec.self)")
            }
            return job(item, spec, context)
        }
    }
}

extension KindDescriptor {
    /// The series `history --series` accepts for the kind: the ones it names, else its own name.
    public var memorySeries: [String] { memory.series ?? [kind.rawValue] }
}
