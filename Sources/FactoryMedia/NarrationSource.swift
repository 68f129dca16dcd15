import Foundation

/// A narration file as a stereo soundtrack, read in blocks: the mono voice in both channels, with
/// an optional music bed (itself read from a file) looped under it and ducked while the voice speaks.
///
/// Ducking is computed on the fly from the voice 50 ms ahead of the play position, so the music
/// is already down when a sentence starts: the bed's level ramps (linearly in dB) by `duckDB` over
/// 50 ms (attack) and back over 600 ms (release), and stays down through gaps between words
/// shorter than 250 ms (hold). The bed fades in over the first second and out over the last two
/// seconds of the narration. The source ends with the narration.
public final class NarrationSource: AudioSource {
    /// The voice counts as speaking above this level (dBFS, on its peak envelope).
    public static let voiceThreshold = -40.0
    private let reader: NarrationReader
    private let music: MusicLoop?
    private let musicGain: Float
    private let voiceGain: Float
    private let mixGain: Float
    private let duckDB: Double
    private let rate = Double(AudioBuffer.rate)
    private let lookahead: Int
    private var voice: [Float] = []
    private var block: [Float]
    private var position = 0
    private var envelope: Float = 0
    private var lastLoud = Int.min / 2
    private var gainDB = 0.0
    private var gainCache: (db: Double, linear: Double) = (0, 1)

    /// `voiceGain` scales the narration as it is read (a file not yet normalised: the ducking then
    /// hears the voice at its normalised level); `mixGain` scales the whole mix before the soft limit.
    public init(path: String, music: MusicLoop? = nil, musicGain: Float = 0.25, duckDB: Double = -12,
                voiceGain: Float = 1, mixGain: Float = 1) throws {
        reader = try NarrationReader(path: path)
        guard reader.sampleRate == AudioBuffer.rate else {
            throw MediaError(.settings, "narration \(path) is at \(reader.sampleRate) Hz; write it with NarrationWriter (44.1 kHz)")
        }
        self.music = music
        self.musicGain = musicGain
        self.voiceGain = voiceGain
        self.mixGain = mixGain
        self.duckDB = min(0, duckDB)
        lookahead = Int(0.050 * rate)
        block = [Float](repeating: 0, count: 4096 * reader.channels)
    }

    /// Seconds of narration (the length of the source).
    public var duration: Double { reader.duration }

    public func read(into out: UnsafeMutableBufferPointer<Float>, frames: Int) throws -> Int {
        let wanted = min(frames, out.count / 2)
        try fill(wanted + lookahead)
        let real = max(0, min(wanted, reader.frameCount - position))
        let threshold = Float(pow(10, Self.voiceThreshold / 20))
        let decay = Float(exp(-1 / (0.020 * rate)))
        let hold = Int(0.250 * rate)
        let attackStep = -duckDB / (0.050 * rate), releaseStep = -duckDB / (0.600 * rate)
        let total = reader.frameCount
        for i in 0..<wanted {
            let v = i < voice.count ? voice[i] : 0
            var l = v, r = v
            if let music {
                // The detector looks `lookahead` frames ahead of what is played.
                let ahead = i + lookahead < voice.count ? abs(voice[i + lookahead]) : 0
                envelope = max(ahead, envelope * decay)
                let t = position + i
                if envelope > threshold { lastLoud = t + lookahead }
                let target = t + lookahead - lastLoud <= hold ? duckDB : 0
                gainDB = target < gainDB ? max(target, gainDB - attackStep) : min(target, gainDB + releaseStep)
                let fadeIn = min(1, Double(t) / rate), fadeOut = min(1, max(0, Double(total - t) / (2 * rate)))
                if gainCache.db != gainDB { gainCache = (gainDB, pow(10, gainDB / 20)) }
                let g = musicGain * Float(gainCache.linear * min(fadeIn, fadeOut))
                let bed = try music.next()
                l += bed.left * g
                r += bed.right * g
            }
            l *= mixGain
            r *= mixGain
            out[2 * i] = abs(l) > 0.95 ? AudioBuffer.softLimit(l) : l
            out[2 * i + 1] = abs(r) > 0.95 ? AudioBuffer.softLimit(r) : r
        }
        for i in (2 * wanted)..<out.count where i < 2 * frames { out[i] = 0 }
        let consumed = min(wanted, voice.count)
        voice.removeFirst(consumed)
        position += wanted
        return real
    }

    /// Reads the file until `count` voice samples from the play position are buffered (or it ends);
    /// stereo narrations are folded to mono.
    private func fill(_ count: Int) throws {
        let channels = reader.channels
        while voice.count < count {
            let n = try block.withUnsafeMutableBufferPointer { try reader.read(into: $0, frames: 4096) }
            if n == 0 { return }
            for f in 0..<n {
                var sum: Float = 0
                for c in 0..<channels { sum += block[f * channels + c] }
                voice.append(sum / Float(channels) * voiceGain)
            }
        }
    }
}
