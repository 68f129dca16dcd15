/// Carries a value that is not `Sendable` into concurrent code that only reads it, or whose
/// writes never overlap; each use says why that holds.
struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
