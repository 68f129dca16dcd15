import FactoryMedia
import FactoryTesting
import Foundation
import Testing

/// What `make fuzz` found, each kept in Fuzz/regressions/<target>/ and checked here by name.
@Suite struct FindingsTests {
    static func regression(_ target: String, _ name: String) -> String {
        TestSupport.repoRoot.appendingPathComponent("Fuzz/regressions/\(target)/\(name)").path
    }

    /// audio: a 161-byte WAV whose header claims 151,002,944 Hz made swr_init allocate 463 MB
    /// (libFuzzer: out-of-memory); it is now refused before the resampler is built.
    @Test func aWAVClaimingAnAbsurdRateIsRefusedBeforeTheResamplerIsBuilt() throws {
        let error = #expect(throws: MediaError.self) { try AudioDecoder.decode(path: Self.regression("audio", "wav-claims-151mhz.wav"), maxSeconds: 2) }
        #expect(error?.message.contains("claims 1 channels at 151002944 Hz") == true, "\(String(describing: error))")
        #expect(error?.message.contains("re-encode it") == true)
    }

    /// The bound leaves real audio alone: the seeds (8 kHz mono, 0.2 s) decode to 0.2 s of stereo.
    @Test(arguments: ["sine.wav", "sine.mp3", "sine.m4a", "sine.flac", "sine.ogg"])
    func ordinaryAudioStillDecodes(_ name: String) throws {
        let path = TestSupport.repoRoot.appendingPathComponent("Fuzz/corpus/audio/\(name)").path
        let audio = try AudioDecoder.decode(path: path, maxSeconds: 2)
        #expect(abs(audio.duration - 0.2) < 0.08, "\(name): \(audio.duration) s")
        #expect(audio.peak > 0.1)
    }
}
