/// A finished soundtrack held as 16-bit samples for a render to pull: half the memory of the
/// `AudioBuffer` it is made from (a 50 s chat mix is 17 MB as Float, 8.5 MB here), which the
/// caller can let go before the encoder allocates its frames. 16 bits are what AAC at 160 kbit/s
/// can carry anyway; samples beyond full scale are clipped, as the encoder would.
public final class PackedAudioSource: AudioSource {
    private let samples: [Int16]
    private var position = 0

    public init(_ buffer: AudioBuffer) {
        samples = Self.packed(buffer)
    }

    /// A soundtrack packed already (`packed(_:)`), e.g. on another thread: the array is shared, not
    /// copied, so whoever handed it over holds no second copy.
    public init(packed: [Int16]) {
        samples = packed
    }

    /// The buffer's interleaved samples at 16 bits.
    public static func packed(_ buffer: AudioBuffer) -> [Int16] {
        buffer.samples.map { Int16((min(1, max(-1, $0)) * 32767).rounded()) }
    }

    /// Seconds of sound held.
    public var duration: Double { Double(samples.count / 2) / Double(AudioBuffer.rate) }

    public func read(into out: UnsafeMutableBufferPointer<Float>, frames: Int) throws -> Int {
        let wanted = min(frames, out.count / 2)
        let real = max(0, min(wanted, samples.count / 2 - position))
        samples.withUnsafeBufferPointer { src in
            for i in 0..<(real * 2) { out[i] = Float(src[position * 2 + i]) / 32767 }
        }
        for i in (real * 2)..<(wanted * 2) { out[i] = 0 }
        position += real
        return real
    }
}
