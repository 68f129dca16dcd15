import Foundation

/// Everything wrong with a written answer, as one sentence for the re-ask and the error. Each
/// kind's answer check (in its folder under `Sources/FactoryKinds/`) returns one.
public struct AnswerProblems: Error, Equatable, CustomStringConvertible {
    public var list: [String]
    public init(_ list: [String]) { self.list = list }
    public var description: String { list.prefix(6).joined(separator: "; ") + (list.count > 6 ? "; and \(list.count - 6) more" : "") }
}
