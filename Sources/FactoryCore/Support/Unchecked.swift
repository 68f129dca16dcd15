/// Carries a value that is not `Sendable` into concurrent code that only reads it, or whose
/// writes never overlap; each use says why that holds.
public struct Unchecked<Value>: @unchecked Sendable {
    public let value: Value
    public init(_ value: Value) { self.value = value }
}
