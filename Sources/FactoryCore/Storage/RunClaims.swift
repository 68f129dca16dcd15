import Foundation
import Synchronization

/// Who may work on a state: one run at a time per state folder on one machine (`FileRunClaims`,
/// a `flock` that the kernel drops when the process dies), `MemoryRunClaims` in unit tests; the
/// cluster adds leases in PostgreSQL. A claim lasts as long as the returned token is alive.
public protocol RunClaims: Sendable {
    /// Takes the claim or throws `FactoryError(.lock)` naming who holds it.
    func claim() throws -> any Sendable
}

/// The state folder's `flock` (`RunLock`).
public struct FileRunClaims: RunClaims {
    public let stateFolder: URL
    public init(stateFolder: URL) { self.stateFolder = stateFolder }
    public func claim() throws -> any Sendable { try RunLock(stateFolder: stateFolder) }
}

/// Claims held in memory: a second claim while the first token lives is refused.
public final class MemoryRunClaims: RunClaims {
    private let held = Mutex<Bool>(false)
    public init() {}

    public func claim() throws -> any Sendable {
        try held.withLock { held in
            guard !held else { throw FactoryError(.lock, "another run holds the claim; wait for it to finish") }
            held = true
        }
        return Token(owner: self)
    }

    func release() { held.withLock { $0 = false } }

    final class Token: Sendable {
        let owner: MemoryRunClaims
        init(owner: MemoryRunClaims) { self.owner = owner }
        deinit { owner.release() }
    }
}
