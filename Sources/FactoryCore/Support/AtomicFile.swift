import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Crash-safe file writes: a temporary file in the same folder, fsync, rename, fsync of the folder.
/// A reader sees the old file or the whole new one, never a part, even after a power cut. The file
/// is created with `FileMode.file` (0644 less the umask), like every file the factory writes.
public enum AtomicFile {
    /// `mode` is the new file's permission bits (before the umask): `FileMode.file` unless a secret needs 0600.
    public static func write(_ data: Data, to url: URL, durable: Bool = true, mode: mode_t = FileMode.file) throws {
        let folder = url.deletingLastPathComponent()
        if !FileManager.default.fileExists(atPath: folder.path) {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).tmp-\(UUID().uuidString.prefix(8))")
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else { throw error("create", temporary) }
        var ok = false
        defer {
            close(fd)
            if !ok { unlink(temporary.path) }
        }
        try data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress.map { $0 + offset }, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw error("write", temporary)
                }
                offset += n
            }
        }
        // A failed fsync is not retried (the pages may be gone): the write fails and is redone from the source.
        if durable { guard fsync(fd) == 0 else { throw error("fsync", temporary) } }
        guard rename(temporary.path, url.path) == 0 else { throw error("rename", url) }
        ok = true
        if durable { syncFolder(folder) }
    }

    /// Makes a rename inside `folder` durable.
    public static func syncFolder(_ folder: URL) {
        let fd = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }

    static func error(_ step: String, _ url: URL) -> FactoryError {
        let reason = String(cString: strerror(errno))
        let hint = errno == ENOSPC ? "; free some disk space and run again" : ""
        return FactoryError(.bundle, "cannot \(step) \(url.path): \(reason)\(hint)")
    }
}
