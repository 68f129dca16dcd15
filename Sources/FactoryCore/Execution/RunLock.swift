import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One run at a time per state folder: an advisory `flock` on `<state>/lock`, released when the
/// process ends (even if it is killed), so a stale lock can never block cron.
public final class RunLock: Sendable {
    private let descriptor: Int32
    public let path: String

    /// Takes the lock or throws `FactoryError(.lock)` naming the folder. `name` is the lock's file:
    /// `lock` for runs, `publish.lock` for publishing (which may go on while a run makes next week).
    public init(stateFolder: URL, name: String = "lock") throws {
        try FileManager.default.createDirectory(at: stateFolder, withIntermediateDirectories: true)
        path = stateFolder.appendingPathComponent(name).path
        descriptor = open(path, O_CREAT | O_RDWR | O_CLOEXEC, FileMode.file)
        guard descriptor >= 0 else { throw FactoryError(.lock, "cannot open the lock file \(path)") }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            // The holder wrote its pid and start time (for this message only; the flock is the lock).
            let holder = (try? String(contentsOfFile: path, encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ", maxSplits: 1) ?? []
            let what = name == "lock" ? "run" : "publish"
            let who = holder.count == 2 ? "\(what) pid \(holder[0]), started \(holder[1])," : what
            throw FactoryError(.lock, "another \(who) holds the lock \(path); wait for it to finish")
        }
        let stamp = "\(getpid()) \(ISO8601DateFormatter().string(from: Date()))\n"
        _ = ftruncate(descriptor, 0)
        _ = stamp.withCString { pwrite(descriptor, $0, strlen($0), 0) }
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
