import Foundation

/// Pixels that change at known instants (text being typed): each version is rasterised when it is
/// first shown and kept until the next one replaces it, so a layer that changes a few times a
/// second costs one rasterisation per change, not one per frame, and only one version is held.
///
/// `@unchecked Sendable`: the cache is only touched under `lock`; `make` is `@Sendable`.
public final class PixelSequence: @unchecked Sendable {
    /// When each version starts (ascending); version i shows from `times[i]` until `times[i + 1]`.
    public let times: [Double]
    private let make: @Sendable (Int) throws -> LayerPixels?
    private let lock = NSLock()
    private var cached: (index: Int, pixels: LayerPixels?)?
    private var made = 0
    /// How many versions were rasterised (each change once when frames are drawn in order).
    public var rasterised: Int { lock.withLock { made } }

    /// `make(i)` rasterises version i (nil: nothing shows). Errors leave that version empty; the
    /// caller rasterises version 0 up front, so a systematic failure surfaces before rendering.
    public init(times: [Double], make: @escaping @Sendable (Int) throws -> LayerPixels?) {
        self.times = times
        self.make = make
    }

    /// The version index showing at `time` (nil before the first).
    public func index(at time: Double) -> Int? {
        var lo = 0, hi = times.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if times[mid] <= time { lo = mid + 1 } else { hi = mid }
        }
        return lo == 0 ? nil : lo - 1
    }

    public func pixels(at time: Double) -> LayerPixels? {
        guard let index = index(at: time) else { return nil }
        return lock.withLock {
            if let cached, cached.index == index { return cached.pixels }
            let pixels = try? make(index)
            made += 1
            cached = (index, pixels)
            return pixels
        }
    }
}
