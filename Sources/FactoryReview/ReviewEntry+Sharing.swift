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
                })
        }
        return copy
    }
}
