import FactoryCore
import Foundation
import MCP

extension FactoryTools {
    /// week_stats: `factory stats MANIFEST --json` (or `--suggest`), read-only: the snapshots the
    /// hourly poll recorded, never a call to the platforms.
    func stats(_ arguments: ToolArguments) async throws -> CallTool.Result {
        let manifest = try Self.manifestPath(try arguments.required("manifest"))
        var command = ["stats", manifest, "--json"]
        if let by = try arguments.string("by") {
            guard ["item", "series", "kind", "template", "voice", "hour", "platform"].contains(by) else {
                throw ToolFailure("by: \(by) is not a grouping; use item, series, kind, template, voice, hour or platform")
            }
            command += ["--by", by]
        }
        if let week = try arguments.string("week") { command += ["--week", week] }
        if let since = try arguments.string("since") { command += ["--since", since] }
        let outcome = try await succeed(command + configuration.flags)
        guard let json = ToolAnswer.value(json: outcome.stdout)?.objectValue else {
            throw ToolFailure("factory stats printed no figures: \(FactoryTools.failureText(outcome))")
        }
        let posts = json["posts"]?.arrayValue ?? []
        let stuck = posts.filter { $0.objectValue?["stuck"]?.objectValue != nil }.count
        let text = "\(posts.count) post\(posts.count == 1 ? "" : "s") with figures"
            + (stuck > 0 ? "; \(stuck) stuck (see each post's `stuck` for the cause and the fix)" : "")
        return ToolAnswer.success(text, .object(json))
    }
}
