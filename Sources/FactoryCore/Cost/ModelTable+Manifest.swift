import Foundation

extension ModelTable {
    /// A model a run will call, and for what.
    public struct Use: Sendable, Equatable, Hashable {
        public var provider: ProviderID
        public var model: String
        public var role: Role
        public init(provider: ProviderID, model: String, role: Role) {
            self.provider = provider
            self.model = model
            self.role = role
        }
    }

    /// The image models a manifest's items ask for (an item's kind may name one; else the default).
    public static func imageModels(_ manifest: Manifest) -> [String] {
        var models: [String] = []
        for item in manifest.items {
            let model = item.content.imageModel ?? ModelDefaults.image
            if !models.contains(model) { models.append(model) }
        }
        return models
    }

    /// One warning for each model of `uses` that retires within `days` (30 by default) of `day`.
    public func retirementWarnings(_ uses: [Use], on day: String, within days: Int = 30) -> [String] {
        var seen = Set<Use>()
        return uses.filter { seen.insert($0).inserted }.compactMap {
            retirementWarning(provider: $0.provider, model: $0.model, on: day, within: days)
        }
    }
}
