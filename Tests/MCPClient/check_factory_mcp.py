"""`factory mcp` driven by the official MCP Python SDK (PyPI `mcp`), a client nobody here wrote.

Run by FactoryEndToEndTests/MCP/MCPClientTests.swift (so by `make test`):

    python check_factory_mcp.py --factory .build/debug/factory --workdir DIR

DIR is an empty folder; the environment may point the providers at the fake provider server on
127.0.0.1 (keys and *_BASE_URL), which the paid checks need. Prints one line per check and, last,
a JSON line `RESULT {...}` with figures the Swift side checks against the fake server. Exits 0 when
every check passed.
"""

import argparse
import asyncio
import base64
import json
import os
import subprocess
import sys
from pathlib import Path

from mcp import ClientSession, StdioServerParameters, types
from mcp.client.stdio import stdio_client

EXPECTED_TOOLS = {
    "validate_manifest": dict(readOnlyHint=True, destructiveHint=False, openWorldHint=False),
    "estimate_week": dict(readOnlyHint=True, openWorldHint=False),
    "run_week": dict(readOnlyHint=False, openWorldHint=True),
    "regenerate_item": dict(readOnlyHint=False, destructiveHint=True, openWorldHint=True),
    "review_week": dict(readOnlyHint=True),
    "approve_items": dict(readOnlyHint=False, destructiveHint=False, idempotentHint=True),
    "revoke_items": dict(readOnlyHint=False, destructiveHint=True),
    "publish_due": dict(readOnlyHint=False, openWorldHint=True),
    "week_stats": dict(readOnlyHint=True, openWorldHint=False),
}

OFFLINE_WEEK = """version: 1
week: 2026-W48
timezone: America/New_York
brand: { handle: "@mcp" }
publish: { platforms: [tiktok], at: "18:00", approval: required, tiktok: { mode: inbox } }
items:
  - { id: calm-poster, kind: poster, day: monday, series: mindful-moment, format: square, quality: draft, duration: 6,
      quote: "Slow is smooth, smooth is fast." }
"""

# Paid through the fake providers: three posters, so a cancel lands mid-run.
PAID_WEEK = """version: 1
week: 2026-W49
timezone: America/New_York
budget: { daily_usd: 3, weekly_usd: 15 }
providers: { text: anthropic, image: runware }
items:
""" + "".join(
    f'  - {{ id: harbour-{n}, kind: poster, day: tuesday, series: wednesday-wisdom, format: square, quality: draft, '
    f'duration: 6, prompt: "a quiet harbour number {n}" }}\n' for n in range(3))

BAD_WEEK = """version: 1
week: 2026-W48
items:
  - { id: one, kind: poster, day: monday, series: mindful-moment }
  - { id: two, kind: postr, day: tuesday }
"""


class Checks:
    def __init__(self):
        self.failed = []

    def check(self, ok, what):
        print(("ok   " if ok else "FAIL ") + what, flush=True)
        if not ok:
            self.failed.append(what)
        return ok


def snapshot(folder: Path):
    """Every file under `folder` with its size and modification time."""
    out = {}
    for path in folder.rglob("*"):
        if path.is_file():
            stat = path.stat()
            out[str(path)] = (stat.st_size, stat.st_mtime_ns)
    return out


