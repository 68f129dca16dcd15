import FactoryCore
import Foundation
import MCP

extension FactoryTools {
    /// run_week: prices the run as `factory estimate` does; with a confirmation at least that
    /// estimate, runs `factory run --progress plain` and reports each finished stage as progress.
    func runWeek(_ arguments: ToolArguments, progress: ProgressSink) async throws -> CallTool.Result {
        let manifest = try Self.manifestPath(try arguments.required("manifest"))
        let selection = try Self.selection(arguments)
        let confirmed = try arguments.number("confirm_cost_usd")
        return try await paid.run {
            let priced = try await price(["estimate", manifest] + selection)
            let estimate = Estimate(usd: priced.totalUSD, maxUSD: priced.maxUSD, details: .object(priced.json), text: priced.text)
            if let refusal = CostConfirmation.refusal(confirmed: confirmed, estimateUSD: priced.totalUSD) {
                return try Self.notMade(estimate, confirmed: confirmed, refusal: refusal)
            }
            let planned = Set((priced.json["stages"]?.arrayValue ?? []).compactMap { $0.objectValue?["item"]?.stringValue })
            // The plan's paid stages and one render per item.
            let counter = StageCounter(progress, total: priced.stages + planned.count)
            await counter.note("running \(planned.count) item\(planned.count == 1 ? "" : "s")")
            return try await made(["run", manifest, "--progress", "plain"] + selection + configuration.flags, estimate: estimate,
                                  confirmed: confirmed, week: priced.json["week"]?.stringValue, items: planned, counter: counter)
        }
    }

    /// regenerate_item: `factory regenerate --dry-run` for the cost, then with a confirmation
    /// `factory regenerate --yes`, its stages as progress.
    func regenerate(_ arguments: ToolArguments, progress: ProgressSink) async throws -> CallTool.Result {
        let item = try ToolArguments.plain(try arguments.required("item"), "item")
        var command = ["regenerate", item]
        if let manifest = try arguments.string("manifest") { command += ["--manifest", try Self.manifestPath(manifest)] }
        if let stage = try arguments.string("stage") { command += ["--stage", try ToolArguments.plain(stage, "stage")] }
        if let variant = try arguments.integer("variant") {
            guard variant > 0 else { throw ToolFailure("variant is a whole number from 1") }
            command += ["--variant", String(variant)]
        }
        command += try Self.weekFlag(arguments)
        if try arguments.bool("offline") == true { command.append("--offline") }
        command += configuration.flags
        let confirmed = try arguments.number("confirm_cost_usd")
        let fixed = command
        return try await paid.run {
            let dry = try await succeed(fixed + ["--dry-run"])
            guard let cost = Self.regenerationCost(dry.stdout) else {
                throw ToolFailure("factory regenerate --dry-run gave no cost: \(Self.failureText(dry))")
            }
            let text = dry.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            let estimate = Estimate(usd: cost.usd, maxUSD: cost.max, details: .object(["text": .string(text)]), text: text)
            if let refusal = CostConfirmation.refusal(confirmed: confirmed, estimateUSD: cost.usd) {
                return try Self.notMade(estimate, confirmed: confirmed, refusal: refusal)
            }
            let stages = text.split(separator: "\n").filter { $0.contains(item) && ($0.contains("to pay") || $0.contains("cached")) }.count
            let counter = StageCounter(progress, total: stages + 1)
            await counter.note("regenerating \(item)")
            return try await made(fixed + ["--yes"], estimate: estimate, confirmed: confirmed, week: nil, items: [item], counter: counter)
        }
    }

    struct Estimate: Sendable {
        var usd: Double
        var maxUSD: Double
        var details: Value
        var text: String
    }

    /// `estimated cost $0.0230 (at most $0.0300)` from what `regenerate --dry-run` printed.
    static func regenerationCost(_ text: String) -> (usd: Double, max: Double)? {
        guard let line = text.split(separator: "\n").last(where: { $0.hasPrefix("estimated cost $") }) else { return nil }
        let numbers = line.split(whereSeparator: { $0 == "$" || $0 == " " || $0 == ")" || $0 == "(" }).compactMap { Double($0) }
        guard let usd = numbers.first else { return nil }
        return (usd, numbers.dropFirst().first ?? usd)
    }

    /// The answer when nothing was made: the estimate, and what to send to go ahead.
    static func notMade(_ estimate: Estimate, confirmed: Double?, refusal: String) throws -> CallTool.Result {
        let answer = PaidAnswer(ran: false, estimateUsd: estimate.usd, estimateMaxUsd: estimate.maxUSD, confirmedUsd: confirmed,
                                estimate: estimate.details, exitCode: nil, stopped: false, spentUsd: nil, summary: nil, items: [], resources: [])
        return ToolAnswer.success(refusal + "\n\n" + estimate.text, try ToolAnswer.value(answer))
    }

