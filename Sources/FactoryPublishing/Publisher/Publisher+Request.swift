import FactoryCore
import Foundation

extension Publisher {
    /// The post of `bundle` on `platform`: its texts within the platform's limits (a generated
    /// title too long for YouTube is cut at a word; a caption too long fails before any byte).
    func makeRequest(_ item: Item, bundle: PostableBundle, platform: Platform) throws -> PostRequest {
        var title = bundle.title
        if let max = PostingRules.limits(platform).title, title.count > max {
            title = Self.cut(title, to: max)
        }
        let problems = PostingRules.problems(platform, title: title, caption: bundle.caption, hashtags: [])
        guard problems.isEmpty else {
            throw PublishError(.input, platform: platform, "item \(item.id): \(problems.joined(separator: "; ")) (caption.txt); "
                               + "edit the caption or leave \(platform) out of the item's publish:")
        }
        var youtube = settings.youtube
        youtube.madeForKids = item.publishing.madeForKids ?? settings.youtube.madeForKids ?? (item.forChildren ? nil : false)
        if platform == .youtube, youtube.madeForKids == nil {
            throw PublishError(.input, platform: platform, "item \(item.id) is for children: set publish.youtube.made_for_kids (validate says so too)")
        }
        return PostRequest(item: item.id, video: bundle.video, videoBytes: bundle.videoBytes, durationSeconds: bundle.duration,
                           title: title, caption: bundle.caption, hashtags: bundle.hashtags, aiDisclosure: settings.aiDisclosure,
                           tiktok: settings.tiktok, youtube: youtube, instagram: settings.instagram)
    }

    /// `text` cut to at most `limit` characters at a word boundary, with an ellipsis.
    static func cut(_ text: String, to limit: Int) -> String {
        let head = String(text.prefix(limit - 1))
        let word = head.lastIndex(of: " ").map { String(head[..<$0]) } ?? head
        return word.trimmingCharacters(in: .whitespaces) + "…"
    }
}
