@testable import FactoryCommands
import FactoryCore
import Foundation
import Testing

@Suite("Progress display")
struct ProgressViewTests {
    @Test("a finished stage is one logfmt line: item, stage, provider, model, status, seconds, cost, cached")
    func plainLine() {
        let done = StageOutcome(item: "p1", stage: "image-2", provider: "runware", model: "runware:101@1", status: .done,
                                seconds: 4.214, costUSD: 0.0038, cached: false)
        #expect(ProgressView.plainLine(done)
                == "stage item=p1 stage=image-2 provider=runware model=runware:101@1 status=done seconds=4.21 cost_usd=0.003800 cached=false")
        let hit = StageOutcome(item: "p1", stage: "render", provider: "render", model: "poster draft", status: .done,
                               seconds: 0, costUSD: 0, cached: true)
        #expect(ProgressView.plainLine(hit).hasSuffix("model=\"poster draft\" status=done seconds=0.00 cost_usd=0.000000 cached=true"))
    }

    @Test("a failed stage ends with its reason, quoted and escaped, on the same line; keys never appear")
    func failedLine() {
        Secrets.register("sk-view-SECRET-98765")
        let failed = StageOutcome(item: "p2", stage: "text", provider: "anthropic", model: "", status: .failed, seconds: 0.5,
                                  costUSD: 0, cached: false, message: "HTTP 401 \"invalid x-api-key\" sk-view-SECRET-98765\nsecond line")
        let line = ProgressView.plainLine(failed)
        #expect(line == "stage item=p2 stage=text provider=anthropic model=\"\" status=failed seconds=0.50 cost_usd=0.000000 cached=false "
                + "reason=\"HTTP 401 \\\"invalid x-api-key\\\" [redacted]\\nsecond line\"")
        #expect(!line.contains("\n"))
    }

    @Test("the live view is a pure function of the snapshot: items, in flight per provider, spend against the cap, elapsed and ETA")
    func liveLines() {
        let last = StageOutcome(item: "p3", stage: "image-2", provider: "runware", model: "m", status: .done, seconds: 4.1,
                                costUSD: 0.0038, cached: false)
        let snapshot = ProgressSnapshot(elapsed: 42, itemsTotal: 8, itemsDone: 2, itemsFailed: 1, stagesFinished: 17,
                                        inFlight: ["runware": 6, "anthropic": 1, "render": 1, "offline": 0],
                                        atProvider: ["runware": 4, "anthropic": 1], spentUSD: 0.0123, committedTodayUSD: 0.4,
                                        dailyCapUSD: 3, lastStage: last)
        #expect(ProgressView.lines(snapshot, title: "factory 2026-W48", width: 200) == [
            "factory 2026-W48  [#######-------------] 3/8 items (2 done, 1 failed)  0:42 elapsed, about 1:10 left",
            "in flight: anthropic 1 (1 at the API), render 1, runware 6 (4 at the API)",
            "spend: $0.0123 this run; today $0.4123 of the $3.00 daily cap (14%)",
            "17 stages finished; last: p3 image-2 (runware) 4.1 s, $0.0038",
        ])
        let start = ProgressView.lines(ProgressSnapshot(itemsTotal: 2), title: "factory 2026-W48", width: 200)
        #expect(start[0].hasSuffix("0/2 items (0 done)  0:00 elapsed, time left: after the first item"))
        #expect(start[1] == "in flight: nothing" && start[2] == "spend: $0.0000 this run" && start[3] == "0 stages finished")
    }

    @Test("lines never wrap: each is cut to the terminal's width")
    func narrowTerminal() {
        let lines = ProgressView.lines(ProgressSnapshot(elapsed: 3725, itemsTotal: 8, itemsDone: 4), title: "factory 2026-W48", width: 40)
        #expect(lines.allSatisfy { $0.count <= 39 })
        #expect(lines[0].hasSuffix("…"))
        #expect(ProgressView.clock(3725) == "1:02:05" && ProgressView.clock(65) == "1:05")
    }

    @Test("auto is live only on a terminal that can move the cursor; live and plain are taken as asked", arguments: [
        (ProgressMode.auto, true, "xterm-256color", ProgressMode.live),
        (.auto, false, "xterm-256color", .plain),
        (.auto, true, "dumb", .plain),
        (.auto, true, nil, .plain),
        (.plain, true, "xterm", .plain),
        (.live, false, nil, .live),
    ] as [(ProgressMode, Bool, String?, ProgressMode)])
    func modeChoice(requested: ProgressMode, terminal: Bool, term: String?, expected: ProgressMode) {
        #expect(ProgressMode.choose(requested, stdoutIsTerminal: terminal, term: term) == expected)
    }
}
