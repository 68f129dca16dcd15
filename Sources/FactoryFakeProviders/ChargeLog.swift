import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The JSONL charge log: one line per billed request, appended and fsynced before it counts.
struct ChargeLog: Sendable {
    let url: URL

    func load() throws -> [FakeCharge] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw FakeProviderError("cannot read the charge log \(url.path)", underlying: error)
        }
        let decoder = JSONDecoder()
        var charges: [FakeCharge] = []
        for (number, line) in data.split(separator: UInt8(ascii: "\n")).enumerated() where !line.isEmpty {
            do { charges.append(try decoder.decode(FakeCharge.self, from: Data(line))) } catch {
                // A line cut by a crash mid-append is the only expected damage: skip it, say so.
                FileHandle.standardError.write(Data("fake-providers: \(url.lastPathComponent) line \(number + 1) skipped: not a charge\n".utf8))
            }
        }
        return charges
    }

    func append(_ charge: FakeCharge) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var line = try encoder.encode(charge)
        line.append(UInt8(ascii: "\n"))
        let fd = open(url.path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw FakeProviderError("cannot open \(url.path): errno \(errno)") }
        defer { close(fd) }
        let written = line.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written == line.count else { throw FakeProviderError("short write to \(url.path): errno \(errno)") }
        guard fsync(fd) == 0 else { throw FakeProviderError("fsync of \(url.path) failed: errno \(errno)") }
    }
}
