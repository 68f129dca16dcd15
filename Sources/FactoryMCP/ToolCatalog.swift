import MCP

/// The tools `factory mcp` offers: each one a CLI command, with its input and output schemas and
/// the hints a host uses to decide what to ask the user first. Paid work needs `confirm_cost_usd`;
/// a real publish needs `dry_run: false`.
enum ToolCatalog {
    typealias S = JSONSchema

    static let all: [Tool] = [validate, estimate, run, regenerate, review, approve, revoke, publish, stats]

    static func named(_ name: String) -> Tool? { all.first { $0.name == name } }

    // MARK: Read-only

    static let validate = Tool(
        name: "validate_manifest", title: "Check a manifest",
        description: "Check a week's manifest without running it, as `factory validate` does: every problem with its line, column, "
            + "path in the document, message and fix. Give `path` (a manifest file) or `yaml` (its text), not both.",
        inputSchema: S.object([
            "path": S.string("Path of the manifest file."),
            "yaml": S.string("The manifest's YAML text (relative local files are looked up beside a temporary copy)."),
            "week": S.week,
        ]),
        annotations: .init(title: "Check a manifest", readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false),
        outputSchema: S.object([
            "valid": S.boolean("True when the manifest can be run."),
            "file": S.string("The manifest checked."),
            "week": S.nullable("string"),
            "items": S.nullable("integer"),
            "summary": S.string("`factory validate`'s last line."),
            "problems": S.array(S.object([
                "file": S.string("The file the problem is in."),
                "line": S.nullable("integer"), "column": S.nullable("integer"),
                "path": S.string("Where in the document, e.g. items[3].voice."),
                "message": S.string("What is wrong and how to fix it, as the CLI prints it."),
                "fix": S.nullable("string"),
            ], required: ["file", "line", "column", "path", "message", "fix"]), "Every problem, in document order."),
        ], required: ["valid", "file", "problems", "summary"]))

    static let estimate = Tool(
        name: "estimate_week", title: "Price a week",
        description: "Price a run before making it, as `factory estimate --json` does: every item's stages, totals by day and by "
            + "provider, against the manifest's daily and weekly caps. Nothing is sent and nothing is spent.",
        inputSchema: S.object(["manifest": S.manifest, "only": S.only, "day": S.day, "week": S.week, "offline": S.offline,
                               "fresh": S.boolean("Price asking every stage again, ignoring cached answers and bundles.", default: false)],
                              required: ["manifest"]),
        annotations: .init(title: "Price a week", readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false),
        outputSchema: estimateOutput)

    /// `factory estimate --json`, its main keys named (it carries more: reasks, timezone, manifest).
    static let estimateOutput = S.object([
        "week": S.string("The ISO week priced."),
        "total_usd": S.number("What the run is expected to cost."),
        "total_max_usd": S.number("The most it can cost."),
        "paid_calls": S.integer("Calls that would be paid for."),
        "breaks_cap": S.boolean("True when running it today would break the daily or weekly cap."),
        "by_day": S.array(S.anyObject, "Totals per scheduled day."),
        "by_provider": S.array(S.anyObject, "Totals per provider."),
        "caps": S.anyObject,
        "stages": S.array(S.anyObject, "Every stage: item, stage, provider, model, status (to pay, cached, free, up to date), usd."),
        "problems": S.array(S.anyObject, "Items that cannot be planned (the run would fail them)."),
        "exit_code": S.integer("The CLI's exit code: 0 within the caps, 1 an item cannot be planned, 3 a cap would be broken."),
    ], required: ["week", "total_usd", "total_max_usd", "paid_calls", "breaks_cap", "by_day", "by_provider", "stages", "exit_code"], closed: false)

