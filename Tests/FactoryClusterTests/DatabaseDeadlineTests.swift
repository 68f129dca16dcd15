@testable import FactoryCluster
import Foundation
import Synchronization
import Testing

/// A statement attempt that never answers (a pooled connection that never comes) is given up after
/// its deadline and counts as transient, so `Database.run` retries it instead of hanging the worker.
@Suite struct DatabaseDeadlineTests {
    @Test func aQuickAttemptKeepsItsValue() async throws {
        #expect(try await Database.withDeadline(seconds: 30) { 7 } == 7)
    }

    @Test func aStuckAttemptIsCancelledAndCountsAsTransient() async throws {
        let cancelled = Atomic<Bool>(false)
        let started = ContinuousClock.now
        do {
            _ = try await Database.withDeadline(seconds: 0.2) { () async throws -> Int in
                do {
                    try await Task.sleep(for: .seconds(3600))
                } catch {
                    cancelled.store(true, ordering: .relaxed)
                    throw error
                }
                return 1
            }
            Issue.record("an attempt that never answered returned")
        } catch let error as Database.AttemptTimedOut {
            #expect(Database.isTransient(error))
            #expect(error.description.contains("no answer"))
        }
        // The attempt is cancelled as it is given up, on its own task: wait for it to hear so.
        var wasCancelled = cancelled.load(ordering: .relaxed)
        for _ in 0..<400 where !wasCancelled {
            try await Task.sleep(for: .milliseconds(25))
            wasCancelled = cancelled.load(ordering: .relaxed)
        }
        #expect(wasCancelled, "the stuck attempt was cancelled, not left running")
        // Not a timing assertion on speed: only that it did not wait the hour out.
        #expect(ContinuousClock.now - started < .seconds(600))
    }

    /// An attempt that ignores cancellation (a query on a connection that died silently) is not
    /// waited for: the deadline still ends the wait.
    @Test func anAttemptDeafToCancellationIsNotWaitedFor() async throws {
        let gate = DispatchSemaphore(value: 0)
        defer { gate.signal() }
        await #expect(throws: Database.AttemptTimedOut.self) {
            try await Database.withDeadline(seconds: 0.2) { () async throws -> Int in
                await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                    DispatchQueue.global().async { gate.wait(); continuation.resume() }
                }
                return 1
            }
        }
    }

    @Test func anErrorInTheAttemptIsItsOwn() async {
        struct Refused: Error {}
        await #expect(throws: Refused.self) { try await Database.withDeadline(seconds: 30) { () async throws -> Int in throw Refused() } }
    }
}