def texts(result):
    return "\n".join(c.text for c in result.content if isinstance(c, types.TextContent))


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--factory", required=True)
    parser.add_argument("--workdir", required=True)
    parser.add_argument("--secret", default="", help="a value set in the server's environment that must never come back")
    args = parser.parse_args()
    work = Path(args.workdir).resolve()
    out = work / "out"
    (work / "week.yaml").write_text(OFFLINE_WEEK)
    (work / "paid.yaml").write_text(PAID_WEEK)
    (work / "bad.yaml").write_text(BAD_WEEK)
    (work / "secret.txt").write_text("TOP-SECRET-CONTENT")
    c = Checks()
    transcript = []
    figures = {}

    server = StdioServerParameters(command=str(Path(args.factory).resolve()), args=["mcp", "--output", str(out)], env=dict(os.environ), cwd=str(work))
    async with stdio_client(server) as (read, write):
        async with ClientSession(read, write) as session:
            init = await session.initialize()
            c.check(init.capabilities.tools is not None and init.capabilities.resources is not None
                    and init.capabilities.prompts is not None, "initialize: tools, resources and prompts offered")

            # The tools and their schemas.
            tools = {t.name: t for t in (await session.list_tools()).tools}
            c.check(set(tools) == set(EXPECTED_TOOLS), f"tools/list names the nine tools: {sorted(tools)}")
            for name, hints in EXPECTED_TOOLS.items():
                tool = tools.get(name)
                if not tool:
                    continue
                c.check(tool.inputSchema.get("type") == "object" and tool.inputSchema.get("additionalProperties") is False,
                        f"{name}: a closed object input schema")
                c.check(isinstance(tool.outputSchema, dict) and tool.outputSchema.get("type") == "object", f"{name}: an output schema")
                got = tool.annotations.model_dump() if tool.annotations else {}
                c.check(all(got.get(k) == v for k, v in hints.items()), f"{name}: annotations {hints} (got {got})")
            c.check("confirm_cost_usd" in tools["run_week"].inputSchema["properties"]
                    and "confirm_cost_usd" in tools["regenerate_item"].inputSchema["properties"], "paid tools take confirm_cost_usd")
            c.check(tools["publish_due"].inputSchema["properties"]["dry_run"].get("default") is True, "publish_due is a dry run by default")

            # A bad manifest: line and column.
            bad = await session.call_tool("validate_manifest", {"path": str(work / "bad.yaml")})
            transcript.append(bad.model_dump_json())
            problems = (bad.structuredContent or {}).get("problems", [])
            kind = next((p for p in problems if p["path"] == "items[1].kind"), None)
            c.check(bad.structuredContent and bad.structuredContent["valid"] is False and kind is not None
                    and kind["line"] == 5 and kind["column"] == 22 and "poster" in (kind["fix"] or ""),
                    f"validate_manifest: items[1].kind at 5:22 with its fix ({kind})")
            c.check("bad.yaml:5:22: items[1].kind:" in texts(bad), "validate_manifest: the CLI's line in the text")
            good = await session.call_tool("validate_manifest", {"yaml": OFFLINE_WEEK})
            c.check(good.structuredContent and good.structuredContent["valid"] is True, "validate_manifest: YAML text that is fine")
            wrong = await session.call_tool("estimate_week", {"manifest": str(work / "bad.yaml")})
            c.check(wrong.isError is True and "did you mean" in texts(wrong), "estimate_week on a bad manifest: a tool error with the CLI's message")

            # The estimate.
            estimate = await session.call_tool("estimate_week", {"manifest": "week.yaml", "offline": True})
            transcript.append(estimate.model_dump_json())
            s = estimate.structuredContent or {}
            c.check(not estimate.isError and s.get("week") == "2026-W48" and s.get("total_usd") == 0 and s.get("exit_code") == 0
                    and len(s.get("stages", [])) >= 1 and s.get("caps", {}).get("daily_usd") == 3, "estimate_week: the offline week costs $0")

            # A paid tool without confirmation: nothing is made, nothing spent.
            before = snapshot(out)
            unconfirmed = await session.call_tool("run_week", {"manifest": "week.yaml", "offline": True})
            s = unconfirmed.structuredContent or {}
            c.check(not unconfirmed.isError and s.get("ran") is False and "confirm_cost_usd" in texts(unconfirmed),
                    "run_week without confirm_cost_usd: only the estimate")
            c.check(snapshot(out) == before, "run_week without confirm_cost_usd: no file written (no bundle, no ledger)")

            # One offline item, confirmed, with progress.
            progress = []

            async def on_progress(value, total, message):
                progress.append((value, total, message))

            run = await session.call_tool("run_week", {"manifest": "week.yaml", "offline": True, "confirm_cost_usd": 0},
                                          progress_callback=on_progress)
            transcript.append(run.model_dump_json())
            s = run.structuredContent or {}
            c.check(not run.isError and s.get("ran") is True and s.get("exit_code") == 0
                    and [i["status"] for i in s.get("items", [])] == ["done"], f"run_week: calm-poster made ({texts(run)[:300]})")
            c.check(len(progress) >= 3 and any("calm-poster" in (m or "") for _, _, m in progress)
                    and all(b[0] >= a[0] for a, b in zip(progress, progress[1:])), f"run_week: progress per stage ({progress})")

            # Resources: listed, paged, a still read as an image.
            listed, cursor = [], None
            while True:
                page = await session.list_resources(cursor=cursor) if cursor else await session.list_resources()
                listed += page.resources
                cursor = page.nextCursor
                if not cursor:
                    break
            uris = [str(r.uri) for r in listed]
            c.check("factory://2026-W48/calm-poster/metadata.json" in uris and "factory://2026-W48/report.json" in uris,
                    f"resources/list: the bundle and the report ({len(uris)} resources)")
            stills = [r for r in listed if r.mimeType in ("image/png", "image/jpeg") and "/calm-poster/" in str(r.uri)]
            c.check(bool(stills), "resources/list: the poster's stills")
            if stills:
                read = await session.read_resource(stills[0].uri)
                blob = read.contents[0]
                data = base64.b64decode(blob.blob) if isinstance(blob, types.BlobResourceContents) else b""
                c.check(blob.mimeType == stills[0].mimeType and (data[:8] == b"\x89PNG\r\n\x1a\n" or data[:3] == b"\xff\xd8\xff"),
                        f"resources/read: {stills[0].uri} is a {blob.mimeType} image, {len(data)} bytes")
            meta = await session.read_resource("factory://2026-W48/calm-poster/metadata.json")
            c.check(json.loads(meta.contents[0].text).get("item_id") == "calm-poster", "resources/read: metadata.json as JSON text")
            templates = (await session.list_resource_templates()).resourceTemplates
            c.check(any(t.uriTemplate == "factory://{week}/{item}/{file}" for t in templates), "a resource template covers items")

            # Outside the output folder: refused.
            os.symlink(work / "secret.txt", out / "2026-W48" / "calm-poster" / "link.png")
            for uri in ["factory://2026-W48/../secret.txt", "factory://%2e%2e/secret.txt", "factory://2026-W48/calm-poster/link.png",
                        "factory://2026-W48/%2e%2e%2f%2e%2e%2fsecret.txt", "factory://2026-W48/.factory/ledger.sqlite",
                        "file:///etc/passwd", "factory://2026-W48/calm-poster/..%2f..%2f..%2fsecret.txt"]:
                try:
                    leaked = await session.read_resource(uri)
                    c.check(False, f"resources/read {uri}: refused (got {str(leaked)[:100]})")
                except Exception as error:
                    c.check("refused" in str(error) and "TOP-SECRET" not in str(error), f"resources/read {uri}: refused ({error})")

            # Review, approve, dry-run publish.
            review = await session.call_tool("review_week", {"week": "2026-W48"})
            item = next(iter((review.structuredContent or {}).get("items", [])), {})
            c.check(not review.isError and item.get("id") == "calm-poster" and item.get("status") == "done"
                    and item.get("qa", {}).get("lowest_contrast") is not None, f"review_week: status and QA figures ({item.get('qa')})")
            approve = await session.call_tool("approve_items", {"items": ["calm-poster"], "manifest": "week.yaml"})
            c.check(not approve.isError and "approved calm-poster" in texts(approve), f"approve_items: {texts(approve)}")
            review = await session.call_tool("review_week", {})
            item = next(iter((review.structuredContent or {}).get("items", [])), {})
            c.check((item.get("approval") or "").startswith("approved"), f"review_week: the approval shows ({item.get('approval')})")
            refused = await session.call_tool("approve_items", {"items": ["nobody"], "manifest": "week.yaml"})
            c.check(refused.isError is True and "no item nobody" in texts(refused), "approve_items of an unknown item: the CLI's message as a tool error")
            before = snapshot(out)
            publish = await session.call_tool("publish_due", {"manifest": "week.yaml", "at": "2026-11-23T19:00"})
            transcript.append(publish.model_dump_json())
            c.check(not publish.isError and publish.structuredContent.get("dry_run") is True and "dry run" in texts(publish),
                    f"publish_due: a dry run by default ({texts(publish)[:300]})")
            # The CLI's publish lock is the one file a dry run touches.
            changed = {k for k in set(snapshot(out).items()) ^ set(before.items())}
            c.check({Path(k).name for k, _ in changed} <= {"publish.lock"}, f"publish_due dry run: nothing written ({changed})")

            # Nothing was posted yet: week_stats answers with no posts (and no zeros), read-only.
            stats = await session.call_tool("week_stats", {"manifest": "week.yaml", "by": "item"})
            c.check(not stats.isError and stats.structuredContent.get("posts") == [] and stats.structuredContent.get("grouping") == "item",
                    f"week_stats: no posts yet ({texts(stats)[:300]})")
            bad = await session.call_tool("week_stats", {"manifest": "week.yaml", "by": "colour"})
            c.check(bad.isError is True, "week_stats: a grouping outside the list is refused")

            # The same answer as the CLI's own on the same week.
            cli = subprocess.run([str(Path(args.factory).resolve()), "estimate", "week.yaml", "--offline", "--json", "--output", str(out)],
                                 cwd=work, capture_output=True, text=True)
            again = await session.call_tool("estimate_week", {"manifest": "week.yaml", "offline": True})
            mine = dict(again.structuredContent or {})
            mine.pop("exit_code", None)
            c.check(cli.returncode == 0 and json.loads(cli.stdout) == mine, "estimate_week answers what `factory estimate --json` prints")

            # Make an item again: the cost first, then with confirmation, progress per stage.
            dry = await session.call_tool("regenerate_item", {"item": "calm-poster", "stage": "image", "offline": True})
            c.check(not dry.isError and dry.structuredContent["ran"] is False and "estimated cost" in texts(dry),
                    f"regenerate_item without confirm_cost_usd: the estimate only ({texts(dry)[:200]})")
            steps = []

            async def on_regenerate(value, total, message):
                steps.append(message)

            again = await session.call_tool("regenerate_item", {"item": "calm-poster", "stage": "image", "offline": True,
                                                                "confirm_cost_usd": 0}, progress_callback=on_regenerate)
            s = again.structuredContent or {}
            versions = list((out / "2026-W48" / ".versions").glob("*/calm-poster"))
            c.check(not again.isError and s.get("ran") is True and [i["status"] for i in s["items"]] == ["done"] and len(versions) == 1,
                    f"regenerate_item: made again, the old bundle kept ({texts(again)[:200]})")
            c.check(any("calm-poster" in (m or "") for m in steps), f"regenerate_item: progress ({steps})")

            # Prompts.
            prompts = {p.name for p in (await session.list_prompts()).prompts}
            c.check(prompts == {"plan_week", "review_week"}, f"prompts/list: {prompts}")
            plan = await session.get_prompt("plan_week", {"brief": "autumn recipes, under $10", "weekly_usd": "10"})
            body = plan.messages[0].content.text
            c.check("autumn recipes" in body and "weekly_usd: 10.00" in body and "recipe-video" in body, "plan_week: the brief, the caps, the kinds")

            # Paid work through the fake providers: cancelled mid-run, then finished, nothing paid twice.
            if os.environ.get("RUNWARE_BASE_URL", "").startswith("http://127.0.0.1"):
                priced = await session.call_tool("estimate_week", {"manifest": "paid.yaml"})
                total = priced.structuredContent["total_usd"]
                figures["planned_paid_calls"] = priced.structuredContent["paid_calls"]
                c.check(total > 0, f"estimate_week through the fake providers: ${total:.4f}")
                before = snapshot(out)
                low = await session.call_tool("run_week", {"manifest": "paid.yaml", "confirm_cost_usd": total / 2})
                c.check(low.structuredContent["ran"] is False and "below the estimate" in texts(low), "run_week below the estimate: nothing made")
                c.check(snapshot(out) == before, "run_week below the estimate: nothing written")

                first_stage = asyncio.Event()

                async def on_paid(value, total_, message):
                    if value >= 2:
                        first_stage.set()

                request_id = session._request_id  # the id the next request gets (the SDK numbers them in order)
                call = asyncio.create_task(session.call_tool("run_week", {"manifest": "paid.yaml", "confirm_cost_usd": total},
                                                             progress_callback=on_paid))
                await asyncio.wait_for(first_stage.wait(), 120)
                await session.send_notification(types.ClientNotification(types.CancelledNotification(
                    params=types.CancelledNotificationParams(requestId=request_id, reason="the user changed their mind"))))
                call.cancel()
                report = out / "2026-W49" / "report.json"
                for _ in range(600):
                    await asyncio.sleep(0.1)
                    if report.exists() and json.loads(report.read_text()).get("stopped"):
                        break
                stopped = json.loads(report.read_text()) if report.exists() else {}
                c.check(stopped.get("stopped") is True, "run_week cancelled: the run stopped as on SIGINT and wrote its report")
                rerun = await session.call_tool("run_week", {"manifest": "paid.yaml", "confirm_cost_usd": total})
                s = rerun.structuredContent or {}
                c.check(not rerun.isError and s.get("ran") and [i["status"] for i in s["items"]] == ["done"] * 3,
                        f"run_week after the cancel: every item done ({texts(rerun)[:400]})")
                c.check(s.get("estimate_usd", total) < total or stopped.get("items") == [], "the rerun's estimate counts what the cancelled run paid for")
                figures["rerun_estimate_usd"] = s.get("estimate_usd")

            if args.secret:
                c.check(all(args.secret not in text for text in transcript), "no answer carries the server's secret")

    print("RESULT " + json.dumps({"failed": c.failed, **figures}), flush=True)
    return 0 if not c.failed else 1


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
