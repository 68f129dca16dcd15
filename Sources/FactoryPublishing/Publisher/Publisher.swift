import FactoryCore
import Foundation

/// Posts a week's approved, finished bundles whose time has come, on each of their platforms,
/// driven by the journal: every post is recorded before its first byte and after each step, and
/// a post an earlier publish began is asked about (never begun again) until it closes.
public struct Publisher: Sendable {
    public var manifest: Manifest
    public var settings: PublishSettings
    public var weekFolder: URL
    public var journal: any PostJournal
    public var clients: [Platform: any PlatformClient]
    public var runId: String
    /// "Now" for what is due (`publish --at` moves it).
    public var now: Date
    public var only: Set<String> = []
    public var dryRun = false
    public var log: @Sendable (String) -> Void = { _ in }

    public init(manifest: Manifest, settings: PublishSettings, weekFolder: URL, journal: any PostJournal,
                clients: [Platform: any PlatformClient], runId: String, now: Date) {
        self.manifest = manifest
        self.settings = settings
        self.weekFolder = weekFolder
        self.journal = journal
        self.clients = clients
        self.runId = runId
        self.now = now
    }

    /// When `item` is due: its `post_at` (else `publish.at`) on its day, in the manifest's zone.
    public func due(_ item: Item) -> Date? {
        (item.publishing.postAt ?? settings.at).moment(on: item.date, in: manifest.timezone)
    }

    /// The platforms `item` goes to.
    public func platforms(_ item: Item) -> [Platform] {
        item.publishing.platforms ?? settings.platforms
    }

    /// Decides every item and platform, from the journal and approvals as they are now.
    public func plans() async throws -> [PostPlan] {
        let week = manifest.week.description
        let posts = try await journal.posts(week: week)
        let approvals = Dictionary(try await journal.approvals(week: week).map { ($0.item, $0) }, uniquingKeysWith: { a, _ in a })
        var plans: [PostPlan] = []
        for item in manifest.items where only.isEmpty || only.contains(item.id) {
            let bundle: PostableBundle?
            do {
                bundle = try PostableBundle.load(item: item.id, weekFolder: weekFolder)
            } catch {
                log("\(error)")
                bundle = nil
            }
            for platform in platforms(item) {
                plans.append(PostPlan.decide(item: item, platform: platform, bundle: bundle, due: due(item), now: now,
                                             approval: settings.approval, approved: approvals[item.id], journal: posts,
                                             zone: manifest.timezone))
            }
        }
        return plans
    }

    public func run() async throws -> PublishReport {
        var report = PublishReport()
        var stopped: [Platform: PublishReport.Line.Status] = [:]
        var reasons: [Platform: String] = [:]
        for plan in try await plans() {
            for action in plan.actions {
                let line: PublishReport.Line
                switch action {
                case .skip(let why):
                    line = .init(item: plan.item.id, platform: plan.platform, status: .skipped, detail: why)
                case .resume(let record):
                    line = dryRun ? .init(item: plan.item.id, platform: plan.platform, status: .planned,
                                          detail: "would ask \(plan.platform.title) about post \(record.remoteId ?? "(not begun)")")
                        : await resume(record, plan: plan, stopped: stopped[plan.platform])
                case .post:
                    if let status = stopped[plan.platform] {
                        line = .init(item: plan.item.id, platform: plan.platform, status: status == .credentials ? .credentials : .deferred,
                                     detail: reasons[plan.platform] ?? "held back")
                    } else if dryRun {
                        line = .init(item: plan.item.id, platform: plan.platform, status: .planned, detail: "would post now")
                    } else {
                        line = await post(plan)
                    }
                }
                if [.credentials, .deferred].contains(line.status), stopped[plan.platform] == nil {
                    // A cap or missing credentials holds for the rest of this publish: the others wait
                    // for the next, and say so without repeating the first one's refusal.
                    stopped[plan.platform] = line.status
                    reasons[plan.platform] = line.status == .credentials
                        ? "held back: \(plan.platform.title) has no usable credentials (see \(plan.item.id))"
                        : "held back: \(plan.platform.title) deferred \(plan.item.id) earlier in this publish; the next publish tries again"
                }
                log(PublishReport(lines: [line]).rendered())
                report.lines.append(line)
            }
        }
        return report
    }

    /// Begins a new post of the plan's bundle.
    func post(_ plan: PostPlan, replacing: Bool = true) async -> PublishReport.Line {
        guard let bundle = plan.bundle, let client = clients[plan.platform] else {
            return .init(item: plan.item.id, platform: plan.platform, status: .credentials, detail: "no client for \(plan.platform)")
        }
        let request: PostRequest
        do {
            request = try makeRequest(plan.item, bundle: bundle, platform: plan.platform, text: try await text(plan, bundle: bundle))
        } catch {
            return .init(item: plan.item.id, platform: plan.platform, status: .failed, detail: "\(error)")
        }
        let record: PostRecord
        do {
            record = try await journal.begin(week: manifest.week.description, item: plan.item.id, platform: plan.platform,
                                             version: bundle.version, runId: runId)
        } catch {
            return .init(item: plan.item.id, platform: plan.platform, status: .failed, detail: "cannot write the journal: \(error)")
        }
        return await carry(record, client: client, request: request, saved: nil, plan: plan, replacing: replacing)
    }

