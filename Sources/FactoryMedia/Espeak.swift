import CEspeak
import Foundation

/// A local voice: libespeak-ng speaking text into 16-bit mono PCM at its own rate (22 050 Hz).
///
/// libespeak-ng keeps all its state in globals and is not thread-safe, so every call runs under
/// one process-wide lock, and the library is initialised once, on first use, in synchronous mode.
/// Its data (`espeak-ng-data`, installed with `libespeak-ng1`) is found in the library's default
/// folder, or in `ESPEAK_DATA_PATH` when that is set.
public enum Espeak {
    /// The voice, rate and pitch used when none are given.
    public static let defaultVoice = "en-us"

    /// Speaks `text` with `voice` — an espeak-ng voice name or language, optionally with a variant
    /// (`en-us`, `en-gb+f3`, `de+m3`) — at `rate` words a minute (80–450) and `pitch` (0–100).
    /// Returns s16le mono samples and their sample rate.
    public static func synthesize(text: String, voice: String = defaultVoice, rate: Int = 150,
                                  pitch: Int = 50) throws -> (pcm: Data, sampleRate: Int) {
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw MediaError(.settings, "espeak-ng: nothing to say (the text is empty)")
        }
        let spoken = try EspeakEngine.shared.synthesize(text: text, voice: voice, rate: rate, pitch: pitch)
        return (spoken.pcm, spoken.sampleRate)
    }

    /// One word as libespeak-ng announced it while speaking: where it is in the text (characters
    /// from the start, counting from 1 as the library does, and its length) and the millisecond of
    /// the audio where its sound starts and where the next word or clause end comes.
    public struct WordEvent: Sendable, Equatable {
        public var textPosition: Int
        public var length: Int
        public var startMilliseconds: Int
        public var endMilliseconds: Int
    }

    /// Like `synthesize`, and also the library's own word events (`espeakEVENT_WORD`), each ended
    /// by the next word, clause end or the end of the message: when each word is heard, from the
    /// synthesiser itself rather than estimated from the text.
    public static func synthesizeWords(text: String, voice: String = defaultVoice, rate: Int = 150,
                                       pitch: Int = 50) throws -> (pcm: Data, sampleRate: Int, words: [WordEvent]) {
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw MediaError(.settings, "espeak-ng: nothing to say (the text is empty)")
        }
        return try EspeakEngine.shared.synthesize(text: text, voice: voice, rate: rate, pitch: pitch)
    }

    /// libespeak-ng's version, e.g. "1.51" (starts the library if it is not running yet).
    public static func version() throws -> String {
        try EspeakEngine.shared.version()
    }
}

/// The one owner of libespeak-ng's global state: a lock, the start-up result, and the buffer the
/// synth callback fills. The library is never terminated; it lives as long as the process.
private final class EspeakEngine: @unchecked Sendable {
    // @unchecked Sendable: every stored property is read and written only while `lock` is held.
    static let shared = EspeakEngine()

    private let lock = NSLock()
    private var started: Result<Int, MediaError>?
    /// Samples from the synth running now; the callback appends here, under the caller's lock.
    fileprivate var collected = Data()
    /// Word starts, clause ends and the message end of the synth running now, as the callback saw them.
    fileprivate var marks: [(type: espeak_EVENT_TYPE, position: Int, length: Int, ms: Int)] = []

    func version() throws -> String {
        lock.lock()
        defer { lock.unlock() }
        _ = try start()
        guard let info = espeak_Info(nil) else { return "unknown" }
        return String(cString: info)
    }

    func synthesize(text: String, voice: String, rate: Int, pitch: Int) throws -> (pcm: Data, sampleRate: Int, words: [Espeak.WordEvent]) {
        lock.lock()
        defer { lock.unlock() }
        let sampleRate = try start()
        try select(voice)
        try check(espeak_SetParameter(espeakRATE, Int32(min(Int(espeakRATE_MAXIMUM), max(Int(espeakRATE_MINIMUM), rate))), 0),
                  "espeak-ng: rate \(rate) was refused")
        try check(espeak_SetParameter(espeakPITCH, Int32(min(100, max(0, pitch))), 0), "espeak-ng: pitch \(pitch) was refused")
        collected = Data()
        marks = []
        defer { collected = Data(); marks = [] }
        let flags = UInt32(espeakCHARS_UTF8)
        let rc = text.withCString { bytes in
            espeak_Synth(bytes, strlen(bytes) + 1, 0, POS_CHARACTER, 0, flags, nil, nil)
        }
        try check(rc, "espeak-ng could not speak \(text.count) characters with voice \"\(voice)\"")
        try check(espeak_Synchronize(), "espeak-ng did not finish speaking with voice \"\(voice)\"")
        guard !collected.isEmpty else {
            throw MediaError(.encode, "espeak-ng produced no audio for \(text.count) characters with voice \"\(voice)\"")
        }
        return (collected, sampleRate, wordEvents(totalMilliseconds: collected.count / 2 * 1000 / sampleRate))
    }

