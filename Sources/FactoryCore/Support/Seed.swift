/// Stable 64-bit seeds from text (FNV-1a then SplitMix64 finalisation): the same item in the same
/// week always gets the same seed, on every machine.
public enum Seed {
    public static func from(_ parts: String...) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for part in parts {
            for byte in part.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
            hash = (hash ^ 0x1F) &* 0x0000_0100_0000_01B3
        }
        return mix(hash)
    }

    public static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A small seeded generator (SplitMix64) for procedural choices.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state = state &+ 0x9E37_79B9_7F4A_7C15
        return Seed.mix(state &- 0x9E37_79B9_7F4A_7C15)
    }
    /// One of `items` (not empty), picked by the next number.
    public mutating func pick<T>(_ items: [T]) -> T {
        items[Int(next() % UInt64(items.count))]
    }
    /// A double in [lo, hi).
    public mutating func double(_ lo: Double, _ hi: Double) -> Double {
        lo + (hi - lo) * Double(next() >> 11) / Double(1 << 53)
    }
}
