import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The one mode of every file the factory writes: `rw-r--r--` (0644), less what the umask takes
/// away. Bundles, reports, the gallery, the cache, the ledger and the logs are meant to be read by
/// whoever serves or reviews the output folder; nothing secret is written (keys are only read, and
/// answers and reports are redacted). Files that libraries create (libvips, libav, Foundation's
/// `Data.write`, all 0666 less the umask) are set to it before they are published.
public enum FileMode {
    /// The mode asked for; the umask is applied on top, as `open(2)` does.
    public static let file: mode_t = 0o644

    /// The umask of this process, read without changing it (Linux ≥ 4.7 shows it in
    /// /proc/self/status; 022 elsewhere, the usual default).
    public static let umask: mode_t = {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Umask:") }),
              let value = mode_t(line.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces), radix: 8) else { return 0o022 }
        return value
    }()

    /// What every written file ends up with: `file` less the umask.
    public static var effective: mode_t { file & ~umask }

    /// Sets `path` to `effective`.
    public static func apply(to path: String) throws {
        guard chmod(path, effective) == 0 else {
            throw FactoryError(.bundle, "cannot set the mode of \(path): \(String(cString: strerror(errno))); check the folder's owner")
        }
    }

    /// Sets every regular file under `folder` (recursively) to `effective`.
    public static func apply(under folder: URL) throws {
        guard let walk = FileManager.default.enumerator(atPath: folder.path) else { return }
        for case let name as String in walk {
            let path = folder.appendingPathComponent(name).path
            var info = stat()
            if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG { try apply(to: path) }
        }
    }
}
