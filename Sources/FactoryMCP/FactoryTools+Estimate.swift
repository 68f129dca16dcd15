import FactoryCore
import Foundation
import MCP

extension FactoryTools {
    /// estimate_week: `factory estimate --json`, its JSON as the structured answer.
    func estimate(_ arguments: ToolArguments) async throws -> CallTool.Result {
        let manifest = try Self.manifestPath(try arguments.required("manifest"))
        let priced = try await price(["estimate", manifest] + Self.selection(arguments))
        return ToolAnswer.success(priced.text, .object(priced.json))
    }

    /// An estimate as the CLI makes it: its JSON (with its exit code added) and a few lines of text.
    struct Priced: Sendable {
        var json: [String: Value]
        var totalUSD: Double
        var maxUSD: Double
        var text: String
        /// Stages in the plan (for a run's progress total).
        var stages: Int
    }

    /// Runs `arguments` + `--json` and reads the plan. Exit 0, 1 (an item cannot be planned) and 3
    /// (a cap would be broken) still print the plan; anything else is the CLI's error.
    func price(_ arguments: [String]) async throws -> Priced {
        let outcome = try await succeed(arguments + ["--json"] + configuration.flags, accept: [0, 1, 3])
        guard var json = ToolAnswer.value(json: outcome.stdout)?.objectValue else {
            throw ToolFailure("factory estimate printed no plan: \(FactoryTools.failureText(outcome))")
        }
        json["exit_code"] = .int(Int(outcome.code))
        let total = json["total_usd"].flatMap(Self.double) ?? 0
        let most = json["total_max_usd"].flatMap(Self.double) ?? total
        let calls = json["paid_calls"]?.intValue ?? 0
        let caps = json["caps"]?.objectValue ?? [:]
        var lines = [String(format: "estimate for %@: $%.4f for %d paid calls (at most $%.4f)", json["week"]?.stringValue ?? "the week",
                            total, calls, most)]
        if let daily = caps["daily_usd"].flatMap(Self.double), let weekly = caps["weekly_usd"].flatMap(Self.double) {
            lines.append(String(format: "caps: $%.2f a day, $%.2f a week; ", daily, weekly)
                         + (json["breaks_cap"]?.boolValue == true ? "running it today would break a cap" : "within the caps"))
        }
        for problem in json["problems"]?.arrayValue ?? [] {
            lines.append("cannot plan: " + (problem.objectValue?["message"]?.stringValue ?? "\(problem)"))
        }
        let note = outcome.stderr.trimmingCharacters(in: .whitespacesAndNewlines)
        if !note.isEmpty { lines.append(note) }
        return Priced(json: json, totalUSD: total, maxUSD: most, text: lines.joined(separator: "\n"),
                      stages: json["stages"]?.arrayValue?.count ?? 0)
    }

    static func double(_ value: Value) -> Double? { value.doubleValue ?? value.intValue.map(Double.init) }
}
