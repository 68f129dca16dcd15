import MCP

/// JSON Schema pieces for the tools' inputs and outputs (draft 2020-12, as MCP hosts read them).
enum JSONSchema {
    static func object(_ properties: [String: Value], required: [String] = [], closed: Bool = true) -> Value {
        var schema: [String: Value] = ["type": "object", "properties": .object(properties)]
        if !required.isEmpty { schema["required"] = .array(required.map { .string($0) }) }
        if closed { schema["additionalProperties"] = false }
        return .object(schema)
    }

    static func string(_ description: String, enumeration: [String]? = nil, pattern: String? = nil) -> Value {
        var schema: [String: Value] = ["type": "string", "description": .string(description)]
        if let enumeration { schema["enum"] = .array(enumeration.map { .string($0) }) }
        if let pattern { schema["pattern"] = .string(pattern) }
        return .object(schema)
    }

    static func number(_ description: String, minimum: Double? = nil) -> Value {
        var schema: [String: Value] = ["type": "number", "description": .string(description)]
        if let minimum { schema["minimum"] = .double(minimum) }
        return .object(schema)
    }

    static func integer(_ description: String, minimum: Int? = nil) -> Value {
        var schema: [String: Value] = ["type": "integer", "description": .string(description)]
        if let minimum { schema["minimum"] = .int(minimum) }
        return .object(schema)
    }

    static func boolean(_ description: String, default value: Bool? = nil) -> Value {
        var schema: [String: Value] = ["type": "boolean", "description": .string(description)]
        if let value { schema["default"] = .bool(value) }
        return .object(schema)
    }

    static func array(_ items: Value, _ description: String, minItems: Int? = nil) -> Value {
        var schema: [String: Value] = ["type": "array", "items": items, "description": .string(description)]
        if let minItems { schema["minItems"] = .int(minItems) }
        return .object(schema)
    }

    /// A value that may also be null (an absent line number, a reason only failed items have).
    static func nullable(_ type: String) -> Value { .object(["type": .array([.string(type), "null"])]) }

    static let anyObject: Value = .object(["type": "object"])

    // The inputs several tools share.
    static let manifest = string("Path of the week's manifest (YAML), absolute or relative to the folder `factory mcp` was started in.")
    static let week = string("An ISO week (YYYY-Www) to make or read instead of the manifest's `week:`.", pattern: #"^\d{4}-W\d{2}$"#)
    static let only = array(.object(["type": "string"]), "Only these item ids (default: every item).")
    static let day = string("Only the items scheduled on this weekday.",
                            enumeration: ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"])
    static let offline = boolean("Use the offline providers even when API keys are set (nothing is spent).", default: false)
    static let confirm = number("The cost in USD you agree to pay: at least the estimate (as printed, to 4 decimals). Without it the tool only "
                                + "returns the estimate and makes nothing.", minimum: 0)
    static let stage = string("Redo only this stage (default: every paid stage).", enumeration: ["text", "image", "speech", "render"])
}