    static let stats = Tool(
        name: "week_stats", title: "What each post did",
        description: "The figures the hourly poll read from TikTok, YouTube and Instagram, as `factory stats --json`: per post "
            + "and per group (views, likes, comments, shares, saves, watch time, engagement), the cost per 1,000 views from the "
            + "ledger, and stuck posts with their likely cause and fix. A figure a platform did not give is null, never 0. "
            + "Reads the journal only; it calls no platform.",
        inputSchema: S.object(["manifest": S.manifest, "week": S.week,
                               "since": S.string("Every week from the one holding this date (YYYY-MM-DD)."),
                               "by": S.string("Group by (default series).", enumeration: ["item", "series", "kind", "template", "voice", "hour", "platform"])],
                              required: ["manifest"]),
        annotations: .init(title: "What each post did", readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false),
        outputSchema: S.object([
            "posts": S.array(S.anyObject, "Each post: item, platform, figures, reads, history, visibility, reason, stuck, item cost."),
            "groups": S.array(S.anyObject, "Each group: key, posts, withViews (the sample), figures, viewsPerPost, costPerThousandViews."),
            "grouping": S.string("What the groups are by."),
            "best": S.array(S.anyObject, "The three posts with the most views."),
            "worst": S.array(S.anyObject, "The three with the fewest."),
        ], required: ["posts", "groups", "grouping", "best", "worst"], closed: false))

    static let review = Tool(
        name: "review_week", title: "Review a week",
        description: "The week's items as `factory review` reads them: status, reason, QA figures (loudness, text contrast, "
            + "read-along drift), failed checks, cost, repeats of earlier weeks, approval and each platform's post.",
        inputSchema: S.object(["week": S.string("The week (2026-W48); default: the newest week in the output folder.")]),
        annotations: .init(title: "Review a week", readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false),
        outputSchema: S.object([
            "week": S.string("The ISO week."),
            "items": S.array(S.object([
                "id": S.string("The item's id."), "kind": S.string("Its kind, as the manifest names it (`kind:`)."),
                "day": S.string("Its weekday."), "date": S.nullable("string"), "status": S.string("done, failed, deferred, missing…"),
                "reason": S.nullable("string"), "title": S.string("The bundle's title."), "cost_usd": S.number("What it cost."),
                "needs_attention": S.boolean("Not done, a failed check, or close to an earlier week."),
                "qa": S.object(["loudness_lufs": S.nullable("number"), "lowest_contrast": S.nullable("number"),
                                "readalong_drift_ms": S.nullable("number")], required: ["loudness_lufs", "lowest_contrast", "readalong_drift_ms"]),
                "failed_checks": S.array(S.object(["name": S.string("The check."), "detail": S.string("What it found.")],
                                                  required: ["name", "detail"]), "Checks that failed."),
                "repeats": S.array(.object(["type": "string"]), "Where it is close to what its series published before."),
                "approval": S.nullable("string"),
                "posts": S.array(S.object(["platform": S.string("tiktok, youtube or instagram."), "state": S.string("The post's state."),
                                           "url": S.nullable("string"), "reason": S.nullable("string"), "current": S.boolean("Of this version.")],
                                          required: ["platform", "state", "url", "reason", "current"]), "Posts from the journal."),
                "resources": S.array(.object(["type": "string"]), "The item's resource URIs."),
            ], required: ["id", "kind", "day", "date", "status", "reason", "title", "cost_usd", "needs_attention", "qa", "failed_checks",
                          "repeats", "approval", "posts", "resources"]), "Every item, in the week's order."),
            "done": S.integer("Items done."),
            "total_cost_usd": S.number("What the week cost."),
        ], required: ["week", "items", "done", "total_cost_usd"]))

    // MARK: Paid

    static let run = Tool(
        name: "run_week", title: "Make a week",
        description: "Make the week's bundles, as `factory run` does. It spends money: pass `confirm_cost_usd` at least the estimate. "
            + "Without it (or below it) nothing is made and the estimate comes back. Sends a progress notification per finished "
            + "stage; cancelling stops it as Ctrl-C does (no new paid calls, the report written); a rerun pays only for what is missing.",
        inputSchema: S.object(["manifest": S.manifest, "only": S.only, "day": S.day, "week": S.week, "offline": S.offline,
                               "fresh": S.boolean("Ask and pay again for cached answers and finished bundles.", default: false),
                               "confirm_cost_usd": S.confirm], required: ["manifest"]),
        annotations: .init(title: "Make a week", readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true),
        outputSchema: paidOutput)

