import Foundation

/// Which items a run makes and where bundles go.
public struct RunOptions: Sendable {
    public var only: [String]
    public var day: Weekday?
    public var output: URL?

    public init(only: [String] = [], day: Weekday? = nil, output: URL? = nil) {
        self.only = only
        self.day = day
        self.output = output
    }
}

/// Runs the items of a manifest concurrently (overall limit and a render pool), each to a bundle;
/// a failed item is recorded and never stops the others.
public struct Runner: Sendable {
    public let manifest: Manifest
    public let providers: ProviderSet
    public let options: RunOptions
    public let log: @Sendable (String) -> Void

    public init(manifest: Manifest, providers: ProviderSet, options: RunOptions, log: @escaping @Sendable (String) -> Void) {
        self.manifest = manifest
        self.providers = providers
        self.options = options
        self.log = log
    }

    public var weekFolder: URL {
        (options.output ?? manifest.output).appendingPathComponent(manifest.week.description, isDirectory: true)
    }

    /// The items selected by `--only` and `--day`, in manifest order.
    public var selected: [Item] {
        manifest.items.filter { item in
            (options.only.isEmpty || options.only.contains(item.id)) && (options.day.map { $0 == item.day } ?? true)
        }
    }

    public func run() async throws -> RunReport {
        let started = Date()
        try FileManager.default.createDirectory(at: weekFolder, withIntermediateDirectories: true)
        let itemLimit = AsyncSemaphore(limit: manifest.concurrency.total)
        let renderLimit = AsyncSemaphore(limit: manifest.concurrency.render)
        let items = selected
        var outcomes: [String: ItemOutcome] = [:]
        await withTaskGroup(of: ItemOutcome.self) { group in
            for item in items {
                group.addTask {
                    await itemLimit.withPermit { await self.make(item, renderLimit: renderLimit) }
                }
            }
            for await outcome in group {
                outcomes[outcome.id] = outcome
                let cost = String(format: "$%.4f", outcome.costUSD)
                log("\(outcome.status.rawValue) \(outcome.id) (\(outcome.kind)) in \(String(format: "%.1f", outcome.seconds)) s, \(cost)"
                    + (outcome.message.map { ": \($0)" } ?? ""))
            }
        }
        try? FileManager.default.removeItem(at: weekFolder.appendingPathComponent(".staging"))
        let report = RunReport(week: manifest.week.description, manifest: manifest.file.path,
                               startedAt: ISO8601DateFormatter().string(from: started),
                               finishedAt: ISO8601DateFormatter().string(from: Date()),
                               seconds: Date().timeIntervalSince(started),
                               providers: ["text": providers.text.name, "image": providers.image.name],
                               items: items.compactMap { outcomes[$0.id] })
        let data = try BundleMetadata.encoder().encode(report)
        try data.write(to: weekFolder.appendingPathComponent("report.json"), options: .atomic)
        return report
    }

    func make(_ item: Item, renderLimit: AsyncSemaphore) async -> ItemOutcome {
        let started = Date()
        var outcome = ItemOutcome(id: item.id, kind: item.kind.rawValue, day: item.day.rawValue, status: .failed,
                                  message: nil, costUSD: 0, seconds: 0, bundle: nil)
        if let problems = manifest.itemProblems[item.id], !problems.isEmpty {
            outcome.message = "item \(item.id): " + problems.map(\.description).joined(separator: "; ")
            return outcome
        }
        guard case .poster(let spec) = item.content else {
            outcome.status = .unsupported
            outcome.message = "\(item.kind.rawValue) items are not supported by this version yet; the other items still run"
            return outcome
        }
        do {
            let writer = try BundleWriter(weekFolder: weekFolder, itemId: item.id)
            do {
                let job = PosterJob(item: item, spec: spec, manifest: manifest, providers: providers, writer: writer)
                let records = try await renderLimit.withPermit { try await job.run() }
                try writer.publish()
                outcome.status = .done
                outcome.costUSD = records.reduce(0) { $0 + $1.costUSD }
                outcome.bundle = writer.final.path
            } catch {
                writer.discard()
                throw error
            }
        } catch {
            outcome.message = "\(error)".hasPrefix("item ") ? "\(error)" : "item \(item.id): \(error)"
        }
        outcome.seconds = Date().timeIntervalSince(started)
        return outcome
    }
}
