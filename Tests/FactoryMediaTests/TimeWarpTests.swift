@testable import FactoryMedia
import Foundation
import Testing

/// The banded dynamic time warping under the forced alignment.
@Suite struct TimeWarpTests {
    /// A one-value sequence from a list.
    static func frames(_ values: [Float]) -> [[Float]] { values.map { [$0] } }

    @Test func aSlowerCopyPairsEachFrameWithItsStretch() throws {
        let a = Self.frames((0..<40).map { Float($0 % 7) * 3 + Float($0 / 7) })
        let b = a.flatMap { [$0, $0] }
        let path = try #require(TimeWarp.align(a, b, radius: 10))
        #expect(path.spans.count == 40)
        for (i, span) in path.spans.enumerated() { #expect(span == (2 * i)...(2 * i + 1), "frame \(i): \(span)") }
        #expect(path.meanCost == 0)
    }

    @Test func aPauseInOneReadingIsHeldOnTheOther() throws {
        // b has a pause of 12 frames after a's 10th frame; the path holds a's 10th frame through it.
        let a = Self.frames((1...30).map { Float($0) })
        let b = Self.frames((1...10).map { Float($0) } + [Float](repeating: 10, count: 12) + (11...30).map { Float($0) })
        let path = try #require(TimeWarp.align(a, b, radius: 15))
        #expect(path.spans[9] == 9...21)
        #expect(path.spans[10] == 22...22)
        #expect(path.spans[29] == 41...41)
    }

    @Test func theBandStillReachesTheFarCorner() throws {
        // Lengths far apart (the band is widened so every row meets the next).
        let a = Self.frames((0..<100).map { Float($0) })
        let b = Self.frames((0..<7).map { Float($0 * 15) })
        let path = try #require(TimeWarp.align(a, b, radius: 1))
        #expect(path.spans.first?.lowerBound == 0 && path.spans.last?.upperBound == 6)
        #expect(zip(path.spans, path.spans.dropFirst()).allSatisfy { $0.upperBound <= $1.lowerBound + 1 && $0.lowerBound <= $1.lowerBound })
    }
}
