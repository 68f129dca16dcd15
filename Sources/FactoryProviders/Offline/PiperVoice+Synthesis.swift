import FactoryCore
import Foundation

/// What one Piper call said: 16-bit mono PCM at the voice's rate and, when the helper ran, each
/// phoneme with the samples it lasts (sentence pauses included as " "), which give word timings.
public struct PiperSpeech: Sendable {
    public var pcm: Data
    public var phonemes: [PiperPhoneme]
    /// How many times a worker ran the voice's decoder (one a sentence or part, more when decoded in
    /// windows: `PiperVoice.decoderWindow`); 0 when not told (the plain CLI, a voice loaded whole).
    public var decoderRuns = 0
}

/// One phoneme (or `^`/`$`, punctuation, or a " " between words) and how many samples it lasts.
public struct PiperPhoneme: Sendable, Equatable, Decodable {
    public var symbol: String
    public var samples: Int

    public init(_ symbol: String, _ samples: Int) {
        self.symbol = symbol
        self.samples = samples
    }
}

extension PiperVoice {
    /// Piper requests at once, across the whole run: one, since a run has one voice
    /// (`PiperVoice.locate`) and one warm worker speaks it (`PiperWorkers`) on every core. Two
    /// single-threaded workers read a story about 1.6× as fast but hold the model, and the
    /// activations of its longest sentence, twice (about 350 MB each).
    public static let processes = AsyncSemaphore(limit: 1)

    /// The most phonemes the voice reads at once: a longer sentence is read in parts, each ending
    /// at a comma (else a word break). The voice's memory grows about 1 MB a phoneme of what it
    /// reads at once: 600 characters in one sentence peaked at 1 GB, in parts of 120 at 440 MB
    /// (measured 6 Dec 2026, the worker loading the model as it is; see docs/performance.md).
    public static let longestPart = 120

    /// The most latent frames (256 samples each, 11.6 ms at 22,050 Hz) the voice's decoder turns into
    /// audio at once: a longer sentence is decoded in equal windows, each with 16 frames of context
    /// either side, whose samples equal the whole sentence's. The decoder's activations were most of
    /// the voice's memory: the sample story's voice peaked at 194 MB with windows of 128 frames,
    /// against 359 MB reading each sentence whole, and as fast (measured 7 Dec 2026; see
    /// docs/performance.md). 0 decodes every sentence at once.
    public static let decoderWindow = 128

    /// Seconds of silence between sentences at the bedtime pace: a calm breath.
    public static let sentenceSilence = 0.5

    /// Speaks `text`. Through the venv's Python it asks a worker of `workers` (which loaded the voice
    /// once and also reports the phoneme alignment); a bare `piper` runs once per call with
    /// `--output_raw`, text on stdin and raw PCM on stdout, both pipes drained while it runs. Blocks
    /// until the audio is there (at most `timeout` seconds); throws on a failure or no audio.
    /// `noise` (Piper's noise scales, nil for the voice's own) and `decoderWindow` reach the worker
    /// only; the plain CLI decodes whole sentences.
    public func synthesize(_ text: String, lengthScale: Double, sentenceSilence: Double = PiperVoice.sentenceSilence,
                           noise: Double? = nil, decoderWindow: Int = PiperVoice.decoderWindow,
                           timeout: TimeInterval = 600, workers: PiperWorkers = PiperWorkers()) throws -> PiperSpeech {
        let scale = String(format: "%.3f", lengthScale), silence = String(format: "%.3f", sentenceSilence)
        if let python {
            let request = PiperRequest(text: text, scale: lengthScale, silence: sentenceSilence, frames: decoderWindow, noise: noise)
            let speech = try workers.speak(request, voice: self, python: python, timeout: timeout)
            guard speech.pcm.count >= 2 else {
                throw FactoryError(.provider, "piper (through \(python.path)) produced no audio for \(text.count) characters")
            }
            return speech
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = ["-m", model.path, "-c", config.path, "--output_raw", "--length_scale", scale,
                             "--sentence_silence", silence]
        let (status, pcm, errors) = try Self.run(process, input: text + "\n", timeout: timeout)
        guard status == 0 else {
            let said = errors.split(whereSeparator: \.isNewline).suffix(2).joined(separator: " | ")
            throw FactoryError(.provider, "piper \(executable.path) exited with status \(status)" + (said.isEmpty ? "" : ": \(said)"))
        }
        guard pcm.count >= 2 else {
            throw FactoryError(.provider, "piper \(executable.path) produced no audio for \(text.count) characters")
        }
        return PiperSpeech(pcm: pcm.count % 2 == 0 ? pcm : pcm.dropLast(), phonemes: [])
    }

    /// Runs `process` with `input` on stdin, reading stdout and stderr on their own threads so a
    /// long story never fills a pipe; ends it after `timeout` seconds.
    static func run(_ process: Process, input: String, timeout: TimeInterval) throws -> (Int32, Data, String) {
        let out = Pipe(), err = Pipe(), inp = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = inp
        do {
            try process.run()
        } catch {
            throw FactoryError(.provider, "piper \(process.executableURL?.path ?? "") could not start", underlying: error)
        }
        let group = DispatchGroup()
        // Each variable has one writer (its reader thread) and is read only after `group.wait()`.
        nonisolated(unsafe) var output = Data(), errors = Data()
        group.enter()
        DispatchQueue.global().async { output = out.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        group.enter()
        DispatchQueue.global().async { errors = err.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        // A child that exits without reading its input must not kill us with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        try? inp.fileHandleForWriting.write(contentsOf: Data(input.utf8))
        try? inp.fileHandleForWriting.close()
        process.waitUntilExit()
        group.wait()
        watchdog.cancel()
        return (process.terminationStatus, output, String(decoding: errors, as: UTF8.self))
    }
}
