@testable import FactoryCore
import Foundation
import Testing

@Suite("Stage providers")
struct StageProviderTests {
    @Test("each name a record, plan or report ever stored reads as its value and writes back the same")
    func namesRoundTrip() throws {
        let cases: [(String, StageProvider)] = [("runware", .live(.runware)), ("openai", .live(.openai)), ("anthropic", .live(.anthropic)),
                                                ("offline", .offline), ("render", .render), ("-", .none), ("stand-in", .other("stand-in"))]
        for (name, value) in cases {
            #expect(StageProvider(rawValue: name) == value && value.rawValue == name)
            let json = try JSONEncoder().encode([value])
            #expect(String(decoding: json, as: UTF8.self) == "[\"\(name)\"]")
            #expect(try JSONDecoder().decode([StageProvider].self, from: json) == [value])
        }
        #expect(StageProvider.live(.runware).live == .runware && StageProvider.offline.live == nil && StageProvider.render.live == nil)
        // A record from metadata.json as main wrote it before the type: the provider is the same string.
        let old = #"{"stage":"image","provider":"runware","model":"m","parameters":{},"promptHash":"p","units":{},"costUSD":0.0019,"cached":false}"#
        let record = try JSONDecoder().decode(GenerationRecord.self, from: Data(old.utf8))
        #expect(record.provider == .live(.runware))
        let again = try JSONSerialization.jsonObject(with: JSONEncoder().encode(record)) as? [String: Any]
        #expect(again?["provider"] as? String == "runware")
    }
}
