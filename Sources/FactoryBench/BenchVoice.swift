import ArgumentParser
import FactoryCore
import FactoryProviders
import Foundation
import Synchronization

/// `factory-bench bench-voice --mode M`: reads a bundled story's paragraphs with the offline Piper
/// voice and prints one JSON line: the seconds to the first paragraph's audio, to the last, and the
/// largest worker's peak RSS. The modes are the ways the factory has run Piper:
/// - `warm`: one worker for every paragraph, on every core (today's `PiperWorkers`);
/// - `two`: two single-threaded workers sharing the paragraphs (before the warm voice);
/// - `cold`: a worker started for each paragraph (what a voice without a pool pays).
struct BenchVoice: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "bench-voice", abstract: "One voice mode, timed (bench --only voice runs them side by side).",
                                                    shouldDisplay: false)

    @Option(help: "warm, two or cold.")
    var mode = "warm"

    @Option(help: "A bedtime library file whose setups and episodes are read (the story's paragraphs).")
    var story = "Sources/FactoryKinds/Bedtime/BedtimeLibrary/stories/1-forest.json"

    @Option(help: "Paragraphs to read.")
    var paragraphs = 8

    struct Figures: Codable {
        var first: Double
        var total: Double
        var peakMB: Int
        var workers: Int
    }

    /// The story file's paragraphs (each setup's and episode's sentences), placeholders filled.
    static func paragraphs(_ path: String, count: Int) throws -> [String] {
        struct Part: Decodable { var core: [String]? }
        struct Story: Decodable { var setups: [Part]?; var episodes: [Part]? }
        let story = try JSONDecoder().decode(Story.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        let texts = ((story.setups ?? []) + (story.episodes ?? [])).compactMap { $0.core?.joined(separator: " ") }.map {
            $0.replacingOccurrences(of: "{hero}", with: "Mia").replacingOccurrences(of: "{companion}", with: "Hoot")
                .replacingOccurrences(of: #"\{[a-z_]+\}"#, with: "the owl", options: .regularExpression)
        }
        return Array(texts.filter { !$0.isEmpty }.prefix(count))
    }

    func run() throws {
        let voice = try PiperVoice.locate()
        let texts = try Self.paragraphs(story, count: paragraphs)
        guard !texts.isEmpty else { throw ValidationError("no paragraphs in \(story)") }
        let scale = 1.35, cores = ProcessInfo.processInfo.activeProcessorCount
        let start = DispatchTime.now().uptimeNanoseconds
        @Sendable func since() -> Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
        var first = Double.nan, workers = 0
        switch mode {
        case "warm":
            let pool = PiperWorkers(threads: cores)
            for text in texts {
                _ = try voice.synthesize(text, lengthScale: scale, workers: pool)
                if first.isNaN { first = since() }
            }
            pool.close()
            workers = 1
        case "two":
            let pools = [PiperWorkers(threads: 1), PiperWorkers(threads: 1)]
            let firsts = Mutex<[Double]>([]), next = Mutex(0), failures = Mutex<[String]>([])
            DispatchQueue.concurrentPerform(iterations: 2) { lane in
                while case let index = next.withLock({ value in defer { value += 1 }; return value }), index < texts.count {
                    do {
                        _ = try voice.synthesize(texts[index], lengthScale: scale, workers: pools[lane])
                        let at = since()
                        firsts.withLock { $0.append(at) }
                    } catch { failures.withLock { $0.append("\(error)") } }
                }
            }
            if let failure = failures.withLock({ $0.first }) { throw ValidationError(failure) }
            pools.forEach { $0.close() }
            first = firsts.withLock { $0.min() ?? .nan }
            workers = 2
        case "cold":
            for text in texts {
                let pool = PiperWorkers(threads: cores)
                _ = try voice.synthesize(text, lengthScale: scale, workers: pool)
                pool.close()
                if first.isNaN { first = since() }
                workers += 1
            }
        default:
            throw ValidationError("--mode \(mode): choose warm, two or cold")
        }
        let total = since()
        FileHandle.standardError.write(Data("\(texts.count) paragraphs, \(texts.reduce(0) { $0 + $1.count }) characters\n".utf8))
        let figures = Figures(first: first, total: total, peakMB: PeakMemory.now().largestHelperMB ?? 0, workers: workers)
        print(String(decoding: try JSONEncoder().encode(figures), as: UTF8.self))
    }
}
