import FactoryImaging
import Foundation
import Testing

/// `Vips.tuneMalloc`: large blocks get mappings of their own, given back on free, every time.
@Suite struct MallocTuningTests {
    /// glibc by default raises its mmap threshold to the largest block freed, so a second block
    /// of the same size comes from the arena and stays resident after it is freed. Fixed, every
    /// one is mapped and unmapped. A free chunk already in an arena serves any request that fits
    /// (the threshold applies when an arena would grow), and earlier tests in this process leave
    /// some: each block is larger than all the arenas' free bytes. Other tests' threads allocate
    /// too: each round may retry.
    @Test func largeBlocksAreMappedEveryTime() {
        Vips.tuneMalloc()
        // One size for every round: glibc's own threshold, once raised by the first, keeps it out.
        let size = max(4 << 20, Vips.freeHeapBytes + (8 << 20))
        for round in 1...3 {
            var seen: [String] = []
            let mapped = (1...5).contains { _ in
                let before = Vips.mappedHeapBytes
                let block = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
                block.storeBytes(of: UInt8(round), as: UInt8.self)
                let during = Vips.mappedHeapBytes
                block.deallocate()
                let after = Vips.mappedHeapBytes
                seen.append("\(size) bytes: \(before) -> \(during) -> \(after)")
                return during - before >= size && during - after >= size
            }
            #expect(mapped, "round \(round): a freed block larger than the arenas' free bytes was not mapped and given back (mapped bytes \(seen))")
        }
    }

    /// Blocks under the threshold stay in the arenas (a mapping each would cost a page fault per
    /// use): among them the canvas-sized surface librsvg makes for each group and filter step of
    /// the offline art (576x1024 RGBA, hundreds a recipe).
    @Test func smallBlocksStayInTheArenas() {
        Vips.tuneMalloc()
        let small = 576 * 1024 * 4 + 64
        #expect(small < Vips.defaultMmapThreshold)
        let stayed = (1...5).contains { _ in
            let before = Vips.mappedHeapBytes
            let block = UnsafeMutableRawPointer.allocate(byteCount: small, alignment: 16)
            defer { block.deallocate() }
            return Vips.mappedHeapBytes == before
        }
        #expect(stayed, "a \(small)-byte block got a mapping of its own")
    }

    /// libx264 asks for transparent huge pages on its frames and buffers (`madvise`); tuned, the
    /// process gets none, so one byte touched makes one page resident, not 2 MB. The processes it
    /// starts (the voice) inherit that. `FACTORY_HUGE_PAGES=1` leaves them to the system.
    @Test func hugePagesAreOffAndInherited() throws {
        Vips.tuneMalloc()
        #expect(Vips.hugePages == false)
        let size = 8 << 20, page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let region = try #require(mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0))
        defer { munmap(region, size) }
        // A 2 MB-aligned 4 MB span within the region, asked for as huge pages the way libx264 asks.
        let aligned = UnsafeMutableRawPointer(bitPattern: (Int(bitPattern: region) + (2 << 20) - 1) & ~((2 << 20) - 1))!
        _ = madvise(aligned, 4 << 20, Int32(MADV_HUGEPAGE))
        aligned.storeBytes(of: 1, as: UInt8.self)
        var resident = [UInt8](repeating: 0, count: (4 << 20) / page)
        #expect(mincore(aligned, 4 << 20, &resident) == 0)
        let pages = resident.filter { $0 & 1 == 1 }.count
        #expect(pages * page <= 64 << 10, "one byte touched made \(pages * page) bytes resident")

        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/cat")
        child.arguments = ["/proc/self/status"]
        let pipe = Pipe()
        child.standardOutput = pipe
        try child.run()
        let status = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        child.waitUntilExit()
        let line = status.split(separator: "\n").first { $0.hasPrefix("THP_enabled:") }
        #expect(line.map { $0.hasSuffix("0") } == true, "the child's \(line ?? "status has no THP_enabled line")")

        Vips.tuneMalloc(environment: ["FACTORY_HUGE_PAGES": "1"])
        #expect(Vips.hugePages == true)
        Vips.tuneMalloc()
        #expect(Vips.hugePages == false)
    }
}
