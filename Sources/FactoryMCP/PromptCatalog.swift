import FactoryCore
import Foundation
import MCP

/// The prompts a host offers its user: plan next week from a brief, and review this week. Each is
/// filled in here (the manifest's shape from the kinds' own keys, the caps), so the model starts
/// from what the factory accepts.
enum PromptCatalog {
    static let plan = Prompt(
        name: "plan_week", title: "Plan next week from this brief",
        description: "Turns a brief (\"autumn recipes, keep it under $10\") into a manifest, checked and priced before anything is made.",
        arguments: [
            .init(name: "brief", title: "Brief", description: "What the week should be about, for whom, and any limits.", required: true),
            .init(name: "week", description: "The ISO week to plan (default: next week, `week: next`).", required: false),
            .init(name: "daily_usd", description: "The daily spending cap in USD (default 3).", required: false),
            .init(name: "weekly_usd", description: "The weekly spending cap in USD (default 15).", required: false),
        ])

    static let review = Prompt(
        name: "review_week", title: "Review this week",
        description: "Goes through the week's bundles with you: what failed and why, the QA figures, the stills; approves only what you say.",
        arguments: [.init(name: "week", description: "The week (default: the newest one made).", required: false)])

    static let all = [plan, review]

    static func get(_ name: String, _ arguments: [String: String], kinds: KindRegistry) throws -> GetPrompt.Result {
        switch name {
        case plan.name:
            guard let brief = arguments["brief"]?.trimmingCharacters(in: .whitespacesAndNewlines), !brief.isEmpty else {
                throw MCPError.invalidParams("plan_week needs its brief argument")
            }
            let daily = try cap(arguments["daily_usd"], "daily_usd", default: 3)
            let weekly = try cap(arguments["weekly_usd"], "weekly_usd", default: 15)
            let week = arguments["week"].flatMap { $0.isEmpty ? nil : $0 } ?? "next"
            return GetPrompt.Result(description: plan.description, messages: [.user(.text(text: planText(brief: brief, week: week, daily: daily, weekly: weekly, kinds: kinds)))])
        case review.name:
            let week = arguments["week"].flatMap { $0.isEmpty ? nil : $0 }
            return GetPrompt.Result(description: review.description, messages: [.user(.text(text: reviewText(week: week)))])
        default:
            throw MCPError.invalidParams("no prompt named \(name); prompts/list names them")
        }
    }

    static func cap(_ text: String?, _ name: String, default value: Double) throws -> Double {
        guard let text, !text.isEmpty else { return value }
        guard let number = Double(text.replacingOccurrences(of: "$", with: "")), number >= 0 else {
            throw MCPError.invalidParams("\(name) is an amount in USD, such as 10")
        }
        return number
    }

    static func planText(brief: String, week: String, daily: Double, weekly: Double, kinds registry: KindRegistry) -> String {
        let kinds = registry.descriptors.map { descriptor in
            "- `\(descriptor.kind.rawValue)`: \(descriptor.summary); its own keys: \(descriptor.keys.joined(separator: ", "))"
        }.joined(separator: "\n")
        return """
        Plan a week of social content for ContentFactory from this brief:

        \(brief)

        Write the week as a manifest in YAML, in this shape:

        ```yaml
        version: 1
        week: \(week)                      # an ISO week such as 2026-W48, or next
        timezone: America/New_York
        brand: { handle: "@yourbrand" }
        budget: { daily_usd: \(String(format: "%.2f", daily)), weekly_usd: \(String(format: "%.2f", weekly)) }
        providers: { text: auto, image: auto, speech: auto }
        items:
          - { id: mon-quote, kind: poster, day: monday, series: monday-motivation, prompt: "…" }
        ```

        Every item has an `id` (unique, lower case with dashes), a `kind` and a `day`; the keys every kind takes are \
        \(Item.commonKeys.joined(separator: ", ")). The kinds:
        \(kinds)

        Keep the week within the caps: $\(String(format: "%.2f", daily)) a day and $\(String(format: "%.2f", weekly)) a week.

        Then:
        1. Save it and call validate_manifest; fix every problem it reports (each has a line, a column and a fix).
        2. Call estimate_week and show me the cost by day against the caps.
        3. Make nothing until I agree to the cost. Then call run_week with confirm_cost_usd set to the amount I agreed to.
        """
    }

    static func reviewText(week: String?) -> String {
        let which = week.map { "the week \($0)" } ?? "the newest week"
        return """
        Review \(which) made by ContentFactory with me.

        1. Call review_week\(week.map { " with week \($0)" } ?? "") and list the items by day: status, cost, the QA figures \
        (loudness, the lowest text contrast, read-along drift) and any failed checks or repeats of earlier weeks.
        2. For the items that need attention, say what went wrong and what would fix it (regenerate_item prices a fix \
        first; it makes nothing without my confirmation of the cost).
        3. Read the stills of the finished items (each item's resources) so we can look at them together.
        4. Approve only the items I say to, with approve_items. Publish nothing unless I ask; publish_due is a dry run \
        unless dry_run is false.
        """
    }
}
