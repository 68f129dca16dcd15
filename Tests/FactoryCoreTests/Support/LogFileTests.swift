import FactoryCore
import FactoryTesting
import Foundation
import Testing

@Suite("Log rotation")
struct LogFileTests {
    @Test("over the size: FILE → FILE.1 → FILE.2 …, the oldest beyond keep dropped; under it: left alone")
    func rotation() throws {
        let folder = try TemporaryFolder()
        let log = folder.path("run.log")
        func read(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }
        try folder.write("small", to: "run.log")
        #expect(try LogFile.rotate(log, maxBytes: 10, keep: 2) == false)
        #expect(read(log) == "small")
        for run in 1...4 {
            try folder.write("run \(run) wrote more than ten bytes", to: "run.log")
            #expect(try LogFile.rotate(log, maxBytes: 10, keep: 2))
            #expect(!FileManager.default.fileExists(atPath: log))
        }
        #expect(read(log + ".1") == "run 4 wrote more than ten bytes")
        #expect(read(log + ".2") == "run 3 wrote more than ten bytes")
        #expect(!FileManager.default.fileExists(atPath: log + ".3"))
        // keep 0: the big log is simply dropped.
        try folder.write("another long run of the factory", to: "run.log")
        #expect(try LogFile.rotate(log, maxBytes: 10, keep: 0))
        #expect(!FileManager.default.fileExists(atPath: log) && read(log + ".1") == "run 4 wrote more than ten bytes")
        // No log yet: nothing to do.
        #expect(try LogFile.rotate(folder.path("none.log"), maxBytes: 0, keep: 3) == false)
    }

    @Test("sizes", arguments: [("1024", 1024), ("500K", 512_000), ("5M", 5 << 20), ("5mb", 5 << 20), ("1G", 1 << 30),
                               ("0.5K", 512), ("0", 0)] as [(String, Int)])
    func sizes(_ text: String, _ bytes: Int) {
        #expect(LogFile.bytes(text) == bytes)
    }

    @Test("not sizes", arguments: ["", "five", "-1", "5T", "M", "nan", "1e30G"])
    func notSizes(_ text: String) {
        #expect(LogFile.bytes(text) == nil)
    }
}