    /// Each word mark, ended by the next mark of any kind (or the audio's end).
    private func wordEvents(totalMilliseconds: Int) -> [Espeak.WordEvent] {
        let sorted = marks.enumerated().sorted { ($0.element.ms, $0.offset) < ($1.element.ms, $1.offset) }.map(\.element)
        var words: [Espeak.WordEvent] = []
        for (i, mark) in sorted.enumerated() where mark.type == espeakEVENT_WORD {
            let next = sorted[(i + 1)...].first { $0.ms > mark.ms }?.ms ?? totalMilliseconds
            words.append(Espeak.WordEvent(textPosition: mark.position, length: mark.length, startMilliseconds: mark.ms,
                                          endMilliseconds: max(mark.ms, min(next, totalMilliseconds))))
        }
        return words
    }

    /// Starts the library once (the caller holds the lock) and returns its sample rate.
    private func start() throws -> Int {
        if let started { return try started.get() }
        let path = ProcessInfo.processInfo.environment["ESPEAK_DATA_PATH"]
        // DONT_EXIT: without it, missing data makes the library call exit() inside the process.
        let rate = espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 500, path, Int32(espeakINITIALIZE_DONT_EXIT))
        let result: Result<Int, MediaError>
        if rate > 0 {
            espeak_SetSynthCallback(engineCallback)
            result = .success(Int(rate))
        } else {
            result = .failure(MediaError(.open, "espeak-ng could not start: its voice data was not found in "
                                         + (path ?? "the default folder (/usr/lib/*/espeak-ng-data)")
                                         + "; install espeak-ng-data (make deps) or set ESPEAK_DATA_PATH"))
        }
        started = result
        return try result.get()
    }

    /// Chooses the voice by name (variants allowed: `en-us+f3`), or else by its language and the
    /// variant's gender.
    private func select(_ voice: String) throws {
        if voice.withCString({ espeak_SetVoiceByName($0) }) == EE_OK { return }
        let parts = voice.split(separator: "+", maxSplits: 1).map(String.init)
        let language = parts.first ?? voice
        let gender: UInt8 = switch parts.count > 1 ? parts[1].first : nil {
        case "f": 2
        case "m": 1
        default: 0
        }
        let rc = language.withCString { languages in
            var spec = espeak_VOICE(name: nil, languages: languages, identifier: nil, gender: gender, age: 0, variant: 0,
                                    xx1: 0, score: 0, spare: nil)
            return espeak_SetVoiceByProperties(&spec)
        }
        guard rc == EE_OK else {
            throw MediaError(.settings, "espeak-ng has no voice \"\(voice)\" (nor one for language \"\(language)\"); "
                             + "list the voices with `espeak-ng --voices`")
        }
    }

    private func check(_ rc: espeak_ERROR, _ what: @autoclosure () -> String) throws {
        guard rc == EE_OK else {
            let reason = rc == EE_BUFFER_FULL ? "buffer full" : rc == EE_NOT_FOUND ? "not found" : "internal error"
            throw MediaError(.encode, what(), underlying: reason)
        }
    }
}

/// The synth callback: appends each block of samples to the engine's buffer. It runs on the thread
/// that called `espeak_Synth`/`espeak_Synchronize`, which holds the engine's lock.
private let engineCallback: @convention(c) (UnsafeMutablePointer<Int16>?, Int32, UnsafeMutablePointer<espeak_EVENT>?) -> Int32 = {
    samples, count, events in
    if let samples, count > 0 {
        EspeakEngine.shared.collected.append(UnsafeBufferPointer(start: samples, count: Int(count)))
    }
    // The event list ends with espeakEVENT_LIST_TERMINATED.
    var event = events
    while let current = event?.pointee, current.type != espeakEVENT_LIST_TERMINATED {
        if current.type == espeakEVENT_WORD || current.type == espeakEVENT_END || current.type == espeakEVENT_MSG_TERMINATED {
            EspeakEngine.shared.marks.append((current.type, Int(current.text_position), Int(current.length), Int(current.audio_position)))
        }
        event = event?.successor()
    }
    return 0
}
