import FactoryCore
import Foundation
import Testing

/// One set of cases for every `AnswerCache`: the in-memory twin, the local result files and the
/// cluster's PostgreSQL index over content files.
@Suite(.serialized) struct AnswerCacheContractTests {
    static func entry(_ cost: Double, model: String = "m") -> ResultCache.Entry {
        ResultCache.Entry(provider: "runware", endpoint: "inference", model: model, requestId: "r", costUSD: cost, units: ["images": 1],
                          createdAt: "2026-11-28T10:59:30Z")
    }

    /// Request keys as the gateway makes them: sha256 hex.
    static func key(_ n: Int) -> String { Digest.sha256("contract-request-\(n)") }

    @Test(arguments: StoreKind.allCases)
    func whatIsStoredReadsBackEverywhere(_ kind: StoreKind) async throws {
        let opened = try await AnswerCacheUnderTest.open(kind)
        let secret = "contract-secret-\(UUID().uuidString)"
        Secrets.register(secret)
        let k = Self.key(1)
        try await opened.cache.storeAnswer(k, body: Data("answer with \(secret) echoed".utf8), entry: Self.entry(0.01))
        // Saved answers never keep a key the provider echoed.
        let answer = try #require(try await opened.other.answer(k))
        #expect(String(decoding: answer.payload, as: UTF8.self) == "answer with [redacted] echoed")
        #expect(answer.entry == Self.entry(0.01))
        #expect(try await opened.other.result(k) == nil)
        let before = try await opened.other.lookup()
        #expect(before.holds(k) && before.result(k) == nil)
        try await opened.cache.storeResult(k, payload: Data("the image".utf8), entry: Self.entry(0.01))
        // A result made again replaces the earlier one.
        try await opened.cache.storeResult(k, payload: Data("the image, made again".utf8), entry: Self.entry(0.02))
        let saved = try await opened.other.saved(k)
        #expect(saved.result?.payload == Data("the image, made again".utf8) && saved.result?.entry == Self.entry(0.02))
        #expect(saved.answer?.entry == Self.entry(0.01))
        let after = try await opened.other.lookup()
        #expect(after.holds(k) && after.result(k)?.payload == Data("the image, made again".utf8))
        await opened.close()
    }

    @Test(arguments: StoreKind.allCases)
    func aMissIsNil(_ kind: StoreKind) async throws {
        let opened = try await AnswerCacheUnderTest.open(kind)
        try await opened.cache.storeAnswer(Self.key(1), body: Data("a".utf8), entry: Self.entry(0.01))
        let k = Self.key(2)
        #expect(try await opened.cache.result(k) == nil)
        #expect(try await opened.cache.answer(k) == nil)
        let saved = try await opened.cache.saved(k)
        #expect(saved.result == nil && saved.answer == nil)
        let lookup = try await opened.cache.lookup()
        #expect(!lookup.holds(k) && lookup.result(k) == nil)
        await opened.close()
    }

    @Test(arguments: StoreKind.allCases)
    func quarantineTakesTheRequestOutAndKeepsTheReason(_ kind: StoreKind) async throws {
        let opened = try await AnswerCacheUnderTest.open(kind)
        let (bad, good) = (Self.key(1), Self.key(2))
        for k in [bad, good] {
            try await opened.cache.storeAnswer(k, body: Data("answer".utf8), entry: Self.entry(0.01))
            try await opened.cache.storeResult(k, payload: Data("result".utf8), entry: Self.entry(0.01))
        }
        let into = opened.folder.url.appendingPathComponent("quarantine/p0")
        let kept = try await opened.cache.quarantine(bad, into: into, reason: "the quote repeats week 47's")
        #expect(kept.standardizedFileURL == into.standardizedFileURL)
        #expect(opened.reason(bad, into) == "the quote repeats week 47's")
        let saved = try await opened.other.saved(bad)
        #expect(saved.result == nil && saved.answer == nil)
        let lookup = try await opened.other.lookup()
        #expect(!lookup.holds(bad) && lookup.holds(good))
        #expect(try await opened.other.result(good)?.payload == Data("result".utf8))
        // The next run asks again: a new answer is saved as on the first day.
        try await opened.cache.storeAnswer(bad, body: Data("second answer".utf8), entry: Self.entry(0.03))
        #expect(try await opened.other.answer(bad)?.payload == Data("second answer".utf8))
        await opened.close()
    }

    @Test(arguments: StoreKind.allCases)
    func concurrentWritersLoseNothing(_ kind: StoreKind) async throws {
        let opened = try await AnswerCacheUnderTest.open(kind)
        let caches = [opened.cache, opened.other]
        try await withThrowingTaskGroup(of: Void.self) { group in
            for n in 0..<24 {
                group.addTask {
                    let cache = caches[n % 2]
                    try await cache.storeAnswer(Self.key(n), body: Data("answer \(n)".utf8), entry: Self.entry(Double(n)))
                    try await cache.storeResult(Self.key(n), payload: Data("result \(n)".utf8), entry: Self.entry(Double(n)))
                    // Everyone also makes the shared request's result again.
                    try await cache.storeResult(Self.key(99), payload: Data(repeating: UInt8(n), count: 4096), entry: Self.entry(Double(n)))
                }
            }
            try await group.waitForAll()
        }
        for n in 0..<24 {
            let saved = try await opened.cache.saved(Self.key(n))
            #expect(saved.answer?.payload == Data("answer \(n)".utf8) && saved.result?.payload == Data("result \(n)".utf8))
            #expect(saved.result?.entry.costUSD == Double(n))
        }
        // One writer's whole result, with that writer's entry: never a mix.
        let shared = try #require(try await opened.other.result(Self.key(99)))
        let writer = try #require(shared.payload.first)
        #expect(shared.payload == Data(repeating: writer, count: 4096) && shared.entry.costUSD == Double(writer))
        await opened.close()
    }
}
