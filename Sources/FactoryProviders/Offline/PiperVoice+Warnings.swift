import Foundation

extension PiperVoice {
    /// Warnings said once each, however many chunks hit them: the offline narrator's "no neural voice"
    /// line, and one line per item whose Piper call failed.
    public final class OnceWarnings: @unchecked Sendable {
        // @unchecked Sendable: `said` is read and written only while `lock` is held; `sink` is Sendable.
        private let lock = NSLock()
        private var said: Set<String> = []
        private let sink: @Sendable (String) -> Void

        public init(_ sink: @escaping @Sendable (String) -> Void) {
            self.sink = sink
        }

        /// Says `message` unless a warning with the same `key` was said already.
        public func once(_ key: String, _ message: @autoclosure () -> String) {
            lock.lock()
            let first = said.insert(key).inserted
            lock.unlock()
            if first { sink(message()) }
        }

        /// A "warning: …" line on stderr.
        public static let standardError: @Sendable (String) -> Void = { message in
            FileHandle.standardError.write(Data("warning: \(message)\n".utf8))
        }
    }
}
