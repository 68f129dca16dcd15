import FactoryMedia
import Foundation
import Testing

/// libespeak-ng through `Espeak`: a real voice at 22 050 Hz, the length speech takes, audible
/// level, short silences at the ends, voices that differ, and safe concurrent use.
@Suite struct EspeakTests {
    static let line = "Goodnight, Luna. The stars are watching over you."

    /// Samples as floats in −1…1.
    static func samples(_ pcm: Data) -> [Float] {
        pcm.withUnsafeBytes { raw in raw.bindMemory(to: Int16.self).map { Float(Int16(littleEndian: $0)) / 32768 } }
    }

    static func rms(_ s: some Collection<Float>) -> Double {
        guard !s.isEmpty else { return 0 }
        return (s.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(s.count)).squareRoot()
    }

    /// Median fundamental frequency (Hz) of the loud 40 ms windows, by autocorrelation over 70–400 Hz.
    static func medianPitch(_ s: [Float], rate: Int = 22_050) -> Double {
        let window = rate / 25
        var pitches: [Double] = []
        for start in stride(from: 0, to: s.count - 2 * window, by: window) where rms(s[start..<start + window]) > 0.05 {
            var best = 0.0, bestLag = 0
            for lag in rate / 400...rate / 70 {
                var sum = 0.0
                for i in start..<start + window { sum += Double(s[i]) * Double(s[i + lag]) }
                if sum > best { best = sum; bestLag = lag }
            }
            if bestLag > 0 { pitches.append(Double(rate) / Double(bestLag)) }
        }
        return pitches.sorted()[safe: pitches.count / 2] ?? 0
    }

    /// Seconds of near-silence (below −50 dBFS in 10 ms windows) before the first and after the last sound.
    static func edgeSilence(_ s: [Float], rate: Int) -> (lead: Double, tail: Double) {
        let window = rate / 100
        let loud = stride(from: 0, to: s.count - window, by: window).map { rms(s[$0..<$0 + window]) > 0.00316 }
        let first = loud.firstIndex(of: true) ?? loud.count
        let last = loud.lastIndex(of: true) ?? 0
        return (Double(first) / 100, Double(loud.count - 1 - last) / 100)
    }

    @Test("a bedtime line: 22 050 Hz, 2–6 s, audible, little silence at either end")
    func speaksALine() throws {
        let (pcm, rate) = try Espeak.synthesize(text: Self.line)
        #expect(rate == 22_050)
        #expect(pcm.count % 2 == 0)
        let s = Self.samples(pcm)
        let seconds = Double(s.count) / Double(rate)
        let rms = Self.rms(s)
        let edges = Self.edgeSilence(s, rate: rate)
        print(String(format: "espeak: %d words, %.2f s, RMS %.4f (%.1f dBFS), lead %.2f s, tail %.2f s",
                     Self.line.split(separator: " ").count, seconds, rms, 20 * log10(rms), edges.lead, edges.tail))
        #expect((2...6).contains(seconds))
        #expect(rms > 0.02, "RMS \(rms) is too quiet for speech")
        #expect(s.map(abs).max() ?? 0 < 1)
        #expect(edges.lead < 0.3 && edges.tail < 0.5, "silence at the ends: \(edges)")

        // Ten words at the default 150 wpm: about four seconds of speech.
        let ten = "Goodnight, little Luna. The quiet stars are watching over you."
        let long = try Espeak.synthesize(text: ten)
        let longSamples = Self.samples(long.pcm)
        let longSeconds = Double(longSamples.count) / Double(long.sampleRate)
        print(String(format: "espeak: %d words, %.2f s, RMS %.4f", ten.split(separator: " ").count, longSeconds, Self.rms(longSamples)))
        #expect((3...6).contains(longSeconds) && longSeconds > seconds)
    }

    @Test("a slower rate takes longer")
    func rateChangesLength() throws {
        let fast = try Espeak.synthesize(text: Self.line, rate: 220).pcm.count
        let slow = try Espeak.synthesize(text: Self.line, rate: 120).pcm.count
        #expect(Double(slow) > 1.4 * Double(fast))
    }

    @Test("two voices sound different; a variant is picked up")
    func voicesDiffer() throws {
        let female = Self.samples(try Espeak.synthesize(text: Self.line, voice: "en-us+f3").pcm)
        let male = Self.samples(try Espeak.synthesize(text: Self.line, voice: "en-us+m3").pcm)
        let plain = Self.samples(try Espeak.synthesize(text: Self.line, voice: "en-us").pcm)
        #expect(female.count != male.count || !female.elementsEqual(male))
        // The variants move the voice's pitch: the female variant speaks clearly higher.
        let (high, low) = (Self.medianPitch(female), Self.medianPitch(male))
        print(String(format: "espeak: median pitch en-us+f3 %.0f Hz, en-us+m3 %.0f Hz", high, low))
        #expect(high > 1.3 * low && low > 70, "f3 \(high) Hz vs m3 \(low) Hz")
        #expect(plain.count > 0)
        // Same text, same rate: the lengths stay close even though the sound differs.
        #expect(abs(Double(female.count) / Double(male.count) - 1) < 0.3)
        #expect(Self.rms(female) > 0.02 && Self.rms(male) > 0.02)
    }

    @Test("German speaks too; an unknown voice is an error that names it, and the engine stays usable")
    func voiceByLanguageAndUnknown() throws {
        let german = try Espeak.synthesize(text: "Gute Nacht, kleiner Bär.", voice: "de")
        #expect(german.pcm.count > german.sampleRate)
        let error = #expect(throws: MediaError.self) { try Espeak.synthesize(text: Self.line, voice: "zz-nowhere") }
        #expect(error?.description.contains("zz-nowhere") == true)
        #expect(throws: MediaError.self) { try Espeak.synthesize(text: "  \n") }
        // A failed call leaves the engine usable.
        #expect(try Espeak.synthesize(text: "Sleep well.").pcm.count > 0)
        #expect(try Espeak.version().hasPrefix("1."))
    }

    @Test("four concurrent calls all succeed, each as long and as loud as its call alone")
    func concurrentCalls() async throws {
        let voices = ["en-us+f3", "en-us+m3", "en-gb+f2", "en-us+m1"]
        let serial = try voices.map { try Espeak.synthesize(text: Self.line, voice: $0).pcm.count }
        let parallel = try await withThrowingTaskGroup(of: (Int, Data).self) { group in
            for (index, voice) in voices.enumerated() {
                group.addTask { (index, try Espeak.synthesize(text: Self.line, voice: voice).pcm) }
            }
            var results = [Data](repeating: Data(), count: voices.count)
            for try await (index, pcm) in group { results[index] = pcm }
            return results
        }
        // espeak-ng adds a little noise of its own, so runs differ by a few samples, never by a word.
        for (index, pcm) in parallel.enumerated() {
            #expect(abs(Double(pcm.count) / Double(serial[index]) - 1) < 0.02, "\(voices[index]): \(pcm.count) vs \(serial[index]) bytes")
            #expect(Self.rms(Self.samples(pcm)) > 0.02)
        }
    }
}

private extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