    static let regenerate = Tool(
        name: "regenerate_item", title: "Make an item again",
        description: "Make one item again (or one stage of it), as `factory regenerate` does; the old bundle is kept under .versions. "
            + "It spends money: pass `confirm_cost_usd` at least the estimate, else only the estimate comes back. Progress per stage; "
            + "cancelling stops it as Ctrl-C does.",
        inputSchema: S.object(["item": S.string("The item's id."),
                               "manifest": S.string("The manifest (default: the one the newest report in the output folder names)."),
                               "stage": S.stage, "variant": S.integer("A numbered alternative for the redone stage.", minimum: 1),
                               "week": S.week, "offline": S.offline, "confirm_cost_usd": S.confirm], required: ["item"]),
        annotations: .init(title: "Make an item again", readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true),
        outputSchema: paidOutput)

    /// run_week and regenerate_item: the estimate, and what the run did when it ran.
    static let paidOutput = S.object([
        "ran": S.boolean("False when nothing was made (no or too small a confirmation)."),
        "estimate_usd": S.number("The estimate the confirmation was checked against."),
        "estimate_max_usd": S.number("The most it can cost."),
        "confirmed_usd": S.nullable("number"),
        "estimate": S.anyObject,
        "exit_code": S.nullable("integer"),
        "stopped": S.boolean("True when it was cancelled (or stopped by a signal) before the end."),
        "spent_usd": S.nullable("number"),
        "summary": S.nullable("string"),
        "items": S.array(S.object(["id": S.string("The item."), "status": S.string("done, failed, deferred…"),
                                   "message": S.nullable("string"), "cost_usd": S.number("What it cost in this run."),
                                   "bundle": S.nullable("string")], required: ["id", "status", "message", "cost_usd", "bundle"]),
                         "Each item the run took, from the week's report.json."),
        "resources": S.array(.object(["type": "string"]), "Resource URIs of the bundles made."),
    ], required: ["ran", "estimate_usd", "estimate_max_usd", "confirmed_usd", "estimate", "exit_code", "stopped", "spent_usd", "summary", "items", "resources"])

    // MARK: Approval and publishing

    static let approve = Tool(
        name: "approve_items", title: "Approve items",
        description: "Approve items' current bundles for posting, as `factory approve` does. A regenerated item is a new version "
            + "and needs a new approval.",
        inputSchema: S.object(["items": S.array(.object(["type": "string"]), "The items' ids.", minItems: 1),
                               "manifest": S.string("The manifest (default: the one the newest report naming the first item names)."),
                               "week": S.week], required: ["items"]),
        annotations: .init(title: "Approve items", readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false),
        outputSchema: approvalOutput)

    static let revoke = Tool(
        name: "revoke_items", title: "Revoke approvals",
        description: "Withdraw items' approvals, as `factory approve --revoke` does: they are not posted until approved again.",
        inputSchema: S.object(["items": S.array(.object(["type": "string"]), "The items' ids.", minItems: 1),
                               "manifest": S.string("The manifest (default: as for approve_items)."), "week": S.week], required: ["items"]),
        annotations: .init(title: "Revoke approvals", readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false),
        outputSchema: approvalOutput)

    static let approvalOutput = S.object([
        "action": S.string("approve or revoke.", enumeration: ["approve", "revoke"]),
        "items": S.array(.object(["type": "string"]), "The items asked for."),
        "messages": S.array(.object(["type": "string"]), "What the CLI said, a line per item."),
    ], required: ["action", "items", "messages"])

    static let publish = Tool(
        name: "publish_due", title: "Publish what is due",
        description: "Post the week's approved, finished bundles whose time has come, as `factory publish` does: once per platform, "
            + "journalled, never twice. A dry run unless `dry_run` is false: it says what would be posted and sends nothing.",
        inputSchema: S.object(["manifest": S.manifest, "only": S.only, "week": S.week,
                               "at": S.string("Act as if it were this time: 2026-11-30T18:00 (the manifest's zone) or a full ISO 8601 moment."),
                               "dry_run": S.boolean("Say what would be posted and send nothing. A real publish needs false.", default: true)],
                              required: ["manifest"]),
        annotations: .init(title: "Publish what is due", readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true),
        outputSchema: S.object([
            "dry_run": S.boolean("True when nothing was sent."),
            "exit_code": S.integer("0 all due posted, 1 some failed, 3 a platform cap deferred some."),
            "messages": S.array(.object(["type": "string"]), "What the CLI said."),
        ], required: ["dry_run", "exit_code", "messages"]))
}
