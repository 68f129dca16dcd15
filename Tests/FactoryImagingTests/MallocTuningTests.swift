import FactoryImaging
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
}
