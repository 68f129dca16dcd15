import ArgumentParser
import Foundation

extension BenchCommand.Bench {
    /// `factory estimate` on a generated 10,000-item week (2,500 items of each kind), with the
    /// offline providers and with live ones (placeholder keys: nothing is sent). Goal: under 2 s.
    func estimate(_ me: String, _ folder: URL) throws {
        let manifest = folder.appendingPathComponent("week-10000.yaml")
        try Data(Self.generatedWeek(items: 10_000).utf8).write(to: manifest)
        var offline = ProcessInfo.processInfo.environment
        for key in ["RUNWARE_API_KEY", "OPENAI_API_KEY", "ANTHROPIC_API_KEY"] { offline[key] = nil }
        var live = offline
        for (key, value) in ["RUNWARE_API_KEY": "bench", "OPENAI_API_KEY": "bench", "ANTHROPIC_API_KEY": "bench",
                             "RUNWARE_BASE_URL": "http://127.0.0.1:9/v1", "OPENAI_BASE_URL": "http://127.0.0.1:9/v1",
                             "ANTHROPIC_BASE_URL": "http://127.0.0.1:9"] { live[key] = value }
        let arguments = ["estimate", manifest.path, "--output", folder.appendingPathComponent("estimate-out").path]
        for (label, environment) in [("offline providers", offline), ("live providers, nothing sent", live)] {
            var times: [Double] = []
            for _ in 0..<repeats {
                let run = try Self.tool(me, arguments, environment: environment)
                guard run.status == 0 else { throw ValidationError("estimate exited \(run.status): \(run.output.suffix(400))") }
                times.append(run.seconds)
            }
            print("estimate, 10,000 items (\(label)): \(String(format: "%.2f", times.sorted()[times.count / 2])) s (median of \(repeats); goal < 2 s)")
        }
    }

    /// A week of `items` items cycling through the four kinds and seven days.
    static func generatedWeek(items: Int) -> String {
        let days = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
        let series = ["monday-motivation", "wednesday-wisdom", "thursday-therapy", "weekend-wellness"]
        var text = "version: 1\nweek: 2026-W48\ntimezone: America/New_York\noutput: output\n"
            + "budget: { daily_usd: 5000, weekly_usd: 20000 }\nitems:\n"
        for i in 0..<items {
            let day = days[i % days.count]
            switch i % 4 {
            case 0: text += "  - { id: p\(i), kind: poster, day: \(day), series: \(series[i / 4 % series.count]), prompt: \"sunrise number \(i)\" }\n"
            case 1: text += "  - { id: c\(i), kind: chat-story, day: \(day), prompt: \"two friends plan trip \(i)\", genre: comedy, length: short }\n"
            case 2: text += "  - { id: r\(i), kind: recipe-video, day: \(day), template: snap-reveal, prompt: \"fridge leftovers \(i)\" }\n"
            default: text += "  - { id: b\(i), kind: bedtime-story, day: \(day), hero: { name: Luna, age: 6 } }\n"
            }
        }
        return text
    }
}
