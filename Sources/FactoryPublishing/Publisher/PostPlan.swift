import FactoryCore
import Foundation

/// What one publish should do for one item on one platform, decided from the manifest, the
/// bundle, the approvals and the journal, before anything is sent. `Publisher` carries it out.
public struct PostPlan: Sendable {
    public enum Action: Sendable, Equatable {
        /// Ask the platform about a post an earlier publish began (it may still land), then close it.
        case resume(PostRecord)
        /// Begin a new post of the current version.
        case post
        /// Nothing to do, and why (posted already, not due, not approved, no bundle…).
        case skip(String)
    }

    public var item: Item
    public var platform: Platform
    public var bundle: PostableBundle?
    public var due: Date?
    public var actions: [Action]

    /// Decides for one item and platform. In-flight posts of any version are resumed first; the
    /// current version is posted only when due, approved (unless approval is `auto`), and not
    /// posted or in flight already. A post that failed is posted again as a new attempt.
    public static func decide(item: Item, platform: Platform, bundle: PostableBundle?, due: Date?, now: Date,
                              approval: PublishSettings.Approval, approved: Approval?, journal: [PostRecord],
                              zone: TimeZone = TimeZone(identifier: "UTC")!) -> PostPlan {
        let mine = journal.filter { $0.item == item.id && $0.platform == platform }
        var actions = mine.filter(\.state.inFlight).map(Action.resume)
        let current = bundle.map { bundle in mine.filter { $0.version == bundle.version } } ?? []
        let plan = { PostPlan(item: item, platform: platform, bundle: bundle, due: due, actions: actions) }
        guard let bundle else {
            actions.append(.skip("no bundle yet (run the week first)"))
            return plan()
        }
        if current.contains(where: { $0.state == .posted }) {
            actions.append(.skip("posted"))
            return plan()
        }
        if current.contains(where: \.state.inFlight) { return plan() }
        guard bundle.checksPassed else {
            actions.append(.skip("its bundle failed a check; see `factory review --check`"))
            return plan()
        }
        guard let due else {
            actions.append(.skip("its day has no date"))
            return plan()
        }
        guard now >= due else {
            actions.append(.skip("due at \(Self.stamp(due, zone: zone))"))
            return plan()
        }
        if approval == .required {
            guard let approved else {
                actions.append(.skip("not approved (factory approve \(item.id))"))
                return plan()
            }
            guard approved.version == bundle.version else {
                actions.append(.skip("regenerated since it was approved; approve the new version (factory approve \(item.id))"))
                return plan()
            }
        }
        actions.append(.post)
        return plan()
    }

    /// "2026-11-29 18:00 America/New_York (23:00Z)": the manifest's local time, and UTC.
    static func stamp(_ date: Date, zone: TimeZone) -> String {
        let local = DateFormatter(), utc = DateFormatter()
        local.locale = Locale(identifier: "en_US_POSIX")
        local.timeZone = zone
        local.dateFormat = "yyyy-MM-dd HH:mm"
        utc.locale = local.locale
        utc.timeZone = TimeZone(identifier: "UTC")
        utc.dateFormat = "HH:mm"
        return "\(local.string(from: date)) \(zone.identifier) (\(utc.string(from: date))Z)"
    }
}
