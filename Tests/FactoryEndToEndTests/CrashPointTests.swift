import FactoryFakeProviders
import FactoryTesting
import Foundation
import Testing

/// Kills `factory run` at each named point of the paid-call and publish paths in turn
/// (FACTORY_CRASH_AT), runs it again once, and checks what must hold after any crash: every
/// bundle made, nothing paid twice (except the one window no client can close, which the ledger
/// marks uncertain), the ledger equal to what the provider billed, and no staging left.
@Suite(.serialized) struct CrashPointTests {
    static let points = [
        "reserved",   // reserved against the caps, not yet sent
        "responded",  // answered (and billed), not yet saved
        "cached",     // answer saved, not yet settled
        "settled",    // settled, the result not yet derived from the answer
        "staged",     // bundle written in staging, not yet published
        "renamed",    // bundle published, the run not yet past it
    ]

    @Test(arguments: points)
    func killedAtThePointThenResumed(point: String) async throws {
        let folder = try TemporaryFolder("crash-\(point)")
        let server = FakeProviderServer(config: FakeProviderConfig())
        _ = try await server.start()
        try folder.write(LiveRunTests.manifest(items: 2, concurrency: 1), to: "week.yaml")
        var environment = LiveRunTests.environment(server)
        environment["FACTORY_CRASH_AT"] = point + ":2"
        let killed = try TestSupport.runFactory(["run", "week.yaml", "--output", "out"], in: folder.url, environment: environment)
        #expect(killed.status == 128 + SIGKILL || killed.status == SIGKILL, "\(point): exit \(killed.status)\n\(killed.stdout)")
        let resumed = try TestSupport.runFactory(["run", "week.yaml", "--output", "out"], in: folder.url,
                                                 environment: LiveRunTests.environment(server))
        #expect(resumed.status == 0, "\(point):\n\(resumed.stdout)\n\(resumed.stderr)")
        for n in 0..<2 {
            #expect(FileManager.default.fileExists(atPath: folder.path("out/2026-W48/p\(n)/metadata.json")), "\(point): p\(n)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path("out/2026-W48/.staging")), "\(point)")
        let stats = await server.stats()
        var seen = Set<String>(), repeats = 0, repeatedUSD = 0.0
        for charge in stats.charges where !seen.insert(charge.requestHash).inserted {
            repeats += 1
            repeatedUSD += charge.costUSD
        }
        // Only a kill between the answer and its saving can make a request billed twice.
        #expect(repeats == 0 || point == "responded", "\(point): \(repeats) repeats")
        #expect(repeats <= (try LiveRunTests.uncertainCalls(folder)), "\(point)")
        #expect(seen.count == 4, "\(point): \(seen.count) distinct requests")
        #expect(abs(try LiveRunTests.ledgerTotal(folder) - (stats.totalUSD - repeatedUSD)) < 1e-6, "\(point)")
        await server.stop()
    }
}
