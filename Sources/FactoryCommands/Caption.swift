import ArgumentParser
import FactoryCore
import FactoryPublishing
import Foundation

extension FactoryCommand {
    /// `factory caption ITEM --platform P --caption TEXT [--title T]`: the text one platform gets.
    struct Caption: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Set the text an item is posted with on one platform (the studio's editor does the same).",
            discussion: """
            The text is kept with the bundle's version in the journal's store (<state>/ledger.sqlite, or PostgreSQL \
            with --database), never written into the bundle; `publish` posts it instead of caption.txt (and, on \
            YouTube, the title). It is checked against the platform's limits as `validate` checks captions. An \
            approval covers the video and its text, so setting a text withdraws the item's approval: approve again. \
            A regenerated item is a new version and starts from its own caption.
            Exit codes: 0 done; 2 bad arguments, an unknown item, no finished bundle, or a text past the platform's limits.
            """)

        @Argument(help: "The item's id.")
        var item: String

        @Option(help: "tiktok, youtube or instagram.")
        var platform: String

        @Option(help: "The caption (TikTok's and Instagram's text, YouTube's description), hashtags included.")
        var caption: String

        @Option(help: "YouTube's title (YouTube only).")
        var title: String?

        @OptionGroup var options: ItemOptions



        @OptionGroup var week: WeekOption

        @OptionGroup var cluster: ClusterOptions

        func run() async throws {
            guard let target = Platform(rawValue: platform.lowercased()) else {
                throw failure("--platform \(platform): use tiktok, youtube or instagram")
            }
            if title != nil, target != .youtube { throw failure("--title is YouTube's; \(target.title) posts the caption only") }
            var location = try options.location(item: item, week: week).location
            let loaded = try location.loadManifest()
            location = try cluster.located(location, loaded)
            guard loaded.items.contains(where: { $0.id == item }) else {
                throw failure("no item \(item) in \(location.manifest); its items are " + loaded.items.map(\.id).joined(separator: ", "))
            }
            let text = caption.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !text.isEmpty else { throw failure("\(item): --caption is empty; give the text to post") }
            let problems = PostingRules.problems(target, title: title, caption: text, hashtags: [])
            guard problems.isEmpty else { throw failure("\(item): \(problems.joined(separator: "; ")); shorten it") }
            let weekFolder = location.weekFolder(loaded)
            let bundle: PostableBundle?
            do { bundle = try PostableBundle.load(item: item, weekFolder: weekFolder) } catch { throw failure("\(error)") }
            guard let bundle else {
                throw failure("\(item) has no finished bundle in \(weekFolder.path); run the week (or regenerate \(item)) first")
            }
            let who = ProcessInfo.processInfo.environment["USER"] ?? "factory"
            let weekName = loaded.week.description
            try await cluster.stores(loaded, location: location).with { stores in
                try await stores.posts.setText(PostText(week: weekName, item: item, version: bundle.version, platform: target,
                                                        title: title, caption: text, by: who))
                say("set \(item)'s \(target.title) text (\(text.count) characters) for version \(bundle.version.prefix(12))")
                if try await stores.posts.revoke(week: weekName, item: item) {
                    say("withdrew \(item)'s approval: an approval covers the video and its text; approve it again")
                }
            }
        }
    }
}
