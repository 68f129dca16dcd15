/// One thing wrong with a manifest, located as precisely as we can: file, line, column, path.
public struct Problem: Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var column: Int?
    /// Where in the document, e.g. `items[3].voice`.
    public var path: String
    /// What is wrong and how to fix it.
    public var message: String
    /// A model or voice choice the item cannot be made with (exit 2 in validate, estimate and run alike).
    public var setting = false

    public init(file: String, line: Int? = nil, column: Int? = nil, path: String, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.path = path
        self.message = message
    }

    /// `week.yaml:14:7: items[3].voice: "corral" is not a voice; did you mean "coral"?`
    public var description: String {
        var location = file
        if let line { location += ":\(line)"; if let column { location += ":\(column)" } }
        return path.isEmpty ? "\(location): \(message)" : "\(location): \(path): \(message)"
    }
}

/// A manifest that cannot be used; carries every problem found, in document order.
public struct ManifestError: Error, Sendable, CustomStringConvertible {
    public var problems: [Problem]
    public init(_ problems: [Problem]) { self.problems = problems }
    public var description: String { problems.map(\.description).joined(separator: "\n") }
}
