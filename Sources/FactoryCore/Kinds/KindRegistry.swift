import Foundation

/// The kinds a run knows, each by its descriptor: the manifest loader decodes items through it and
/// the runner and planner make jobs through it. Built once where the program starts
/// (`StandardKinds.registry` in FactoryKinds; a test adds its own kind the same way).
public struct KindRegistry: KindFactory {
    public let descriptors: [KindDescriptor]
    private let byName: [Kind: KindDescriptor]

    /// `descriptors` in the order messages list them; a later one with the same name replaces an earlier.
    public init(_ descriptors: [KindDescriptor]) {
        var byName: [Kind: KindDescriptor] = [:]
        var ordered: [KindDescriptor] = []
        for descriptor in descriptors {
            if byName[descriptor.kind] != nil { ordered.removeAll { $0.kind == descriptor.kind } }
            byName[descriptor.kind] = descriptor
            ordered.append(descriptor)
        }
        self.byName = byName
        self.descriptors = ordered
    }

    /// The registry with `more` added (or replacing kinds of the same name).
    public func adding(_ more: KindDescriptor...) -> KindRegistry { KindRegistry(descriptors + more) }

    public var kinds: [Kind] { descriptors.map(\.kind) }
    public subscript(kind: Kind) -> KindDescriptor? { byName[kind] }

    /// Every key some kind accepts, common keys included.
    public var everyKey: Set<String> { Set(Item.commonKeys + descriptors.flatMap(\.keys)) }

    /// Every field the memory keeps: Core's shared ones and each kind's own, by name.
    public var memoryFields: [MemoryField] {
        var seen = Set<MemoryField>()
        return (MemoryField.shared + descriptors.flatMap(\.memory.fields)).filter { seen.insert($0).inserted }
    }

    /// Every series some kind is remembered under, in registration order.
    public var memorySeries: [String] { descriptors.flatMap(\.memorySeries) }

    public func job(for item: Item, in context: KindContext) -> any KindJob {
        // The loader only makes items of registered kinds, so a miss is a programming error.
        guard let descriptor = byName[item.kind] else {
            preconditionFailure("item \(item.id) has kind \(item.kind), which is not registered")
        }
        return descriptor.job(item, context)
    }
}

extension CodingUserInfoKey {
    /// Where the manifest loader hands item decoding the registry.
    static let kindRegistry = CodingUserInfoKey(rawValue: "factory.kinds")!
}
