import Foundation

/// Reads a PCM WAV (16-bit integer or 32-bit float, any rate and channel count) in blocks of
/// interleaved Float samples, so a long narration never has to be held in memory.
///
/// Owns its `FILE`, closed in `deinit` (reading needs no ordered shutdown).
public final class NarrationReader {
    public let path: String
    public let sampleRate: Int
    public let channels: Int
    /// Frames (samples per channel) in the file.
    public let frameCount: Int
    private let isFloat: Bool
    private var file: UnsafeMutablePointer<FILE>?
    private var remaining: Int
    /// Where the samples start in the file.
    private let dataStart: off_t
    private var raw: [UInt8] = []

    public init(path: String) throws {
        self.path = path
        guard let file = fopen(path, "rb") else {
            throw MediaError(.open, "narration file \(path) does not exist or cannot be read")
        }
        self.file = file
        func bad(_ why: String) -> MediaError { MediaError(.decode, "\(path) is not a narration WAV: \(why)") }
        func read(_ n: Int) -> [UInt8]? {
            var bytes = [UInt8](repeating: 0, count: n)
            return fread(&bytes, 1, n, file) == n ? bytes : nil
        }
        func le(_ b: ArraySlice<UInt8>) -> Int { b.reversed().reduce(0) { $0 << 8 | Int($1) } }
        guard let riff = read(12), riff[0..<4].elementsEqual("RIFF".utf8), riff[8..<12].elementsEqual("WAVE".utf8) else {
            fclose(file); throw bad("no RIFF/WAVE header")
        }
        var format: (tag: Int, channels: Int, rate: Int, bits: Int)?
        while true {
            guard let head = read(8) else { fclose(file); throw bad("no data chunk") }
            let size = le(head[4..<8])
            if head[0..<4].elementsEqual("fmt ".utf8) {
                guard size >= 16, let body = read(size + size % 2) else { fclose(file); throw bad("short fmt chunk") }
                var tag = le(body[0..<2])
                if tag == 0xFFFE, size >= 26 { tag = le(body[24..<26]) } // WAVE_FORMAT_EXTENSIBLE: the subformat's tag
                format = (tag, le(body[2..<4]), le(body[4..<8]), le(body[14..<16]))
            } else if head[0..<4].elementsEqual("data".utf8) {
                guard let format else { fclose(file); throw bad("data before fmt") }
                guard (format.tag == 1 && format.bits == 16) || (format.tag == 3 && format.bits == 32), format.channels > 0 else {
                    fclose(file); throw bad("format \(format.tag) with \(format.bits) bits (16-bit PCM or 32-bit float only)")
                }
                let start = ftello(file)
                dataStart = start
                fseeko(file, 0, SEEK_END)
                let available = Int(ftello(file) - start)
                fseeko(file, start, SEEK_SET)
                // A size of 0 or 0xFFFFFFFF is what streaming writers leave: the data runs to the end.
                let bytes = size == 0 || size == 0xFFFF_FFFF ? available : min(size, available)
                isFloat = format.tag == 3
                channels = format.channels
                sampleRate = format.rate
                frameCount = bytes / (format.bits / 8 * format.channels)
                remaining = frameCount
                return
            } else if fseeko(file, off_t(size + size % 2), SEEK_CUR) != 0 {
                fclose(file); throw bad("truncated chunk")
            }
        }
    }

    deinit { if let file { fclose(file) } }

    /// Seconds of audio in the file.
    public var duration: Double { Double(frameCount) / Double(sampleRate) }

    /// Goes back to the first sample.
    public func rewind() throws {
        guard let file, fseeko(file, dataStart, SEEK_SET) == 0 else { throw MediaError(.decode, "cannot go back to the start of \(path)") }
        remaining = frameCount
    }

    /// Reads up to `frames` frames as interleaved floats into `out` (room for frames × channels);
    /// returns the frames read, 0 at the end.
    public func read(into out: UnsafeMutableBufferPointer<Float>, frames: Int) throws -> Int {
        guard let file, let base = out.baseAddress else { return 0 }
        let want = min(frames, remaining, out.count / channels)
        guard want > 0 else { return 0 }
        let count = want * channels
        if isFloat {
            guard fread(base, 4, count, file) == count else { throw MediaError(.decode, "\(path) is truncated") }
        } else {
            if raw.count < count * 2 { raw = [UInt8](repeating: 0, count: count * 2) }
            try raw.withUnsafeMutableBytes { bytes in
                guard fread(bytes.baseAddress, 2, count, file) == count else { throw MediaError(.decode, "\(path) is truncated") }
                for i in 0..<count { base[i] = Float(Int16(littleEndian: bytes.load(fromByteOffset: 2 * i, as: Int16.self))) / 32768 }
            }
        }
        remaining -= want
        return want
    }
}
