import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Standard output and error, shared by the log lines and the live view: while a view is drawn at
/// the bottom, a line is written above it (the view is erased, the line printed, the view redrawn).
final class Console: @unchecked Sendable {
    // Safe: every read and write of `block` happens under `lock`, and each write to a descriptor is whole.
    static let shared = Console()
    private let lock = NSLock()
    private var block: [String] = []

    /// Writes one line to standard output (or error), above the live view if one is drawn.
    func line(_ text: String, error: Bool = false) {
        lock.withLock {
            var out = erase()
            if error {
                Self.write(out, to: 1)
                Self.write(text + "\n", to: 2)
                out = ""
            } else {
                out += text + "\n"
            }
            out += block.map { $0 + "\n" }.joined()
            Self.write(out, to: 1)
        }
    }

    /// Replaces the live view with `lines`.
    func draw(_ lines: [String]) {
        lock.withLock {
            let out = erase() + lines.map { $0 + "\n" }.joined()
            block = lines
            Self.write(out, to: 1)
        }
    }

    /// Removes the live view.
    func clear() {
        lock.withLock {
            let out = erase()
            block = []
            Self.write(out, to: 1)
        }
    }

    /// The escape codes that move up over the drawn view and clear to the end of the screen.
    private func erase() -> String {
        block.isEmpty ? "" : "\r\u{1B}[\(block.count)A\u{1B}[J"
    }

    private static func write(_ text: String, to descriptor: Int32) {
        guard !text.isEmpty else { return }
        // A closed pipe (`factory run | head`) must not stop the run: the write fails quietly.
        try? (descriptor == 2 ? FileHandle.standardError : FileHandle.standardOutput).write(contentsOf: Data(text.utf8))
    }

    /// The terminal's width in columns (80 when it cannot be asked).
    static func columns() -> Int {
        var size = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }
}
