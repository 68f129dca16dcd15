import ArgumentParser
import FactoryCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `factory run --log FILE`: rotates FILE when it is too big, then sends standard output and
/// error to it (appending), so everything the run says — progress lines, errors, the summary —
/// lands in one file, from cron or by hand.
enum LogOutput {
    static func start(_ path: String, maxSize: String, keep: Int, title: String) throws {
        guard let maxBytes = LogFile.bytes(maxSize) else {
            printError("--log-max \(maxSize): not a size; write bytes or 500K, 5M, 1G")
            throw ExitCode(2)
        }
        guard keep >= 0 else {
            printError("--log-keep \(keep): give how many rotated files to keep (0 or more)")
            throw ExitCode(2)
        }
        let file = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try LogFile.rotate(file.path, maxBytes: maxBytes, keep: keep)
        } catch {
            printError("--log \(path): \(error)")
            throw ExitCode(2)
        }
        let descriptor = open(file.path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, FileMode.file)
        guard descriptor >= 0 else {
            printError("--log \(path): cannot open it for appending (\(String(cString: strerror(errno)))); check the folder's permissions")
            throw ExitCode(2)
        }
        guard dup2(descriptor, 1) >= 0, dup2(descriptor, 2) >= 0 else {
            printError("--log \(path): cannot send output to it (\(String(cString: strerror(errno))))")
            throw ExitCode(2)
        }
        close(descriptor)
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = .current
        say("==== \(title): started \(formatter.string(from: Date())), pid \(getpid()) ====")
    }
}
