import Foundation

/// Builds a soundtrack of a fixed length: sound effects added in place at their moments, an
/// optional music bed ducked under them, and a soft-limited mixdown.
///
/// Adding is in place and costs only the effect's length, so hundreds of key clicks in a
/// two-minute story stay linear in the number of samples (unlike `AudioBuffer.mixed`).
public struct SoundtrackMixer: Sendable {
    /// One effect that was added, for tests and captions.
    public struct Event: Sendable, Equatable {
        /// Seconds from the start of the soundtrack.
        public var time: Double
        /// Seconds the effect lasts (before any cut at the end of the soundtrack).
        public var duration: Double
        public var gain: Float
    }

    public let duration: Double
    /// Effects added so far that overlap the soundtrack, in the order they were added.
    public private(set) var events: [Event] = []
    private var effects: [Float]
    private var music: [Float]?

    public init(duration: Double) {
        self.duration = max(0, duration)
        effects = [Float](repeating: 0, count: AudioBuffer.frames(self.duration) * 2)
    }

    public var frameCount: Int { effects.count / 2 }

    /// Adds `effect` at `seconds`, scaled by `gain`; whatever falls outside the soundtrack is cut,
    /// and an effect wholly outside it (or at a time that is not finite) is ignored.
    public mutating func add(_ effect: AudioBuffer, at seconds: Double, gain: Float = 1) {
        guard seconds.isFinite, seconds < duration, seconds + effect.duration > 0 else { return }
        events.append(Event(time: seconds, duration: effect.duration, gain: gain))
        let start = Int((seconds * Double(AudioBuffer.rate)).rounded()) * 2
        let from = max(0, -start), to = min(effect.samples.count, effects.count - start)
        guard from < to else { return }
        effects.withUnsafeMutableBufferPointer { out in
            effect.samples.withUnsafeBufferPointer { source in
                for i in from..<to { out[start + i] += source[i] * gain }
            }
        }
    }

    /// Sets the music bed: looped or trimmed to the soundtrack, faded in over 0.5 s and out
    /// over 1.5 s, scaled by `gain`. An empty buffer removes the music.
    public mutating func setMusic(_ music: AudioBuffer, gain: Float) {
        guard music.frameCount > 0 else { self.music = nil; return }
        self.music = music.looped(toAtLeast: duration).trimmed(length: duration)
            .faded(in: 0.5, out: 1.5).gained(gain).samples
    }

    /// Music ducked by `duckingDepthDB` wherever an effect sounds, plus the effects, soft-limited
    /// so no sample exceeds 1. The ducking gain follows the effects' spans smoothly, with `attack`
    /// as the time constant going down and `release` coming back up. It starts 2 × `attack`
    /// ahead of each effect (the render is offline, so it can look ahead; the dip is then 85 %
    /// in place when the effect sounds) and holds for `hold` seconds after it, so a run of key
    /// clicks keeps the music steadily down instead of pumping at the typing rate.
    public func mixdown(duckingDepthDB: Double = -10, attack: Double = 0.02, release: Double = 0.3,
                        hold: Double = 0.15) -> AudioBuffer {
        var out = effects
        if let music {
            let duck = duckingEnvelope(depthDB: duckingDepthDB, attack: attack, release: release, hold: hold)
            for i in 0..<duck.count {
                out[2 * i] += music[2 * i] * duck[i]
                out[2 * i + 1] += music[2 * i + 1] * duck[i]
            }
        }
        for i in 0..<out.count where abs(out[i]) > 0.95 { out[i] = AudioBuffer.softLimit(out[i]) }
        return AudioBuffer(samples: out)
    }

    /// Per-frame music gain: 1 away from effects, `depthDB` below while they sound.
    func duckingEnvelope(depthDB: Double, attack: Double, release: Double, hold: Double) -> [Float] {
        let n = frameCount, rate = Double(AudioBuffer.rate)
        // How many effects cover each frame, via a difference array: one pass over events and frames.
        var edges = [Int32](repeating: 0, count: n + 1)
        func frame(_ seconds: Double) -> Int { seconds.isNaN ? 0 : Int(min(Double(n), max(0, seconds * rate)).rounded()) }
        for event in events where event.gain != 0 {
            let a = frame(event.time - 2 * max(0, attack)), b = frame(event.time + event.duration + max(0, hold))
            guard a < b else { continue }
            edges[a] += 1; edges[b] -= 1
        }
        let down = Float(exp(-1 / max(1, attack * rate))), up = Float(exp(-1 / max(1, release * rate)))
        let depth = Float(depthDB / 20 * log(10.0))
        var gains = [Float](repeating: 1, count: n)
        var covering: Int32 = 0, level: Float = 0
        for i in 0..<n {
            covering += edges[i]
            let target: Float = covering > 0 ? 1 : 0
            let k = target > level ? down : up
            level = target + (level - target) * k
            gains[i] = exp(depth * level)
        }
        return gains
    }
}
