import Foundation

/// What a model is used for: a row's `role` in models.json, and what a provider asks a model to
/// be (`ModelTable.check(provider:model:role:on:)`). The raw values are the file's.
public enum Role: String, Sendable, Codable, CaseIterable, Hashable, CustomStringConvertible {
    case text, image, speech

    public var description: String { rawValue }
}
