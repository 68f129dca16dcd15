@testable import FactoryCore
@testable import FactoryKinds
import Foundation
import Testing

/// metadata.json's details: typed in code, the same flat object of strings on disk.
@Suite struct MeasurementsTests {
    /// A bedtime story's details as main's BedtimeJob wrote them (keys and formats of each figure).
    static let bedtime: [String: String] = [
        "voice": "sage", "speech_provider": "offline", "written_by": "offline library", "words": "412",
        "narration_seconds": "143.27", "narration_loudness_lufs": "-18.0", "narration_true_peak_dbtp": "-2.4",
        "loudness_after_normalise": "-18.0", "chunks": "3", "inputs_sha256": "none", "chunks_reused": "1",
        "word_timings": "412 words in words.json (the voice's own alignment)",
        "readalong": "412 words highlighted; captions.vtt word timestamps, captions.ass karaoke",
        "readalong_drift_median_ms": "18", "readalong_drift_p90_ms": "52", "readalong_drift_signed_median_ms": "-0",
        "readalong_drift_lag_ms": "-10", "readalong_words_matched": "231/264",
        "readalong_method": "nearest speech onset (log-spectral flux of the decoded AAC) to each highlight change",
        "loudness_target_lufs": "-18", "loudness_true_peak_ceiling_dbtp": "-1", "loudness_preset": "bedtime",
        "loudness_method": "EBU R128 (ITU-R BS.1770-4, own implementation), true peak 4× oversampled",
        "loudness_lufs": "-18.1", "true_peak_dbtp": "-2.3",
        "text_contrast_min": "6.40", "text_contrast_layer": "sentence-3", "text_contrast_time": "12.500", "text_contrast_seconds": "0.84",
        "subtitle_veil": "0.55 halfway, 0.85 at the bottom", "chunk_01": "1204 characters, 48.02 s, new",
        "chunk_02": "1187 characters, 47.11 s, reused", "chunk_03": "1220 characters, 48.14 s, new",
    ]

    @Test func bedtimeDetailsReadTypedAndWriteBackTheSameText() throws {
        let measurements = Measurements(Self.bedtime)
        #expect(measurements.text == Self.bedtime)
        #expect(measurements.loudness == .init(targetLUFS: -18, truePeakCeilingDBTP: -1, preset: .bedtime,
                                               method: Self.bedtime["loudness_method"], integratedLUFS: -18.1, truePeakDBTP: -2.3))
        #expect(measurements.contrast == .init(ratio: 6.4, layer: "sentence-3", time: 12.5, seconds: 0.84))
        #expect(measurements.readAlong.medianMs == 18 && measurements.readAlong.lagMs == -10
                && measurements.readAlong.matched == 231 && measurements.readAlong.changes == 264)
        #expect(measurements.speech.provider == "offline" && measurements.speech.voice == "sage")
        #expect(measurements.inputsSha256 == "none" && measurements.music == nil)
        #expect(measurements[.words] == 412 && measurements[.narrationSeconds] == 143.27 && measurements[.chunk(2)]?.hasSuffix("reused") == true)
        #expect(measurements[.writtenBy] == "offline library")
        // In the file: exactly the bytes the plain dictionary gives.
        #expect(try SnakeJSON.encoder().encode(measurements) == SnakeJSON.encoder().encode(Self.bedtime))
        #expect(try SnakeJSON.decoder().decode(Measurements.self, from: SnakeJSON.encoder().encode(Self.bedtime)) == measurements)
    }

    /// metadata.json of the sample week's poster as main wrote it at a90d644 (`factory run
    /// manifests/sample-week.yaml --only mon-motivation --offline`), in Tests/Fixtures.
    @Test func aBundleWrittenBeforeReadsTypedAndWritesBackByteForByte() throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Fixtures/metadata-a90d644-poster.json").standardizedFileURL
        let data = try Data(contentsOf: fixture)
        let metadata = try SnakeJSON.decoder().decode(BundleMetadata.self, from: data)
        let measurements = try #require(metadata.measurements)
        #expect(measurements.loudness == .init(targetLUFS: -14, truePeakCeilingDBTP: -1, preset: .shortForm,
                                               method: "EBU R128 (ITU-R BS.1770-4, own implementation), true peak 4× oversampled",
                                               integratedLUFS: -14, truePeakDBTP: -5))
        #expect(measurements.contrast == .init(ratio: 6.5, layer: "quote", time: 3.5, seconds: 0.62))
        #expect(measurements.music == "calm-pad.m4a" && measurements.own.isEmpty && measurements.inputsSha256 == nil)
        #expect(String(decoding: try SnakeJSON.encoder().encode(metadata), as: UTF8.self) == String(decoding: data, as: UTF8.self))
    }

    @Test func textAReaderCannotParseIsKeptAsWritten() {
        let odd = ["loudness_lufs": "n/a", "readalong_words_matched": "some", "loudness_preset": "louder", "keyboard": "maybe"]
        let measurements = Measurements(odd)
        #expect(measurements.loudness.integratedLUFS == nil && measurements.loudness.preset == nil && measurements.readAlong.matched == nil)
        #expect(measurements[.keyboard] == nil)
        #expect(measurements.text == odd)
    }

    @Test func aKindsOwnFieldIsTypedBothWays() {
        var measurements = Measurements()
        measurements[.coverAt] = 1.5
        measurements[.keyboard] = true
        measurements[.messages] = 12
        #expect(measurements.own == ["cover_at_seconds": "1.500", "keyboard": "true", "messages": "12"])
        #expect(measurements[.coverAt] == 1.5 && measurements[.keyboard] == true && measurements[.messages] == 12)
        measurements[.messages] = nil
        #expect(measurements.own["messages"] == nil)
    }
}
