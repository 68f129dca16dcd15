import MCP

/// A tool call's arguments, read with the types its input schema promises. A wrong or missing
/// argument is a tool error (the model can correct it), not a protocol error.
struct ToolArguments: Sendable {
    let values: [String: Value]

    init(_ values: [String: Value]?) { self.values = values ?? [:] }

    func string(_ name: String) throws -> String? {
        guard let value = values[name], !value.isNull else { return nil }
        guard let text = value.stringValue else { throw ToolFailure("\(name) must be a string") }
        return text
    }

    func required(_ name: String) throws -> String {
        guard let text = try string(name), !text.isEmpty else { throw ToolFailure("\(name) is required") }
        return text
    }

    func bool(_ name: String) throws -> Bool? {
        guard let value = values[name], !value.isNull else { return nil }
        guard let flag = value.boolValue else { throw ToolFailure("\(name) must be true or false") }
        return flag
    }

    /// A number, given as an integer or not (JSON does not tell 3 from 3.0).
    func number(_ name: String) throws -> Double? {
        guard let value = values[name], !value.isNull else { return nil }
        if let whole = value.intValue { return Double(whole) }
        guard let number = value.doubleValue, number.isFinite else { throw ToolFailure("\(name) must be a number") }
        return number
    }

    func integer(_ name: String) throws -> Int? {
        guard let value = values[name], !value.isNull else { return nil }
        guard let whole = value.intValue ?? value.doubleValue.flatMap({ $0 == $0.rounded() ? Int(exactly: $0) : nil }) else {
            throw ToolFailure("\(name) must be a whole number")
        }
        return whole
    }

    func strings(_ name: String) throws -> [String] {
        guard let value = values[name], !value.isNull else { return [] }
        guard let array = value.arrayValue else { throw ToolFailure("\(name) must be a list of strings") }
        return try array.map { item in
            guard let text = item.stringValue, !text.isEmpty else { throw ToolFailure("\(name) must be a list of strings") }
            return text
        }
    }

    /// A value that becomes a command-line argument must not pass for a flag.
    static func plain(_ text: String, _ name: String) throws -> String {
        guard !text.hasPrefix("-") else { throw ToolFailure("\(name) \"\(text)\" cannot start with \"-\"") }
        return text
    }
}

/// A tool that could not do what it was asked: its message is the CLI's, and it reaches the client
/// as a result with `isError: true`.
struct ToolFailure: Error, Sendable {
    var message: String
    init(_ message: String) { self.message = message }
}
