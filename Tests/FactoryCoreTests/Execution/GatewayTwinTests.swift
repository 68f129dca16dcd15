import FactoryCore
import Foundation
import Synchronization
import Testing

/// The gateway on the in-memory ledger and cache: no SQLite, no files, no HTTP.
@Suite("Paid-call gateway on the storage twins")
struct GatewayTwinTests {
    final class Sends: Sendable {
        let count = Mutex(0)
        var value: Int { count.withLock { $0 } }
        func add() { count.withLock { $0 += 1 } }
    }

    static func gateway(daily: Double = 1, ledger: MemoryLedger = MemoryLedger(), cache: MemoryCache = MemoryCache(),
                        runId: String = "run-1") -> PaidCallGateway {
        PaidCallGateway(settings: .init(budget: Budget(dailyUSD: daily, weeklyUSD: 10), timezone: TimeZone(identifier: "UTC") ?? .current,
                                        week: "2026-W48", runId: runId, fresh: false, limits: [.runware: 2, .openai: 2, .anthropic: 2],
                                        total: 4),
                        ledger: ledger, cache: cache, stop: StopSignal(), log: { _ in }, sleep: { _ in })
    }

    static func call(_ n: Int, usd: Double = 0.01) -> PaidCall {
        PaidCall(provider: .anthropic, endpoint: "messages", model: "m", canonical: Data("request \(n)".utf8),
                 estimate: CostEstimate(usd: usd, maxUSD: usd, units: [:]))
    }

    static func answer(_ usd: Double = 0.008) -> ProviderAnswer {
        ProviderAnswer(body: Data("{\"ok\":true}".utf8), requestId: "req", costUSD: usd, units: ["output_tokens": 10])
    }

    @Test("reserved, sent once, settled at the actual cost and cached; the second ask is a hit")
    func oneCallThenAHit() async throws {
        let ledger = MemoryLedger(), sends = Sends()
        let gateway = Self.gateway(ledger: ledger)
        let context = CallContext(item: "p1", stage: "text", gateway: gateway)
        for _ in 0..<2 {
            let result = try await gateway.perform(Self.call(1), context: context, send: { sends.add(); return Self.answer() }, finish: { $0.body })
            #expect(String(decoding: result.payload, as: UTF8.self) == "{\"ok\":true}")
        }
        #expect(sends.value == 1)
        #expect(Array(ledger.states.values) == [.settled])
        let paid = try ledger.paidByStage(runId: "run-1")
        #expect(paid.count == 1 && abs(paid[0].usd - 0.008) < 1e-12)
        #expect(try ledger.committed(day: gateway.day(), week: "2026-W48").day == 0.008)
    }

    @Test("the daily cap's day is the ledger's clock's, not the machine's: a call at 23:59 and one at 00:01 fall on two days")
    func dayFromTheLedgerClock() async throws {
        let clock = ManualClock(try #require(ISO8601DateFormatter().date(from: "2026-11-30T23:59:00Z")))
        let ledger = MemoryLedger(clock: clock.wall)
        let gateway = Self.gateway(daily: 0.015, ledger: ledger)
        let context = CallContext(item: "p1", stage: "text", gateway: gateway)
        #expect(gateway.day() == "2026-11-30")
        _ = try await gateway.perform(Self.call(1), context: context, send: { Self.answer(0.01) }, finish: { $0.body })
        // A second call the same day would break the 0.015 cap; two minutes later it is another day's.
        await #expect(throws: (any Error).self) {
            _ = try await gateway.perform(Self.call(2), context: context, send: { Self.answer(0.01) }, finish: { $0.body })
        }
        clock.advance(by: 120)
        #expect(gateway.day() == "2026-12-01")
        _ = try await gateway.perform(Self.call(3), context: context, send: { Self.answer(0.01) }, finish: { $0.body })
        #expect(try ledger.committed(day: "2026-11-30", week: "2026-W48").day == 0.01)
        #expect(try ledger.committed(day: "2026-12-01", week: "2026-W48").day == 0.01)
    }

    @Test("eight calls at once against a cap that fits three: three are sent, five deferred, the cap never broken")
    func capUnderConcurrency() async throws {
        let ledger = MemoryLedger(), sends = Sends()
        let gateway = Self.gateway(daily: 0.035, ledger: ledger)
        let outcomes = await withTaskGroup(of: Bool.self) { group in
            for n in 0..<8 {
                group.addTask {
                    do {
                        _ = try await gateway.perform(Self.call(n), context: CallContext(item: "p\(n)", stage: "text", gateway: gateway),
                                                      send: { sends.add(); return Self.answer(0.01) }, finish: { $0.body })
                        return true
                    } catch let deferral as Deferral {
                        return deferral.reason != .budget
                    } catch {
                        return false
                    }
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(outcomes.filter { $0 }.count == 3)
        #expect(sends.value == 3)
        #expect(try ledger.committed(day: gateway.day(), week: "2026-W48").day <= 0.035 + 1e-12)
    }

    @Test("an answer cut at its limit is paid, leaves the cache for the quarantine, and is asked again next time")
    func cutAnswersAreNotReplayed() async throws {
        let ledger = MemoryLedger(), cache = MemoryCache(), sends = Sends()
        let gateway = Self.gateway(ledger: ledger, cache: cache)
        let context = CallContext(item: "p1", stage: "text", gateway: gateway)
        await #expect(throws: CutShort.self) {
            try await gateway.perform(Self.call(1), context: context, send: { sends.add(); return Self.answer() }, finish: { _ in
                throw CutShort(provider: .anthropic, model: "m", limit: 400, outputTokens: 400, costUSD: 0.008)
            })
        }
        #expect(cache.quarantined.count == 1)
        #expect(!cache.holds(Self.call(1).key))
        #expect(Array(ledger.states.values) == [.settled])
        _ = try await gateway.perform(Self.call(1), context: context, send: { sends.add(); return Self.answer() }, finish: { $0.body })
        #expect(sends.value == 2)
    }

    @Test("a broken answer of unknown fate is marked uncertain and not re-sent; a 529 is retried")
    func uncertainAndRetried() async throws {
        let ledger = MemoryLedger(), sends = Sends()
        let gateway = Self.gateway(ledger: ledger)
        await #expect(throws: Deferral.self) {
            try await gateway.perform(Self.call(1), context: CallContext(item: "p1", stage: "text", gateway: gateway), send: {
                sends.add()
                throw ProviderFailure(.uncertain, provider: .anthropic, message: "connection reset mid-body")
            }, finish: { $0.body })
        }
        #expect(sends.value == 1)
        #expect(Array(ledger.states.values) == [.uncertain])
        let flaky = Sends()
        _ = try await gateway.perform(Self.call(2), context: CallContext(item: "p2", stage: "text", gateway: gateway), send: {
            flaky.add()
            if flaky.value == 1 { throw ProviderFailure(.overloaded, provider: .anthropic, status: 529, message: "Overloaded") }
            return Self.answer()
        }, finish: { $0.body })
        #expect(flaky.value == 2)
        #expect(ledger.states.values.filter { $0 == .released }.count == 1)
    }

    @Test("a second claim on the same state is refused while the first is held")
    func claims() throws {
        let claims = MemoryRunClaims()
        var first: (any Sendable)? = try claims.claim()
        #expect(throws: FactoryError.self) { try claims.claim() }
        withExtendedLifetime(first) {}
        first = nil
        #expect(throws: Never.self) { _ = try claims.claim() }
    }
}