    /// Carries on with a post an earlier publish began.
    func resume(_ record: PostRecord, plan: PostPlan, stopped: PublishReport.Line.Status?) async -> PublishReport.Line {
        guard let bundle = plan.bundle, let client = clients[plan.platform] else {
            return .init(item: record.item, platform: record.platform, status: .credentials, detail: "no client for \(record.platform)")
        }
        if stopped == .credentials {
            return .init(item: record.item, platform: record.platform, status: .credentials, detail: "not asked: no usable credentials")
        }
        if record.version != bundle.version, record.state == .started || record.remoteId == nil {
            // Its bytes may not all have gone, and the bundle they came from was replaced: nothing of it can land whole.
            try? await journal.finish(record.id, state: .failed, remoteId: nil, url: nil,
                                      reason: "superseded by a regenerated version before its upload finished")
            return .init(item: record.item, platform: record.platform, status: .skipped,
                         detail: "an unfinished upload of an earlier version was dropped (the item was regenerated)")
        }
        let request: PostRequest
        do {
            request = try makeRequest(plan.item, bundle: bundle, platform: plan.platform, text: try await text(plan, bundle: bundle))
        } catch {
            return .init(item: record.item, platform: record.platform, status: .failed, detail: "\(error)")
        }
        let saved = record.remoteId == nil ? nil : SavedPost(remoteId: record.remoteId, details: record.details, step: PostStep(record.state))
        return await carry(record, client: client, request: request, saved: saved, plan: plan)
    }

    /// Runs the client on one journalled post and writes where it ended. Clients give the reason;
    /// the consequence ("the next publish …") is said here, once. An attempt the client abandons is
    /// closed and, once per publish, replaced by a new post of the same plan.
    func carry(_ record: PostRecord, client: any PlatformClient, request: PostRequest, saved: SavedPost?,
               plan: PostPlan, replacing: Bool = true) async -> PublishReport.Line {
        let line = { (status: PublishReport.Line.Status, detail: String, url: String?) in
            PublishReport.Line(item: record.item, platform: record.platform, status: status, detail: Secrets.redact(detail), url: url)
        }
        do {
            let outcome = try await client.post(request, saved: saved, progress: JournalProgress(journal: journal, id: record.id))
            switch outcome {
            case .posted(let remoteId, let url):
                try await journal.finish(record.id, state: .posted, remoteId: remoteId, url: url, reason: nil)
                let earlier = try await earlierPosts(of: record)
                let what = record.platform == .tiktok && request.tiktok.mode == .inbox
                    ? "in the creator's TikTok inbox (finish the post in the app)" : "posted"
                return line(.posted, earlier.isEmpty ? what : "\(what); the earlier version's post stays up: \(earlier)", url)
            case .processing(let detail):
                try await journal.note(record.id, "processing: \(detail)")
                return line(.processing, "\(detail); the next publish asks again", nil)
            case .failed(let reason):
                try await journal.finish(record.id, state: .failed, remoteId: nil, url: nil, reason: reason)
                return line(.failed, "\(reason); the next publish posts it again", nil)
            case .abandoned(let reason):
                try await journal.finish(record.id, state: .failed, remoteId: nil, url: nil, reason: reason)
                guard replacing else { return line(.failed, "\(reason); the next publish posts it again", nil) }
                var next = await post(plan, replacing: false)
                next.detail = Secrets.redact("\(reason), so it was closed and a new post begun: \(next.detail)")
                return next
            case .deferred(let reason):
                try await journal.note(record.id, "deferred: \(reason)")
                return line(.deferred, "\(reason); the next publish tries again", nil)
            }
        } catch let error as PublishError where error.code == .credentials {
            try? await journal.note(record.id, "credentials: \(error.message)")
            return line(.credentials, error.message, nil)
        } catch {
            try? await journal.note(record.id, "interrupted: \(error)")
            return line(.failed, "\(error); the journal keeps where it got, and the next publish asks \(record.platform.title) about it", nil)
        }
    }

    /// The text set by hand for this version of the item on the plan's platform, if any.
    func text(_ plan: PostPlan, bundle: PostableBundle) async throws -> PostText? {
        try await journal.texts(week: manifest.week.description).text(item: plan.item.id, version: bundle.version, platform: plan.platform)
    }

    /// Earlier versions of the item posted to the same platform (a regenerated item): reported, never deleted.
    func earlierPosts(of record: PostRecord) async throws -> String {
        try await journal.posts(week: record.week)
            .filter { $0.item == record.item && $0.platform == record.platform && $0.state == .posted && $0.version != record.version }
            .map { $0.url ?? $0.remoteId ?? "#\($0.id)" }.joined(separator: ", ")
    }
}
