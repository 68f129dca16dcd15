extension Loudness {
    /// Loudness of decoded audio (a video's soundtrack, an MP3 read back). `AudioDecoder` spreads a
    /// mono source to both channels at unit gain, so `mono: true` measures the left channel alone,
    /// as `analyse(path:)` measures a mono WAV: one channel, not dual mono. Without `truePeak`
    /// (several times faster) the true peak reported is the sample peak.
    public static func analyse(_ audio: AudioBuffer, mono: Bool = false, truePeak: Bool = true) -> Measurement {
        let channels = mono ? 1 : 2
        var meter = LoudnessMeter(channels: channels, rate: AudioBuffer.rate, truePeak: truePeak)
        var block = [Float](repeating: 0, count: Self.block * channels)
        var frame = 0
        while frame < audio.frameCount {
            let n = min(Self.block, audio.frameCount - frame)
            audio.samples.withUnsafeBufferPointer { all in
                if mono {
                    for i in 0..<n { block[i] = all[2 * (frame + i)] }
                } else {
                    for i in 0..<(2 * n) { block[i] = all[2 * frame + i] }
                }
            }
            block.withUnsafeBufferPointer { meter.add(UnsafeBufferPointer(rebasing: $0[0..<(n * channels)])) }
            frame += n
        }
        meter.flush()
        return meter.measurement
    }
}

extension Loudness {
    /// Loudness and true peak of a file's first audio stream (a video's AAC track, an MP3), decoded
    /// to 44.1 kHz stereo block by block, so a long story's soundtrack is never held whole.
    public static func analyse(decoding path: String, maxSeconds: Double = 3600, truePeak: Bool = true) throws -> Measurement {
        var meter = LoudnessMeter(channels: 2, rate: AudioBuffer.rate, truePeak: truePeak)
        try AudioDecoder.decode(path: path, maxSeconds: maxSeconds) { meter.add($0) }
        meter.flush()
        return meter.measurement
    }
}
