import Foundation

/// Runs blocking file and SQLite work (fsync, commits) on its own threads, so the few threads of
/// Swift's cooperative pool (two on a 2-core machine) keep serving the calls in flight.
public enum BlockingIO {
    static let queue = DispatchQueue(label: "factory.blocking-io", qos: .userInitiated, attributes: .concurrent)

    public static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try body() }) }
        }
    }
}
