import Foundation

/// Writes a Float32 WAV (IEEE float; mono 44.1 kHz for narrations) block by block; the RIFF sizes
/// are patched by `finish()`. Float keeps the narration's headroom until loudness normalisation.
///
/// Owns its `FILE`; `finish()` must run before release (asserted in `deinit`).
final class NarrationFileWriter {
    let path: String
    private var file: UnsafeMutablePointer<FILE>?
    let channels: Int
    let rate: Int
    private var written = 0
    /// Frames written so far (samples per channel).
    var frames: Int { written / channels }
    private var finished = false

    init(path: String, channels: Int = 1, rate: Int = AudioBuffer.rate) throws {
        self.path = path
        self.channels = channels
        self.rate = rate
        guard let file = fopen(path, "wb") else {
            throw MediaError(.open, "cannot create the narration file \(path); check the folder exists and is writable")
        }
        self.file = file
        try writeHeader(dataBytes: 0)
    }

    deinit {
        assert(finished || file == nil, "NarrationFileWriter released without finish(): \(path) is incomplete")
        if let file { fclose(file) }
    }

    /// Appends interleaved samples (already at the file's rate).
    func write(_ samples: UnsafeBufferPointer<Float>) throws {
        guard let file, let base = samples.baseAddress, !samples.isEmpty else { return }
        // WAV is little-endian, as is every platform this runs on.
        guard fwrite(base, MemoryLayout<Float>.size, samples.count, file) == samples.count else {
            throw MediaError(.encode, "cannot write to the narration file \(path) (disk full?)")
        }
        written += samples.count
    }

    func write(_ samples: [Float]) throws { try samples.withUnsafeBufferPointer { try write($0) } }

    /// Writes `count` zero samples.
    func writeSilence(_ count: Int) throws {
        let block = [Float](repeating: 0, count: 4096)
        var left = count
        while left > 0 {
            let n = min(left, block.count)
            try block.withUnsafeBufferPointer { try write(UnsafeBufferPointer(rebasing: $0[0..<n])) }
            left -= n
        }
    }

    /// Patches the header's sizes and closes the file.
    func finish() throws {
        guard !finished, let file else { return }
        finished = true
        let bytes = written * MemoryLayout<Float>.size
        guard bytes < Int(UInt32.max) - 64 else {
            throw MediaError(.encode, "narration \(path) is longer than a WAV can hold (\(written) samples)")
        }
        fseeko(file, 0, SEEK_SET)
        try writeHeader(dataBytes: bytes)
        let closed = fclose(file)
        self.file = nil
        if closed != 0 { throw MediaError(.encode, "cannot finish the narration file \(path) (disk full?)") }
    }

    private func writeHeader(dataBytes: Int) throws {
        guard let file else { return }
        var header = Data()
        func le32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { header.append(contentsOf: $0) } }
        func le16(_ v: UInt16) { withUnsafeBytes(of: v.littleEndian) { header.append(contentsOf: $0) } }
        let rate = UInt32(self.rate), channels = UInt32(self.channels)
        header.append(contentsOf: Array("RIFF".utf8)); le32(UInt32(4 + 26 + 12 + 8 + dataBytes))
        header.append(contentsOf: Array("WAVE".utf8))
        // fmt: IEEE float, 32 bits, with the empty extension size float formats carry.
        header.append(contentsOf: Array("fmt ".utf8)); le32(18); le16(3); le16(UInt16(channels))
        le32(rate); le32(rate * 4 * channels); le16(UInt16(4 * channels)); le16(32); le16(0)
        header.append(contentsOf: Array("fact".utf8)); le32(4); le32(UInt32(dataBytes / 4) / channels)
        header.append(contentsOf: Array("data".utf8)); le32(UInt32(dataBytes))
        let n = header.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        guard n == header.count else { throw MediaError(.encode, "cannot write the header of \(path)") }
    }
}