    /// Runs the paid command, its stage lines as progress, and answers from the report it wrote.
    func made(_ command: [String], estimate: Estimate, confirmed: Double?, week: String?, items: Set<String>,
              counter: StageCounter) async throws -> CallTool.Result {
        let started = Date()
        let outcome = await child.run(command) { line in
            if let stage = StageLine(line) { await counter.finished(stage) }
        }
        // The report this command wrote (none when it stopped before running: a held lock, a bad setting).
        let report = week.flatMap { reportFile(week: $0, since: started) } ?? newestReport(since: started)
        guard let report else { throw ToolFailure(Self.failureText(outcome)) }
        if outcome.code == 2 { throw ToolFailure(Self.failureText(outcome) + "\n" + report.summary) }
        let taken = report.items.filter { items.contains($0.id) }
        let answer = PaidAnswer(
            ran: true, estimateUsd: estimate.usd, estimateMaxUsd: estimate.maxUSD, confirmedUsd: confirmed, estimate: estimate.details,
            exitCode: Int(outcome.code), stopped: outcome.interrupted || report.stopped || [130, 143].contains(outcome.code),
            spentUsd: report.spentUSD, summary: report.summary,
            items: taken.map { PaidAnswer.Item(id: $0.id, status: $0.status.rawValue, message: $0.message, costUsd: $0.costUSD, bundle: $0.bundle) },
            resources: taken.filter { $0.status == .done }.map { ResourceURI.file(week: report.week, item: $0.id, name: "metadata.json") })
        return ToolAnswer.success(report.summary, try ToolAnswer.value(answer))
    }

    /// `<output>/<week>/report.json` when it was written at or after `since`.
    func reportFile(week: String, since: Date) -> RunReport? {
        let file = configuration.output.appendingPathComponent(week).appendingPathComponent("report.json")
        guard let modified = (try? file.resourceValues(forKeys: [.contentModificationDateKey]))?.contentModificationDate,
              modified.timeIntervalSince(since) > -1,
              let data = try? Data(contentsOf: file) else { return nil }
        return try? SnakeJSON.decoder().decode(RunReport.self, from: data)
    }

    /// The newest report of any week written since `since` (regenerate finds its own week).
    func newestReport(since: Date) -> RunReport? {
        let weeks = (try? FileManager.default.contentsOfDirectory(atPath: configuration.output.path)) ?? []
        return weeks.filter { !$0.hasPrefix(".") }.compactMap { reportFile(week: $0, since: since) }.max { $0.finishedAt < $1.finishedAt }
    }
}

/// run_week's and regenerate_item's answer (ToolCatalog.paidOutput): nil fields are written as null.
struct PaidAnswer: Encodable {
    struct Item: Encodable {
        var id: String
        var status: String
        var message: String?
        var costUsd: Double
        var bundle: String?

        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(id, forKey: .id)
            try c.encode(status, forKey: .status)
            try c.encode(message, forKey: .message)
            try c.encode(costUsd, forKey: .costUsd)
            try c.encode(bundle, forKey: .bundle)
        }
        enum CodingKeys: String, CodingKey { case id, status, message, bundle, costUsd = "cost_usd" }
    }
    var ran: Bool
    var estimateUsd: Double
    var estimateMaxUsd: Double
    var confirmedUsd: Double?
    var estimate: Value
    var exitCode: Int?
    var stopped: Bool
    var spentUsd: Double?
    var summary: String?
    var items: [Item]
    var resources: [String]

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(ran, forKey: .ran)
        try c.encode(estimateUsd, forKey: .estimateUsd)
        try c.encode(estimateMaxUsd, forKey: .estimateMaxUsd)
        try c.encode(confirmedUsd, forKey: .confirmedUsd)
        try c.encode(estimate, forKey: .estimate)
        try c.encode(exitCode, forKey: .exitCode)
        try c.encode(stopped, forKey: .stopped)
        try c.encode(spentUsd, forKey: .spentUsd)
        try c.encode(summary, forKey: .summary)
        try c.encode(items, forKey: .items)
        try c.encode(resources, forKey: .resources)
    }
    enum CodingKeys: String, CodingKey {
        case ran, estimate, stopped, summary, items, resources
        case estimateUsd = "estimate_usd", estimateMaxUsd = "estimate_max_usd", confirmedUsd = "confirmed_usd", exitCode = "exit_code"
        case spentUsd = "spent_usd"
    }
}
