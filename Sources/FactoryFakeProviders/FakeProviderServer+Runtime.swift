import Foundation
import FactoryImaging

extension FakeProviderServer {
    /// The port and serving task, set by `start()` and read from any thread.
    ///
    /// `@unchecked Sendable`: every stored property is read and written only while `lock` is held.
    final class Runtime: @unchecked Sendable {
        private let lock = NSLock()
        private var boundPort: Int?
        private var task: Task<Void, Never>?
        private var loadErrorText: String?

        var port: Int? { lock.withLock { boundPort } }
        var origin: String { "http://127.0.0.1:\(port ?? 0)" }
        var loadError: String? { lock.withLock { loadErrorText } }

        func setLoadError(_ text: String?) { lock.withLock { loadErrorText = text } }

        func started(port: Int, task: Task<Void, Never>) {
            lock.withLock { boundPort = port; self.task = task }
        }

        func stopped() -> Task<Void, Never>? {
            lock.withLock {
                defer { task = nil; boundPort = nil }
                return task
            }
        }
    }
}

/// Starts libvips before the first image is drawn.
enum FactoryImagingStart {
    static func run() throws {
        do { try Vips.start() } catch { throw FakeProviderError("libvips did not start", underlying: error) }
    }
}
