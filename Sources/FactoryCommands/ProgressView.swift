import FactoryCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// How `factory run` shows progress: a live view redrawn in place on a terminal, one plain line
/// per finished stage anywhere else (cron, pipes, `--log`).
enum ProgressMode: String, CaseIterable, Sendable {
    case auto, live, plain

    /// `auto` is live when standard output is a terminal that can move the cursor (not TERM=dumb).
    static func choose(_ requested: ProgressMode, stdoutIsTerminal: Bool, term: String?) -> ProgressMode {
        switch requested {
        case .live, .plain: return requested
        case .auto: return stdoutIsTerminal && term != nil && term != "dumb" && term != "" ? .live : .plain
        }
    }
}

/// The text of both progress displays, as pure functions of a stage or a snapshot.
enum ProgressView {
    /// One finished stage as a logfmt line: `stage item=p1 stage=image-2 provider=runware model=… status=done
    /// seconds=4.21 cost_usd=0.003800 cached=false` (and `reason="…"` when it failed or was deferred).
    static func plainLine(_ stage: StageOutcome) -> String {
        var fields = [("item", stage.item), ("stage", stage.stage.rawValue), ("provider", stage.provider.rawValue), ("model", stage.model),
                      ("status", stage.status.rawValue), ("seconds", String(format: "%.2f", stage.seconds)),
                      ("cost_usd", String(format: "%.6f", stage.costUSD)), ("cached", stage.cached ? "true" : "false")]
        if let message = stage.message { fields.append(("reason", message)) }
        return "stage " + fields.map { "\($0.0)=\(value($0.1))" }.joined(separator: " ")
    }

    /// A logfmt value: bare when it is one plain word, otherwise quoted with `"` and `\` escaped and
    /// line breaks written as \n.
    static func value(_ text: String) -> String {
        let plain = !text.isEmpty && !text.contains { $0 == " " || $0 == "\"" || $0 == "=" || $0 == "\\" || $0.isNewline }
        if plain { return text }
        let escaped = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\r\n", with: "\\n").replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\r", with: "\\n")
        return "\"\(escaped)\""
    }

    /// The live view: four lines, each cut to the terminal's width.
    static func lines(_ s: ProgressSnapshot, title: String, width: Int) -> [String] {
        let filled = s.itemsTotal == 0 ? 0 : min(20, s.itemsFinished * 20 / s.itemsTotal)
        var items = "\(s.itemsFinished)/\(s.itemsTotal) items"
        var counts = ["\(s.itemsDone) done"]
        if s.itemsFailed > 0 { counts.append("\(s.itemsFailed) failed") }
        if s.itemsDeferred > 0 { counts.append("\(s.itemsDeferred) deferred") }
        items += " (" + counts.joined(separator: ", ") + ")"
        let eta = s.etaSeconds.map { "about \(clock($0)) left" } ?? "time left: after the first item"
        let head = "\(title)  [" + String(repeating: "#", count: filled) + String(repeating: "-", count: 20 - filled) + "] "
            + items + "  \(clock(s.elapsed)) elapsed, " + eta

        let busy = s.inFlight.filter { $0.value > 0 }.sorted { $0.key < $1.key }.map { provider, count in
            guard let sending = s.atProvider[provider] else { return "\(provider) \(count)" }
            return "\(provider) \(count) (\(sending) at the API)"
        }
        let flight = "in flight: " + (busy.isEmpty ? "nothing" : busy.joined(separator: ", "))

        var spend = String(format: "spend: $%.4f this run", s.spentUSD)
        if let cap = s.dailyCapUSD {
            spend += String(format: "; today $%.4f of the $%.2f daily cap", s.spentTodayUSD, cap)
            if cap > 0 { spend += String(format: " (%.0f%%)", s.spentTodayUSD / cap * 100) }
        }

        var last = "\(s.stagesFinished) stage\(s.stagesFinished == 1 ? "" : "s") finished"
        if let stage = s.lastStage {
            last += "; last: \(stage.item) \(stage.stage) (\(stage.provider)) \(String(format: "%.1f", stage.seconds)) s"
            last += stage.status == .done ? (stage.cached ? ", cached" : String(format: ", $%.4f", stage.costUSD)) : ", \(stage.status.rawValue)"
        }
        return [head, flight, spend, last].map { cut($0, to: width) }
    }

    /// Minutes and seconds (`4:05`), with hours past an hour (`1:02:03`).
    static func clock(_ seconds: Double) -> String {
        let total = max(0, Int(seconds.rounded()))
        let (h, m, sec) = (total / 3600, total / 60 % 60, total % 60)
        return h > 0 ? String(format: "%d:%02d:%02d", h, m, sec) : String(format: "%d:%02d", m, sec)
    }

    /// Cuts a line so it never wraps (a wrapped line would break the redraw).
    static func cut(_ line: String, to width: Int) -> String {
        let room = max(10, width - 1)
        return line.count <= room ? line : String(line.prefix(room - 1)) + "…"
    }
}

/// Redraws the live view a few times a second until stopped.
final class LiveProgress: Sendable {
    private let task: Task<Void, Never>

    init(progress: RunProgress, title: String) {
        task = Task {
            while !Task.isCancelled {
                let snapshot = await progress.snapshot()
                Console.shared.draw(ProgressView.lines(snapshot, title: title, width: Console.columns()).map(Secrets.redact))
                try? await Task.sleep(for: .milliseconds(250))
            }
        }
    }

    /// Stops redrawing and removes the view, so the summary is printed in its place.
    func stop() async {
        task.cancel()
        await task.value
        Console.shared.clear()
    }
}
