@testable import FactoryCore
import Foundation
import Testing

/// Work started with `BlockingIO.start` runs at once on its own thread and is awaited later.
@Suite struct BlockingIOStartTests {
    struct Broke: Error, Equatable {}

    @Test func startsAtOnceAndHandsBackItsResult() async throws {
        let began = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let work = BlockingIO.start { () -> Int in
            began.signal()
            release.wait()
            return 42
        }
        // Waited for here without suspending: it began on its own thread, not on a pool thread.
        #expect(began.wait(timeout: .now() + 10) == .success)
        release.signal()
        #expect(try await work.value == 42)
        #expect(try await work.value == 42, "awaited twice, the same result")
        work.wait()
    }

    @Test func anErrorReachesEveryAwaiter() async {
        let work = BlockingIO.start { () throws -> Int in throw Broke() }
        work.wait()
        await #expect(throws: Broke.self) { try await work.value }
        await #expect(throws: Broke.self) { try await work.value }
    }
}
