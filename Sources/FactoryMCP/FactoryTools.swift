import FactoryCore
import Foundation
import MCP

/// The tools' handlers. Each runs the CLI command it stands for (a child `factory` with this
/// server's output and state) or, for validate and review, the same functions that command calls.
/// Whatever fails comes back as a tool result with `isError: true` and the CLI's own message.
struct FactoryTools: Sendable {
    let configuration: MCPConfiguration
    let child: ChildCommand
    /// One paid run at a time: a rerun after a cancelled run waits for it to have stopped.
    let paid = PaidQueue()

    init(_ configuration: MCPConfiguration) {
        self.configuration = configuration
        child = ChildCommand(binary: configuration.binary, environment: configuration.environment)
    }

    func call(_ params: CallTool.Parameters, progress: ProgressSink) async throws -> CallTool.Result {
        let arguments = ToolArguments(params.arguments)
        do {
            switch params.name {
            case ToolCatalog.validate.name: return try validate(arguments)
            case ToolCatalog.estimate.name: return try await estimate(arguments)
            case ToolCatalog.run.name: return try await runWeek(arguments, progress: progress)
            case ToolCatalog.regenerate.name: return try await regenerate(arguments, progress: progress)
            case ToolCatalog.review.name: return try await review(arguments)
            case ToolCatalog.approve.name: return try await approve(arguments, revoke: false)
            case ToolCatalog.revoke.name: return try await approve(arguments, revoke: true)
            case ToolCatalog.publish.name: return try await publish(arguments)
            case ToolCatalog.stats.name: return try await stats(arguments)
            default: throw MCPError.invalidParams("no tool named \(params.name); tools/list names them")
            }
        } catch let failure as ToolFailure {
            return ToolAnswer.error(failure.message)
        }
    }

    /// Runs a command that must succeed; its failure is a tool error carrying what the CLI said.
    func succeed(_ arguments: [String], accept: Set<Int32> = [0]) async throws -> ChildCommand.Outcome {
        let outcome = await child.run(arguments)
        guard accept.contains(outcome.code) else { throw ToolFailure(Self.failureText(outcome)) }
        return outcome
    }

    static func failureText(_ outcome: ChildCommand.Outcome) -> String {
        let message = outcome.message
        return message.isEmpty ? "the command ended with exit code \(outcome.code)" : message
    }

    /// A manifest path as the CLI gets it: absolute, from the server's working folder.
    static func manifestPath(_ text: String) throws -> String {
        URL(fileURLWithPath: try ToolArguments.plain(text, "manifest")).standardizedFileURL.path
    }

    /// `--only`, `--day`, `--week`, `--offline`, `--fresh` as run and estimate share them.
    static func selection(_ arguments: ToolArguments) throws -> [String] {
        var flags: [String] = []
        for id in try arguments.strings("only") { flags += ["--only", try ToolArguments.plain(id, "only")] }
        if let day = try arguments.string("day") { flags += ["--day", try ToolArguments.plain(day, "day")] }
        flags += try weekFlag(arguments)
        if try arguments.bool("offline") == true { flags.append("--offline") }
        if try arguments.bool("fresh") == true { flags.append("--fresh") }
        return flags
    }

    static func weekFlag(_ arguments: ToolArguments) throws -> [String] {
        guard let week = try arguments.string("week") else { return [] }
        return ["--week", try ToolArguments.plain(week, "week")]
    }
}

/// Building tool results: text for the model to read, and the same answer as structured content.
enum ToolAnswer {
    static func success(_ text: String, _ structured: Value) -> CallTool.Result {
        CallTool.Result(content: [.text(text: Secrets.redact(text), annotations: nil, _meta: nil)],
                        structuredContent: Optional(redacted(structured)), isError: false)
    }

    /// The value with every registered secret scrubbed from its strings.
    static func redacted(_ value: Value) -> Value {
        switch value {
        case .string(let text): .string(Secrets.redact(text))
        case .array(let items): .array(items.map(redacted))
        case .object(let fields): .object(fields.mapValues(redacted))
        default: value
        }
    }

    static func error(_ message: String) -> CallTool.Result {
        CallTool.Result(content: [.text(text: Secrets.redact(message), annotations: nil, _meta: nil)], isError: true)
    }

    /// An answer as a JSON value (its keys are snake case like the CLI's JSON, named in its CodingKeys:
    /// a key strategy would rename item ids used as keys too).
    static func value<T: Encodable>(_ answer: T) throws -> Value {
        try JSONDecoder().decode(Value.self, from: JSONEncoder().encode(answer))
    }

    static func value(json text: String) -> Value? {
        try? JSONDecoder().decode(Value.self, from: Data(text.utf8))
    }
}

/// Paid runs, one after another.
actor PaidQueue {
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func run<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        if busy { await withCheckedContinuation { waiting.append($0) } } else { busy = true }
        defer { next() }
        return try await body()
    }

    private func next() {
        if waiting.isEmpty { busy = false } else { waiting.removeFirst().resume() }
    }
}
