import Foundation

// The fields more than one kind records.

extension Measurements.Field where Value == String {
    /// written_by: where the words came from (the manifest, a writer model, the offline writer).
    static var writtenBy: Self { .text("written_by") }
}

extension Measurements.Field where Value == Bool {
    /// A yes/no fact, written "true" or "false".
    public static func flag(_ key: String) -> Self { Self(key, write: { "\($0)" }, read: { Bool($0) }) }
}
