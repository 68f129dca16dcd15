import Foundation
import MCP

extension FactoryTools {
    /// approve_items and revoke_items: `factory approve ITEM… [--revoke]`.
    func approve(_ arguments: ToolArguments, revoke: Bool) async throws -> CallTool.Result {
        let items = try arguments.strings("items").map { try ToolArguments.plain($0, "items") }
        guard !items.isEmpty else { throw ToolFailure("items: name at least one item") }
        var command = ["approve"] + items
        if let manifest = try arguments.string("manifest") { command += ["--manifest", try Self.manifestPath(manifest)] }
        command += try Self.weekFlag(arguments) + configuration.flags
        if revoke { command.append("--revoke") }
        let outcome = try await succeed(command)
        let messages = (outcome.stdout + outcome.stderr).split(separator: "\n").map(String.init).filter { !$0.isEmpty }
        let answer: Value = .object(["action": .string(revoke ? "revoke" : "approve"), "items": .array(items.map { .string($0) }),
                                     "messages": .array(messages.map { .string($0) })])
        return ToolAnswer.success(messages.joined(separator: "\n"), answer)
    }

    /// publish_due: `factory publish`, with `--dry-run` unless the call says `dry_run: false`.
    func publish(_ arguments: ToolArguments) async throws -> CallTool.Result {
        let manifest = try Self.manifestPath(try arguments.required("manifest"))
        var command = ["publish", manifest]
        for id in try arguments.strings("only") { command += ["--only", try ToolArguments.plain(id, "only")] }
        if let at = try arguments.string("at") { command += ["--at", try ToolArguments.plain(at, "at")] }
        command += try Self.weekFlag(arguments) + configuration.flags
        // A real publish must be asked for in so many words.
        let dryRun = try arguments.bool("dry_run") ?? true
        if dryRun { command.append("--dry-run") }
        let outcome = try await succeed(command, accept: [0, 1, 3])
        let messages = (outcome.stdout + outcome.stderr).split(separator: "\n").map(String.init).filter { !$0.isEmpty }
        let answer: Value = .object(["dry_run": .bool(dryRun), "exit_code": .int(Int(outcome.code)),
                                     "messages": .array(messages.map { .string($0) })])
        return ToolAnswer.success(messages.joined(separator: "\n"), answer)
    }
}
