import Foundation

/// The publication journal: every post of a bundle to a platform, written before the first byte
/// goes out and after each step, so a publish killed at any moment resumes by asking the platform
/// about the id it saved, and never posts the same version twice (docs/publishing.md). It lives in
/// the ledger's store: `Ledger` (SQLite, tables `posts` and `approvals`) on one machine,
/// `PostgresPostJournal` in a cluster, `MemoryPostJournal` in unit tests. Plus the approvals:
/// which version of which item a person said may go out.
public protocol PostJournal: Sendable {
    /// Records the intent to post `version` of `item` to `platform`: a new attempt, before any byte is sent.
    func begin(week: String, item: String, platform: Platform, version: String, runId: String) async throws -> PostRecord
    /// Moves a post on a step, saving the platform's id and details (merged into what was saved).
    func advance(_ id: Int64, state: PostState, remoteId: String?, details: PostDetails) async throws
    /// Closes a post: `.posted` with its id and link, or `.failed` with the platform's reason.
    func finish(_ id: Int64, state: PostState, remoteId: String?, url: String?, reason: String?) async throws
    /// Leaves a post where it is with a note for the report (a cap deferred it; still processing).
    func note(_ id: Int64, _ reason: String) async throws
    /// Every post of the week, oldest first.
    func posts(week: String) async throws -> [PostRecord]

    /// Approves `version` of `item` (replacing an earlier approval of the item).
    func approve(week: String, item: String, version: String, by: String) async throws
    /// Withdraws the item's approval; returns false when it had none.
    func revoke(week: String, item: String) async throws -> Bool
    /// The week's approvals in force.
    func approvals(week: String) async throws -> [Approval]

    /// Sets the text of one version of an item on one platform (replacing an earlier one); its
    /// `editedAt` is the store's clock.
    func setText(_ text: PostText) async throws
    /// The week's texts set by hand, oldest first.
    func texts(week: String) async throws -> [PostText]

    /// Appends a read of a post's figures; false (and nothing written) when that post's slot was
    /// already recorded, so a poll killed and run again never duplicates one.
    func record(_ snapshot: MetricSnapshot) async throws -> Bool
    /// The week's snapshots, oldest first.
    func snapshots(week: String) async throws -> [MetricSnapshot]
}

/// How far a post got.
public enum PostState: String, Sendable, Codable, CaseIterable {
    /// Recorded before the first byte to the platform.
    case intent
    /// The platform gave its id; bytes may be on their way.
    case started
    /// Every byte was sent; the platform is processing.
    case uploaded
    /// Instagram: `media_publish` was sent.
    case publishing
    /// On the platform (or in TikTok's inbox).
    case posted
    /// Failed on the platform; nothing will land from it.
    case failed

    /// True while the post may still land: it must be asked about before anything else is posted.
    public var inFlight: Bool { ![.posted, .failed].contains(self) }
}

/// One attempt to post one version of one item to one platform.
public struct PostRecord: Sendable, Equatable {
    public var id: Int64
    public var week: String
    public var item: String
    public var platform: Platform
    /// The video's sha256 (from the bundle's metadata.json): a regenerated bundle is a new version.
    public var version: String
    public var attempt: Int
    public var state: PostState
    public var remoteId: String?
    public var details: PostDetails
    public var url: String?
    /// Why it failed, or the last note (deferred, processing).
    public var reason: String?
    public var runId: String
    public var createdAt: String
    public var updatedAt: String

    public init(id: Int64, week: String, item: String, platform: Platform, version: String, attempt: Int, state: PostState,
                remoteId: String? = nil, details: PostDetails = [:], url: String? = nil, reason: String? = nil,
                runId: String, createdAt: String, updatedAt: String) {
        self.id = id
        self.week = week
        self.item = item
        self.platform = platform
        self.version = version
        self.attempt = attempt
        self.state = state
        self.remoteId = remoteId
        self.details = details
        self.url = url
        self.reason = reason
        self.runId = runId
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// A person's word that one version of an item may be posted.
public struct Approval: Sendable, Equatable {
    public var week: String
    public var item: String
    public var version: String
    public var by: String
    public var approvedAt: String

    public init(week: String, item: String, version: String, by: String, approvedAt: String) {
        self.week = week
        self.item = item
        self.version = version
        self.by = by
        self.approvedAt = approvedAt
    }
}

extension PostRecord {
    /// Details as stored: sorted JSON, so every store writes the same text.
    public static func encode(_ details: PostDetails) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: (try? encoder.encode(details.stored)) ?? Data("{}".utf8), as: UTF8.self)
    }

    public static func decode(_ text: String?) -> PostDetails {
        guard let text, let data = text.data(using: .utf8) else { return [:] }
        return PostDetails(stored: (try? JSONDecoder().decode([String: String].self, from: data)) ?? [:])
    }
}
