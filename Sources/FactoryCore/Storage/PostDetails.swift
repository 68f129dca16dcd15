import Foundation

/// What a platform's client keeps about a post between its steps, so a publish killed at any
/// moment resumes where it was: an upload's session or address, the video's id, the privacy and
/// mode it was posted with. The keys are named once (below) for the clients that write them and
/// the readers that report them (`factory stats`); stored as the JSON object of strings it was.
public struct PostDetails: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    /// One detail's name, spelled as stored.
    public struct Key: Hashable, Sendable, RawRepresentable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ name: String) { rawValue = name }
    }

    /// The details by their stored names.
    public private(set) var stored: [String: String]

    public init(stored: [String: String] = [:]) { self.stored = stored }

    public init(dictionaryLiteral elements: (Key, String)...) {
        stored = Dictionary(elements.map { ($0.0.rawValue, $0.1) }, uniquingKeysWith: { _, last in last })
    }

    public subscript(_ key: Key) -> String? {
        get { stored[key.rawValue] }
        set { stored[key.rawValue] = newValue }
    }

    public var isEmpty: Bool { stored.isEmpty }

    /// These with `newer`'s values over them (a step's details merged into what was saved).
    public func merging(_ newer: PostDetails) -> PostDetails {
        PostDetails(stored: stored.merging(newer.stored) { _, new in new })
    }
}

extension PostDetails.Key {
    /// YouTube: the resumable upload's session URL, when it began, and the uploaded video's id.
    public static let session = Self("session"), began = Self("began"), video = Self("video")
    /// TikTok: the upload URL and chunk size it was given, and who it posted as.
    public static let uploadURL = Self("upload_url"), chunkSize = Self("chunk_size"), username = Self("username")
    /// Instagram: the media container, its resumable upload address, and the published media's id.
    public static let container = Self("container"), uploadURI = Self("upload_uri"), media = Self("media")
    /// How it was posted: TikTok's `direct`/`inbox`, Instagram's `resumable`/`video_url`.
    public static let mode = Self("mode")
    /// The privacy it was posted with (TikTok's privacy level, YouTube's privacyStatus).
    public static let privacy = Self("privacy")
}
