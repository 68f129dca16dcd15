import FactoryCore
import Foundation

extension ReviewEntry {
    /// An item's approval and where it was posted (docs/publishing.md).
    public struct Sharing: Sendable, Equatable {
        public struct Post: Sendable, Equatable {
            public var platform: Platform
            /// posted, processing, failed, … (`PostState`), with the version it carried.
            public var state: PostState
            public var url: String?
            public var reason: String?
            /// True when it carried the bundle as it is now (not an earlier version).
            public var current: Bool
        }

        /// nil: not approved; else whether the approval is for the bundle as it is now.
        public var approvedCurrent: Bool?
        public var approvedBy: String?
        public var posts: [Post]
        /// What each platform's post did, from the snapshots `factory stats --poll` recorded.
        public var figures: [Figures] = []

        /// One platform's latest figures and its views at each read.
        public struct Figures: Sendable, Equatable {
            public var platform: Platform
            public var latest: PostFigures
            public var views: [(Date, Double)]
            public var reason: String?

            public static func == (a: Figures, b: Figures) -> Bool {
                a.platform == b.platform && a.latest == b.latest && a.reason == b.reason
                    && a.views.map(\.0) == b.views.map(\.0) && a.views.map(\.1) == b.views.map(\.1)
            }

            /// Built from one post's snapshots, oldest first.
            public init?(_ platform: Platform, _ snapshots: [MetricSnapshot]) {
                guard let last = snapshots.last else { return nil }
                self.platform = platform
                latest = PostFigures(last)
                views = snapshots.compactMap { snapshot in
                    guard let views = PostFigures(snapshot).views, let at = ISO8601DateFormatter().date(from: snapshot.fetchedAt) else { return nil }
                    return (at, views)
                }
                reason = last.reason
            }
        }

        /// "approved", "approved (earlier version)" or "not approved".
        public var approvalText: String {
            switch approvedCurrent {
            case nil: "not approved"
            case true?: "approved" + (approvedBy.map { " by \($0)" } ?? "")
            case false?: "approved an earlier version; approve again"
            }
        }

        /// One line per platform: its latest post's state and link.
        public var postLines: [String] {
            Platform.allCases.compactMap { platform in
                guard let post = posts.last(where: { $0.platform == platform }) else { return nil }
                let version = post.current ? "" : " (earlier version)"
                let link = post.url.map { " \($0)" } ?? ""
                let why = post.state == .failed ? post.reason.map { ": \($0)" } ?? "" : ""
                return "\(platform.title): \(post.state.rawValue)\(version)\(why)\(link)"
            }
        }
    }
}

extension WeekReview {
    /// Each entry with its approval and posts from `journal` (unchanged when the journal cannot be read).
    public func shared(journal: any PostJournal) async -> WeekReview {
        guard let posts = try? await journal.posts(week: week), let approvals = try? await journal.approvals(week: week),
              !posts.isEmpty || !approvals.isEmpty else { return self }
        let snapshots = (try? await journal.snapshots(week: week)) ?? []
        var copy = self
        for index in copy.entries.indices {
            let entry = copy.entries[index]
            let version = entry.metadata?.files.first { $0.name == "video.mp4" }?.sha256
            let approval = approvals.first { $0.item == entry.id }
            copy.entries[index].sharing = ReviewEntry.Sharing(
                approvedCurrent: approval.map { $0.version == version },
                approvedBy: approval?.by,
                posts: posts.filter { $0.item == entry.id }.map {
                    .init(platform: $0.platform, state: $0.state, url: $0.url, reason: $0.reason, current: $0.version == version)
                },
                figures: Platform.allCases.compactMap { platform in
                    ReviewEntry.Sharing.Figures(platform, snapshots.filter { $0.item == entry.id && $0.platform == platform }
                        .sorted { $0.fetchedAt < $1.fetchedAt })
                })
        }
        return copy
    }
}
