@testable import FactoryCore
import Foundation
import Testing

/// Stage names are values, but every name written before they were (ledger and memory rows, cache
/// keys' owners, metadata.json, report.json, the estimate) reads back and is spelled as it was.
@Suite struct StageNameTests {
    /// Every stage name the code writes today, with the group and part it reads as.
    static let written: [(String, StageGroup?, String?)] = [
        ("text", .text, nil), ("text-retry", .text, "retry"), ("text-retry-2", .text, "retry-2"),
        ("image", .image, nil), ("image-1", .image, "1"), ("image-2", .image, "2"), ("image-3", .image, "3"),
        ("image-before", .image, "before"), ("image-after", .image, "after"), ("image-meal", .image, "meal"),
        ("speech", .speech, nil), ("speech-01", .speech, "01"), ("speech-07", .speech, "07"), ("speech-12", .speech, "12"),
        ("speech-03-ask-2", .speech, "03-ask-2"), ("render", .render, nil),
        ("bundle", nil, "bundle"), ("", nil, ""), ("publish", nil, "publish"),
        // Names no version writes still read back unchanged, outside the groups.
        ("textual", nil, "textual"), ("images", nil, "images"), ("-ask-2", nil, "-ask-2"),
    ]

    @Test(arguments: written)
    func aRecordedNameReadsAsItsGroupAndPartAndIsSpelledAsItWas(_ raw: String, _ group: StageGroup?, _ part: String?) throws {
        let name = StageName(rawValue: raw)
        #expect(name.group == group && name.part == part, "\(raw)")
        #expect(name.rawValue == raw && name.description == raw)
        let json = try JSONEncoder().encode([name])
        #expect(String(decoding: json, as: UTF8.self) == "[\(try String(decoding: JSONEncoder().encode(raw), as: UTF8.self))]")
        #expect(try JSONDecoder().decode([StageName].self, from: json) == [name])
    }

    @Test func theConstructorsSpellWhatTheStringsDid() {
        #expect([1, 2, 3, 4].map { StageName.text(ask: $0).rawValue } == ["text", "text-retry", "text-retry-2", "text-retry-3"])
        #expect([0, 6, 11].map { StageName.speech(chunk: $0).rawValue } == ["speech-01", "speech-07", "speech-12"])
        #expect(StageName.image("before").rawValue == "image-before" && StageName.image("2").rawValue == "image-2")
        #expect(StageName.speech(chunk: 2).adding("ask-2").rawValue == "speech-03-ask-2")
        #expect(StageName.unnamed.adding("ask-2").rawValue == "-ask-2")
        #expect([StageName.text, .image, .speech, .render, .bundle, .unnamed].map(\.rawValue) == ["text", "image", "speech", "render", "bundle", ""])
    }

    @Test func aBuiltNameEqualsTheSameNameReadBack() {
        for name in [StageName.text(ask: 3), .image("meal"), .speech(chunk: 4), .speech(chunk: 4).adding("ask-3"), .render, .bundle] {
            #expect(StageName(rawValue: name.rawValue) == name, "\(name)")
            #expect(Set([name, StageName(rawValue: name.rawValue)]).count == 1)
        }
        #expect(StageName(.image) != StageName(.image, "1"))
    }

    @Test func anOldMetadataRecordReadsItsStageAndWritesItBackTheSame() throws {
        let old = #"{"stage":"speech-03-ask-2","provider":"openai","model":"gpt-realtime-mini","promptHash":"abc","parameters":{"cache":"hit"}}"#
        let record = try JSONDecoder().decode(GenerationRecord.self, from: Data(old.utf8))
        #expect(record.stage == StageName.speech(chunk: 2).adding("ask-2") && record.cached)
        let written = try JSONSerialization.jsonObject(with: JSONEncoder().encode(record)) as? [String: Any]
        #expect(written?["stage"] as? String == "speech-03-ask-2")
    }
}
