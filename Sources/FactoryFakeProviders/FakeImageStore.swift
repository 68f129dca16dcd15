import Foundation

/// Generated images by file name (`<imageUUID>.<ext>`): specs for the newest 10,000, encoded
/// bytes for at most 256 MB of them (rendered again from the spec when evicted).
actor FakeImageStore {
    private var specs: [String: FakeImageSpec] = [:]
    private var specOrder: [String] = []
    private var bytes: [String: Data] = [:]
    private var byteOrder: [String] = []
    private var byteTotal = 0
    private var hugePNG: Data?
    static let maxSpecs = 10_000
    static let maxBytes = 256 << 20

    func register(_ file: String, spec: FakeImageSpec) {
        if specs[file] == nil { specOrder.append(file) }
        specs[file] = spec
        while specOrder.count > Self.maxSpecs {
            let old = specOrder.removeFirst()
            specs[old] = nil
        }
    }

    func spec(_ file: String) -> FakeImageSpec? { specs[file] }

    func cached(_ file: String) -> Data? { bytes[file] }

    func cache(_ file: String, data: Data) {
        guard bytes[file] == nil, data.count < Self.maxBytes else { return }
        bytes[file] = data
        byteOrder.append(file)
        byteTotal += data.count
        while byteTotal > Self.maxBytes, !byteOrder.isEmpty {
            let old = byteOrder.removeFirst()
            byteTotal -= bytes.removeValue(forKey: old)?.count ?? 0
        }
    }

    /// The decompression-bomb PNG, built once.
    func huge() -> Data {
        if let hugePNG { return hugePNG }
        let made = HugePNG.make()
        hugePNG = made
        return made
    }

    func removeAll() {
        specs = [:]; specOrder = []; bytes = [:]; byteOrder = []; byteTotal = 0
    }

    /// The image bytes for a file name: cached, or rendered now from its spec; nil if unknown.
    nonisolated func data(for file: String) async throws -> Data? {
        if let data = await cached(file) { return data }
        guard let spec = await spec(file) else { return nil }
        let data = try FakeImageMaker.render(spec)
        await cache(file, data: data)
        return data
    }
}
