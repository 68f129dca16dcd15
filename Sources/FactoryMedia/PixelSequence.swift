import Foundation

/// Pixels that change at known instants (text being typed): each version is rasterised when it is
/// first shown and kept until the next one replaces it, so a layer that changes a few times a
/// second costs one rasterisation per change, not one per frame, and at most two versions are held.
///
/// `@unchecked Sendable`: the cache is only touched under `lock`; `make` is `@Sendable`.
public final class PixelSequence: @unchecked Sendable {
    /// When each version starts (ascending); version i shows from `times[i]` until `times[i + 1]`.
    public let times: [Double]
    private let make: @Sendable (Int) throws -> LayerPixels?
    private let lock = NSLock()
    /// The two versions asked for last, the latest first: frames drawn in order need one; two
    /// runs of frames measured side by side (`TextContrast`) each keep theirs.
    private var cached: [(index: Int, pixels: LayerPixels?)] = []
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
            if let latest = cached.first, latest.index == index { return latest.pixels }
            if let hit = cached.firstIndex(where: { $0.index == index }) {
                let entry = cached.remove(at: hit)
                cached.insert(entry, at: 0)
                return entry.pixels
            }
            let pixels = try? make(index)
            made += 1
            cached = [(index, pixels)] + cached.prefix(1)
            return pixels
        }
    }
}
