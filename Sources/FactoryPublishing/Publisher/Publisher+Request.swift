import FactoryCore
import Foundation

extension Publisher {
    /// The post of `bundle` on `platform`: its texts within the platform's limits (a generated
    /// title too long for YouTube is cut at a word; a caption too long fails before any byte). A
    /// text set by hand for this version on this platform (`factory caption`, the studio) wins.
    func makeRequest(_ item: Item, bundle: PostableBundle, platform: Platform, text: PostText? = nil) throws -> PostRequest {
        var title = text?.title ?? bundle.title
        if let max = PostingRules.limits(platform).title, title.count > max {
            title = Self.cut(title, to: max)
        }
        let caption = text?.caption ?? bundle.caption
        let problems = PostingRules.problems(platform, title: title, caption: caption, hashtags: [])
        guard problems.isEmpty else {
            throw PublishError(.input, platform: platform, "item \(item.id): \(problems.joined(separator: "; ")) "
                               + (text == nil ? "(caption.txt); edit the caption with `factory caption`" : "(the text set by hand); set it again")
                               + " or leave \(platform) out of the item's publish:")
        }
        var youtube = settings.youtube
        youtube.madeForKids = item.publishing.madeForKids ?? settings.youtube.madeForKids ?? (item.forChildren ? nil : false)
        if platform == .youtube, youtube.madeForKids == nil {
            throw PublishError(.input, platform: platform, "item \(item.id) is for children: set publish.youtube.made_for_kids (validate says so too)")
        }
        return PostRequest(item: item.id, video: bundle.video, videoBytes: bundle.videoBytes, durationSeconds: bundle.duration,
                           title: title, caption: caption, hashtags: text.map { PostingRules.hashtags(in: $0.caption) } ?? bundle.hashtags,
                           aiDisclosure: settings.aiDisclosure,
                           tiktok: settings.tiktok, youtube: youtube, instagram: settings.instagram)
    }

    /// `text` cut to at most `limit` characters at a word boundary, with an ellipsis.
    static func cut(_ text: String, to limit: Int) -> String {
        let head = String(text.prefix(limit - 1))
        let word = head.lastIndex(of: " ").map { String(head[..<$0]) } ?? head
        return word.trimmingCharacters(in: .whitespaces) + "…"
    }
}
