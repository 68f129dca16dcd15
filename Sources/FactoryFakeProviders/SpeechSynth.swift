import FactoryCore
import FactoryMedia
import Foundation

/// A speech-like signal: voiced harmonics under a syllable-rate envelope, pauses at punctuation,
/// about 2.6 words a second at speed 1 plus 0.3 s of tail, around −20 dBFS RMS.
enum SpeechSynth {
    static let sampleRate = 24_000

    /// The duration the fake gives a text: words / 2.6 / speed + 0.3 seconds.
    static func duration(text: String, speed: Double) -> Double {
        let words = max(1, text.split(whereSeparator: { $0.isWhitespace }).count)
        return Double(words) / 2.6 / speed + 0.3
    }

    /// The text as `audio` says: espeak-ng's reading (at 175 words a minute × speed, a pitch from
    /// the voice's name, resampled to 24 kHz), or the tones below when espeak-ng cannot read it.
    static func render(text: String, voice: String, speed: Double, audio: FakeSpeechAudio) -> [Float] {
        guard audio == .espeak,
              let read = try? Espeak.synthesize(text: text, rate: Int(175 * min(2.5, max(0.5, speed))), pitch: 35 + Int(Seed.from(voice) % 30)),
              var samples = try? MonoPCM.floats(read.pcm, rate: read.sampleRate, to: sampleRate)
        else { return render(text: text, voice: voice, speed: speed) }
        normalise(&samples, rms: 0.1)
        return samples
    }

    static func render(text: String, voice: String, speed: Double) -> [Float] {
        let total = Int(duration(text: text, speed: speed) * Double(sampleRate))
        let tail = Int(0.3 * Double(sampleRate))
        let speaking = max(1, total - tail)
        // Each word is a run of syllables (about 1.4 a word); punctuation after a word adds a pause.
        var units: [(weight: Double, voiced: Bool)] = []
        for word in text.split(whereSeparator: { $0.isWhitespace }) {
            let syllables = max(1, min(5, word.filter { "aeiouyAEIOUY".contains($0) }.count))
            for _ in 0..<syllables { units.append((1, true)) }
            if let last = word.last, ".!?".contains(last) { units.append((2.2, false)) }
            else if let last = word.last, ",;:".contains(last) { units.append((1.2, false)) }
            else { units.append((0.25, false)) }
        }
        if units.isEmpty { units = [(1, true)] }
        let weightTotal = units.reduce(0) { $0 + $1.weight }
        var random = SeededRandom(seed: Seed.from(voice, text))
        let f0 = 110 + Double(Seed.from(voice) % 110)
        var out = [Float](repeating: 0, count: total)
        var cursor = 0, phase = 0.0
        for unit in units {
            let length = Int(Double(speaking) * unit.weight / weightTotal)
            if unit.voiced, length > 0 {
                let pitch = f0 * random.double(0.85, 1.2)
                for i in 0..<length where cursor + i < speaking {
                    let t = Double(i) / Double(length)
                    let envelope = pow(sin(Double.pi * t), 2)
                    phase += 2 * Double.pi * pitch * (1 + 0.03 * sin(2 * Double.pi * 5 * Double(i) / Double(sampleRate))) / Double(sampleRate)
                    var value = 0.0
                    for harmonic in 1...6 { value += sin(phase * Double(harmonic)) / Double(harmonic) }
                    out[cursor + i] = Float(value * envelope)
                }
            }
            cursor += length
        }
        normalise(&out, rms: 0.1)
        return out
    }

    /// Scales to the wanted RMS (0.1 ≈ −20 dBFS), clipping at ±0.98.
    static func normalise(_ samples: inout [Float], rms: Double) {
        let energy = samples.reduce(0.0) { $0 + Double($1) * Double($1) }
        guard energy > 0 else { return }
        let gain = Float(rms / (energy / Double(samples.count)).squareRoot())
        for i in samples.indices { samples[i] = max(-0.98, min(0.98, samples[i] * gain)) }
    }

    static func pcm16(_ samples: [Float]) -> Data {
        var data = Data(capacity: samples.count * 2)
        for sample in samples {
            let value = Int16(max(-32767, min(32767, (sample * 32767).rounded())))
            data.append(UInt8(truncatingIfNeeded: value)); data.append(UInt8(truncatingIfNeeded: value >> 8))
        }
        return data
    }

    static func wavHeader(dataBytes: Int) -> Data {
        func le32(_ v: Int) -> [UInt8] { [UInt8(v & 0xff), UInt8((v >> 8) & 0xff), UInt8((v >> 16) & 0xff), UInt8((v >> 24) & 0xff)] }
        func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xff), UInt8((v >> 8) & 0xff)] }
        var header = Data("RIFF".utf8) + le32(36 + dataBytes) + Data("WAVEfmt ".utf8)
        header += le32(16) + le16(1) + le16(1) + le32(sampleRate) + le32(sampleRate * 2) + le16(2) + le16(16)
        header += Data("data".utf8) + le32(dataBytes)
        return header
    }
}
