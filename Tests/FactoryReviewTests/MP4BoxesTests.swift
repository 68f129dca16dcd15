@testable import FactoryCore
@testable import FactoryKinds
@testable import FactoryReview
import FactoryTesting
import Foundation
import Testing

/// The top-level MP4 box walk: order (faststart) and completeness (truncation).
@Suite struct MP4BoxesTests {
    static func box(_ type: String, payload: Int) -> Data {
        var data = Data()
        let size = UInt32(8 + payload)
        withUnsafeBytes(of: size.bigEndian) { data.append(contentsOf: $0) }
        data.append(contentsOf: Array(type.utf8))
        data.append(Data(repeating: 7, count: payload))
        return data
    }

    @Test func orderAndSizesAreRead() throws {
        let folder = try TemporaryFolder("boxes")
        let fast = Self.box("ftyp", payload: 16) + Self.box("moov", payload: 100) + Self.box("mdat", payload: 1000)
        try fast.write(to: folder.url.appendingPathComponent("fast.mp4"))
        let boxes = try MP4Boxes.read(path: folder.path("fast.mp4"))
        #expect(boxes.types == ["ftyp", "moov", "mdat"] && boxes.moovFirst == true && boxes.problem == nil)
        #expect(boxes.fileSize == UInt64(fast.count))

        let slow = Self.box("ftyp", payload: 16) + Self.box("mdat", payload: 1000) + Self.box("moov", payload: 100)
        try slow.write(to: folder.url.appendingPathComponent("slow.mp4"))
        #expect(try MP4Boxes.read(path: folder.path("slow.mp4")).moovFirst == false)
    }

    @Test func aTruncatedFileIsNamed() throws {
        let folder = try TemporaryFolder("boxes")
        let whole = Self.box("ftyp", payload: 16) + Self.box("moov", payload: 100) + Self.box("mdat", payload: 1000)
        try whole.prefix(whole.count - 300).write(to: folder.url.appendingPathComponent("cut.mp4"))
        let boxes = try MP4Boxes.read(path: folder.path("cut.mp4"))
        #expect(boxes.moovFirst == true)
        #expect(boxes.problem == "the mdat box at offset 132 needs 1008 bytes but the file ends 708 bytes later")
        try (whole + Data([0, 0, 0])).write(to: folder.url.appendingPathComponent("tail.mp4"))
        #expect(try MP4Boxes.read(path: folder.path("tail.mp4")).problem?.contains("3 stray bytes") == true)
    }
}
