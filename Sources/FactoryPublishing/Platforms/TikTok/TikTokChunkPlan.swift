import Foundation

/// How a file is cut for TikTok's FILE_UPLOAD (developers.tiktok.com/doc/content-posting-api-media-transfer-guide):
/// under 5 MB whole; otherwise chunks of 5–64 MB, the last taking the trailing bytes (up to 128 MB),
/// `total_chunk_count = floor(video_size / chunk_size)`, 1 to 1000 chunks.
struct TikTokChunkPlan: Sendable, Equatable {
    static let minChunk: Int64 = 5 << 20
    static let maxChunk: Int64 = 64_000_000

    let size: Int64
    let chunkSize: Int64
    let count: Int64

    /// A plan aiming at `preferred` bytes per chunk.
    init(size: Int64, preferred: Int64) {
        guard size >= Self.minChunk else {
            self.init(size: size, chunkSize: size)
            return
        }
        let needed = (size + 999) / 1000
        var chunk = min(Self.maxChunk, max(Self.minChunk, preferred, needed))
        if size <= chunk { chunk = size }
        self.init(size: size, chunkSize: chunk)
    }

    /// The plan an earlier init announced (`chunk_size` from the journal).
    init(size: Int64, chunkSize: Int64) {
        self.size = size
        self.chunkSize = max(1, min(chunkSize, size))
        self.count = max(1, size / self.chunkSize)
    }

    /// Bytes `first...last` of chunk `index` (0-based); the last chunk runs to the end of the file.
    func range(_ index: Int64) -> (first: Int64, last: Int64) {
        let first = index * chunkSize
        return (first, index == count - 1 ? size - 1 : first + chunkSize - 1)
    }

    /// The chunk that holds byte `offset` (the one to send again after an interruption).
    func chunk(containing offset: Int64) -> Int64 {
        min(count - 1, max(0, offset / chunkSize))
    }
}
