import ArgumentParser
import FactoryCore
import FactoryPublishing
import Foundation

extension FactoryCommand {
    /// `factory approve ITEM… [--week W]`: says which bundle versions may be posted.
    struct Approve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Approve items' bundles for posting (or --revoke an approval).",
            discussion: """
            An approval names the bundle's version (its video's sha256): a regenerated item is a new version and \
            is posted only when approved again; its earlier post stays up and is reported, never deleted. With \
            `publish: { approval: auto }` no approval is needed. The approvals live in the ledger's store \
            (<state>/ledger.sqlite, or PostgreSQL with --database), beside the publication journal.
            Exit codes: 0 done; 2 bad arguments, an unknown item, or an item without a finished bundle.
            """)

        @Argument(help: "The items' ids.")
        var items: [String]

        @Flag(help: "Withdraw the items' approvals instead.")
        var revoke = false

        @OptionGroup var options: ItemOptions



        @OptionGroup var week: WeekOption

        @OptionGroup var cluster: ClusterOptions

        func run() async throws {
            guard let first = items.first else { throw failure("name at least one item") }
            var location = try options.location(item: first, week: week).location
            let loaded = try location.loadManifest()
            location = try cluster.located(location, loaded)
            let unknown = items.filter { id in !loaded.items.contains { $0.id == id } }
            guard unknown.isEmpty else {
                throw failure("no item \(unknown.joined(separator: ", ")) in \(location.manifest); its items are "
                              + loaded.items.map(\.id).joined(separator: ", "))
            }
            let weekFolder = location.weekFolder(loaded)
            let who = ProcessInfo.processInfo.environment["USER"] ?? "factory"
            try await cluster.stores(loaded, location: location).with { stores in
                for id in items {
                    let week = loaded.week.description
                    if revoke {
                        let had = try await stores.posts.revoke(week: week, item: id)
                        say(had ? "revoked \(id) (\(week)): it is not posted until approved again" : "\(id) (\(week)) had no approval")
                        continue
                    }
                    let bundle: PostableBundle?
                    do { bundle = try PostableBundle.load(item: id, weekFolder: weekFolder) } catch { throw failure("\(error)") }
                    guard let bundle else {
                        throw failure("\(id) has no finished bundle in \(weekFolder.path); run the week (or regenerate \(id)) first")
                    }
                    if !bundle.checksPassed { printError("warning: \(id)'s bundle failed a check; it is approved but not posted until it passes") }
                    try await stores.posts.approve(week: week, item: id, version: bundle.version, by: who)
                    say("approved \(id) (\(week)), version \(bundle.version.prefix(12)): \"\(bundle.title)\"")
                }
            }
        }
    }
}
