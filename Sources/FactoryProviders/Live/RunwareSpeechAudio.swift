import FactoryCore
import FactoryMedia
import Foundation

/// Turns a Runware speech answer into narration PCM: the audio bytes (inline base64, a data URI,
/// or a download from `audioURL`), checked to be WAV, MP3, FLAC or Ogg by their first bytes, then
/// decoded with libav (FactoryMedia's `AudioDecoder`, from a temporary file) and mixed to
/// 16-bit mono at 44.1 kHz — the narration's own rate, so the joiner does not resample it again.
struct RunwareSpeechAudio: Sendable {
    /// The rate of the PCM handed to the narration (`AudioDecoder` decodes to the soundtrack rate).
    static let sampleRate = AudioBuffer.rate
    let client: LiveClient
    let maxBytes: Int

    /// s16le mono PCM at `sampleRate` from a saved or fresh answer body.
    func pcm(from body: Data) async throws -> Data {
        let item = try RunwareSpeechAnswer.audio(in: body)
        let bytes: Data
        if let inline = item.audioBase64Data ?? item.audioDataURI.flatMap(RunwareSpeechAnswer.dataURIPayload) {
            guard let decoded = Data(base64Encoded: inline, options: .ignoreUnknownCharacters) else {
                throw RejectedAnswer("the Runware speech answer's audio is not base64; run again to ask afresh")
            }
            bytes = decoded
        } else if let url = item.audioURL {
            bytes = try await download(url)
        } else {
            throw RejectedAnswer("the Runware speech answer holds no audio; run again to ask afresh")
        }
        guard let ext = Self.container(bytes) else {
            throw RejectedAnswer("the Runware speech audio is not WAV, MP3, FLAC or Ogg (\(bytes.count) bytes starting "
                                 + "\(bytes.prefix(8).map { String(format: "%02x", $0) }.joined())); run again to ask afresh")
        }
        return try Self.decode(bytes, ext: ext)
    }

    /// The container a file's first bytes announce, as a file extension for libav; nil for anything else.
    static func container(_ bytes: Data) -> String? {
        let head = [UInt8](bytes.prefix(12))
        guard head.count >= 4 else { return nil }
        if head.starts(with: Array("RIFF".utf8)), head.count >= 12, Array(head[8..<12]) == Array("WAVE".utf8) { return "wav" }
        if head.starts(with: Array("ID3".utf8)) || (head[0] == 0xFF && head[1] & 0xE0 == 0xE0) { return "mp3" }
        if head.starts(with: Array("fLaC".utf8)) { return "flac" }
        if head.starts(with: Array("OggS".utf8)) { return "ogg" }
        return nil
    }

    /// Decodes the bytes from a temporary file and mixes them to s16le mono at `sampleRate`.
    static func decode(_ bytes: Data, ext: String) throws -> Data {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("factory-runware-speech-\(UUID().uuidString).\(ext)")
        try bytes.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var pcm = Data()
        do {
            try AudioDecoder.decode(path: file.path, maxSeconds: 3600) { block in
                var out = [Int16](repeating: 0, count: block.count / 2)
                for frame in out.indices {
                    let mixed = (block[2 * frame] + block[2 * frame + 1]) * 0.5
                    out[frame] = Int16((max(-1, min(1, mixed)) * 32767).rounded()).littleEndian
                }
                out.withUnsafeBytes { pcm.append(contentsOf: $0) }
            }
        } catch let error as MediaError {
            throw RejectedAnswer("the Runware speech audio (\(ext), \(bytes.count) bytes) does not decode: \(error); run again to ask afresh")
        }
        return pcm
    }

    /// Fetches the audio from its URL (no key travels; redirects followed one checked hop at a time, at most 5).
    func download(_ text: String) async throws -> Data {
        var url = try ProviderEndpoint.checkDownload(text, provider: .runware)
        for _ in 0...5 {
            let reply = try await client.transport.send(provider: .runware, method: .GET, url: url, headers: [], body: nil,
                                                        maxBytes: maxBytes, timeout: 120)
            if (300...399).contains(reply.status), let location = reply.headers["location"],
               let next = URL(string: location, relativeTo: url)?.absoluteURL {
                url = try ProviderEndpoint.checkDownload(next.absoluteString, provider: .runware)
                continue
            }
            // An expired or missing URL: only a new generation helps, so the answer leaves the cache.
            guard reply.status == 200 else {
                throw RejectedAnswer("runware speech download answered HTTP \(reply.status): the audio URL has expired or is gone; "
                                     + "run again to speak it afresh")
            }
            return reply.body
        }
        throw RejectedAnswer("runware speech download redirected more than 5 times; run again to speak it afresh")
    }
}
