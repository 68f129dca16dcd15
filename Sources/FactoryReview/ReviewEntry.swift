import FactoryCore
import FactoryKinds
import Foundation

/// One item of a reviewed week: what the last run said about it and, when there is one, its bundle.
public struct ReviewEntry: Sendable {
    public var id: String
    public var kind: Kind
    /// Lower-case weekday ("monday"), or "" when neither the report nor the bundle says.
    public var day: String
    /// The scheduled date, YYYY-MM-DD, when known.
    public var date: String?
    /// done, fetched, failed, deferred, unsupported (from report.json), or missing / unreadable /
    /// not-made (the review's and the studio's own).
    public var status: Status
    /// Why the item is not done (the report's message), or what is wrong with its bundle.
    public var reason: String?
    /// Why a deferred item was put off (budget, provider-paused, stopping, …).
    public var deferral: String?
    /// The bundle's metadata.json; nil when the item has no (readable) bundle.
    public var metadata: BundleMetadata?
    /// caption.txt of the bundle.
    public var caption: String?
    public var costUSD: Double
    /// What `review --check` found on re-probing the bundle; nil when it did not run.
    public var recheck: [BundleMetadata.Check]?
    /// Where the bundle is close to what its series published in other weeks (the content memory).
    public var repeats: [String] = []
    /// Its approval and posts, from the publication journal; nil when the week is not published anywhere.
    public var sharing: Sharing? = nil

    public init(id: String, kind: Kind, day: String, date: String? = nil, status: Status, reason: String? = nil,
                deferral: String? = nil, costUSD: Double = 0) {
        self.id = id
        self.kind = kind
        self.day = day
        self.date = date
        self.status = status
        self.reason = reason
        self.deferral = deferral
        self.costUSD = costUSD
    }

    public var hasBundle: Bool { metadata != nil }
    public var title: String { metadata?.title ?? id }
    public var isDone: Bool { status == .done }

    /// Seconds of the bundle's video, else of its longest media file.
    public var duration: Double? {
        guard let files = metadata?.files else { return nil }
        if let video = files.first(where: { $0.name == "video.mp4" })?.media { return video.duration }
        return files.compactMap(\.media?.duration).max()
    }

    /// Bytes of every file the bundle lists.
    public var size: Int? { metadata.map { $0.files.reduce(0) { $0 + $1.size } } }

    /// Checks that failed when the bundle was made, then those that fail now.
    public var failedChecks: [BundleMetadata.Check] {
        (metadata?.checks ?? []).filter { !$0.passed } + (recheck ?? []).filter { !$0.passed }
    }

    /// Not done, done with a failing check, or close to an earlier week.
    public var needsAttention: Bool { !(isDone || status == .fetched) || !failedChecks.isEmpty || !repeats.isEmpty }
}
