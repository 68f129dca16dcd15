import FactoryMedia
import Foundation
import Testing

/// Whole mono 16-bit PCM to floats through libswresample.
@Suite struct MonoPCMTests {
    static func pcm(_ values: [Int16]) -> Data { values.withUnsafeBufferPointer { Data(buffer: $0) } }

    @Test func atItsOwnRateEachSampleIsScaled() throws {
        let floats = try MonoPCM.floats(Self.pcm([0, 16384, -32768, 32767]), rate: 22_050)
        #expect(floats.count == 4)
        #expect(floats[0] == 0 && floats[1] == 0.5 && floats[2] == -1 && abs(floats[3] - 1) < 1e-4)
        #expect(try MonoPCM.floats(Data(), rate: 22_050).isEmpty)
    }

    @Test func anotherRateKeepsTheLengthAndTheTone() throws {
        // One second of a 440 Hz tone at 22,050 Hz, at half scale, to 24 kHz.
        let tone = (0..<22_050).map { Int16(16384 * sin(2 * Double.pi * 440 * Double($0) / 22_050)) }
        let floats = try MonoPCM.floats(Self.pcm(tone), rate: 22_050, to: 24_000)
        #expect(abs(floats.count - 24_000) <= 2, "\(floats.count) samples")
        let middle = floats[1000..<23_000]
        let rms = (middle.reduce(0) { $0 + Double($1) * Double($1) } / Double(middle.count)).squareRoot()
        #expect(abs(rms - 0.5 / 2.0.squareRoot()) < 0.01, "rms \(rms)")
        // Zero crossings upward: 440 a second.
        let rising = zip(middle, middle.dropFirst()).filter { $0 < 0 && $1 >= 0 }.count
        #expect(abs(Double(rising) - 440 * Double(middle.count) / 24_000) <= 2, "\(rising) rising crossings")
    }
}
