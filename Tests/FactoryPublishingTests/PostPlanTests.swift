@testable import FactoryCore
@testable import FactoryPublishing
import Foundation
import Testing

/// What a publish decides for one item and platform, before anything is sent.
@Suite struct PostPlanTests {
    static let due = Date(timeIntervalSince1970: 1_800_000_000)
    static let item = Item(id: "mon", kind: Kind("poster"), day: .monday, date: "2027-01-15", format: .story, music: nil, musicVolume: 0.6,
                           quality: .standard, seed: nil, title: nil, caption: nil, hashtags: [], content: NoSpec())
    static func bundle(_ version: String = "v2", passed: Bool = true) -> PostableBundle {
        PostableBundle(item: "mon", folder: URL(fileURLWithPath: "/w/mon"), video: URL(fileURLWithPath: "/w/mon/video.mp4"), videoBytes: 10,
                       duration: 7, version: version, title: "T", caption: "C #x", hashtags: ["#x"], checksPassed: passed)
    }
    static func record(_ state: PostState, version: String = "v2", platform: Platform = .tiktok, id: Int64 = 1) -> PostRecord {
        PostRecord(id: id, week: "2027-W02", item: "mon", platform: platform, version: version, attempt: Int(id), state: state,
                   remoteId: state == .intent ? nil : "r\(id)", runId: "x", createdAt: "", updatedAt: "")
    }
    static let approved = Approval(week: "2027-W02", item: "mon", version: "v2", by: "ana", approvedAt: "")

    struct NoSpec: KindSpec {
        var renderWork: RenderWork { RenderWork(seconds: 7, fps: 30) }
    }

    func decide(bundle: PostableBundle? = PostPlanTests.bundle(), now: Date = PostPlanTests.due, approval: PublishSettings.Approval = .required,
                approved: Approval? = PostPlanTests.approved, journal: [PostRecord] = []) -> [PostPlan.Action] {
        PostPlan.decide(item: Self.item, platform: .tiktok, bundle: bundle, due: Self.due, now: now, approval: approval,
                        approved: approved, journal: journal).actions
    }

    @Test func anApprovedDueBundleIsPostedOnce() {
        #expect(decide() == [.post])
        #expect(decide(journal: [Self.record(.posted)]) == [.skip("posted")])
        // Another platform's post does not count.
        #expect(decide(journal: [Self.record(.posted, platform: .youtube)]) == [.post])
    }

    @Test func beforeItsTimeNothingIsPosted() {
        guard case .skip(let why) = decide(now: Self.due.addingTimeInterval(-60)).first else { Issue.record("posted early"); return }
        #expect(why.hasPrefix("due at "))
    }

    @Test func withoutApprovalOrWithAnOldApprovalNothingIsPosted() {
        #expect(decide(approved: nil) == [.skip("not approved (factory approve mon)")])
        #expect(decide(approved: Approval(week: "2027-W02", item: "mon", version: "v1", by: "ana", approvedAt: ""))
                == [.skip("regenerated since it was approved; approve the new version (factory approve mon)")])
        #expect(decide(approval: .auto, approved: nil) == [.post])
        #expect(decide(bundle: Self.bundle(passed: false)).first != .post)
        #expect(decide(bundle: nil) == [.skip("no bundle yet (run the week first)")])
    }

    @Test func aPostThatMayStillLandIsAskedAboutAndNeverBegunAgain() {
        for state in [PostState.intent, .started, .uploaded, .publishing] {
            let inFlight = Self.record(state)
            #expect(decide(journal: [inFlight]) == [.resume(inFlight)], "\(state)")
        }
        // An earlier version still in flight is asked about first; the new version then waits for it.
        let old = Self.record(.uploaded, version: "v1")
        #expect(decide(journal: [old]) == [.resume(old), .post])
    }

    @Test func aFailedPostIsPostedAgainAsANewAttempt() {
        #expect(decide(journal: [Self.record(.failed)]) == [.post])
        // A regenerated item posted before: the new version is posted once approved; the old one is left up.
        #expect(decide(journal: [Self.record(.posted, version: "v1")]) == [.post])
    }
}
