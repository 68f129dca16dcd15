import FactoryCore
import FactoryImaging
import FactoryKinds
import FactoryProviders
import FactoryReview
import FactoryTesting
import Foundation
import Synchronization
import Testing

/// A fifth kind registered through its descriptor alone (`NoteCardKind` in FactoryTesting): the
/// loader decodes it, the planner plans it, the runner makes it offline, the review and the gallery
/// show it with its own filter and colour, and the content memory keeps its notes across weeks,
/// with no line of Core, the loader, the planner, the review or the memory naming it.
@Suite struct TestKindTests {
    static let manifest = """
        version: 1
        week: 2026-W48
        defaults:
          note-card: { prompt: "a lighthouse at dusk" }
        items:
          - { id: mon-poster, kind: poster, day: monday, series: monday-motivation, quote: "Begin where you are." }
          - { id: tue-card, kind: note-card, day: tuesday, note: "Water the plants" }
        """

    @Test func itDecodesWithItsDefaultsAndOnlyWhenRegistered() throws {
        let folder = try TemporaryFolder("test-kind")
        let path = try folder.write(Self.manifest, to: "week.yaml")
        let manifest = try ManifestLoader.load(path: path, kinds: NoteCardKind.registry)
        let card = try #require(manifest.items.first { $0.id == "tue-card" })
        #expect(card.kind == .noteCard)
        #expect(card.spec(NoteCardSpec.self)?.note == "Water the plants")
        #expect(card.spec(NoteCardSpec.self)?.prompt == "a lighthouse at dusk", "defaults.note-card applies to the kind")
        #expect(card.reasoning.effort == .low, "the descriptor's text effort")
        #expect(manifest.items.first?.spec(PosterSpec.self)?.quote == "Begin where you are.")

        // Without the registration the kind is unknown, and said so at its key with the kinds there are.
        let error = try #require(throws: ManifestError.self) { try ManifestLoader.load(path: path, kinds: StandardKinds.registry) }
        let text = error.problems.map(\.description).joined(separator: "\n")
        #expect(text.contains("\"note-card\" is not a kind"), "\(text)")
        #expect(text.contains("poster") && text.contains("bedtime-story"), "\(text)")
    }

    @Test func aMistypedKeyOfTheNewKindIsCaughtWithASuggestion() throws {
        let folder = try TemporaryFolder("test-kind")
        let path = try folder.write(Self.manifest.replacingOccurrences(of: "note: \"Water", with: "nott: \"Water"), to: "week.yaml")
        let error = try #require(throws: ManifestError.self) { try ManifestLoader.load(path: path, kinds: NoteCardKind.registry) }
        let text = error.problems.map(\.description).joined(separator: "\n")
        #expect(text.contains("items[1].nott") && text.contains("did you mean \"note\""), "\(text)")
    }

    @Test func itPlansRunsOfflineAndIsReviewed() async throws {
        let folder = try TemporaryFolder("test-kind")
        let path = try folder.write(Self.manifest, to: "week.yaml")
        let manifest = try ManifestLoader.load(path: path, kinds: NoteCardKind.registry)
        let output = folder.url.appendingPathComponent("out")
        let providers = ProviderSet(text: OfflineTextProvider(kinds: StandardKinds.registry), image: OfflineImageProvider(kinds: NoteCardKind.registry))
        let runner = Runner(manifest: manifest, providers: providers, kinds: NoteCardKind.registry,
                            options: RunOptions(output: output), log: { _ in })

        // Estimate: the same job, asked for the request it would send.
        let plan = runner.plan(cache: nil, committed: (today: "2026-11-24", day: 0, week: 0))
        let stages = plan.stages.filter { $0.item == "tue-card" }
        #expect(stages.map(\.stage) == ["image"] && stages.allSatisfy { $0.kind == .noteCard && $0.status == .free }, "\(stages)")

        // Run offline: a bundle with the card at the format's size.
        let report = try await runner.run()
        let outcome = try #require(report.items.first { $0.id == "tue-card" })
        #expect(outcome.status == .done, "\(outcome.message ?? "")")
        let bundle = output.appendingPathComponent("2026-W48/tue-card")
        let card = try Image.load(path: bundle.appendingPathComponent("card.png").path)
        #expect((card.width, card.height) == (1080, 1920))
        // Its picture is its own offline art, found by the offline image provider through the descriptor.
        let mean = try card.pixels().mean(x: 0, y: 0, width: card.width, height: card.height)
        let colour = NoteCardKind.offlineColour
        #expect(abs(mean.r - Double(colour.r)) < 2 && abs(mean.g - Double(colour.g)) < 2 && abs(mean.b - Double(colour.b)) < 2, "\(mean)")
        #expect(try String(contentsOf: bundle.appendingPathComponent("caption.txt"), encoding: .utf8) == "Water the plants\n")

        // Review: read like any bundle, and its files re-checked.
        let review = try WeekReview.load(folder: output.appendingPathComponent("2026-W48"))
        let entry = try #require(review.entries.first { $0.id == "tue-card" })
        #expect(entry.kind == "note-card" && entry.status == .done && entry.title == "Water the plants")
        let rechecked = BundleCheck.check(entry, weekFolder: review.folder, kinds: NoteCardKind.registry)
        #expect(!rechecked.isEmpty && rechecked.allSatisfy(\.passed), "\(rechecked)")
        #expect(entry.failedChecks.isEmpty)

        // The gallery: its own filter, labelled and coloured by its descriptor, beside the poster's.
        let html = GalleryPage.html(review, kinds: NoteCardKind.registry)
        #expect(html.contains("data-filter=\"note-card\"><i class=\"swatch kind-note-card\"></i>Note cards <span>1</span>"), "\(html)")
        #expect(html.contains("data-filter=\"poster\"><i class=\"swatch kind-poster\"></i>Posters <span>1</span>"))
        #expect(html.contains(".card.kind-note-card{border-top-color:\(NoteCardKind.offlineHex)} .swatch.kind-note-card{background:\(NoteCardKind.offlineHex)}"))
        #expect(html.contains("<article class=\"card kind-note-card\"") || html.contains("class=\"card kind-note-card"), "its card carries its kind's class")
        #expect(html.contains("<span class=\"chip kind\">note card</span>"))
        // A registry without it gives it no filter and no colour: they come from the descriptor alone.
        let standard = GalleryPage.html(review, kinds: StandardKinds.registry)
        #expect(!standard.contains("data-filter=\"note-card\"") && !standard.contains(".card.kind-note-card{"))
        #expect(standard.contains("data-filter=\"poster\""))
    }

    /// The kind reports a failed check and does nothing else about it: the runner keeps what was
    /// made in the quarantine with the reason, publishes nothing, and lets the rest of the week go on.
    @Test func aFailedCheckIsQuarantinedByTheRunnerNotTheKind() async throws {
        let folder = try TemporaryFolder("test-kind")
        let long = String(repeating: "Water the plants, ", count: 8)
        let path = try folder.write(Self.manifest.replacingOccurrences(of: "note: \"Water the plants\"", with: "note: \"\(long)\""),
                                    to: "week.yaml")
        let output = folder.url.appendingPathComponent("out")
        func run(_ path: String) async throws -> RunReport {
            let manifest = try ManifestLoader.load(path: path, kinds: NoteCardKind.registry)
            let providers = ProviderSet(text: OfflineTextProvider(kinds: StandardKinds.registry), image: OfflineImageProvider(kinds: NoteCardKind.registry))
            return try await Runner(manifest: manifest, providers: providers, kinds: NoteCardKind.registry,
                                    options: RunOptions(output: output), log: { _ in }).run()
        }
        let report = try await run(path)
        let card = try #require(report.items.first { $0.id == "tue-card" })
        let week = output.appendingPathComponent("2026-W48")
        let kept = QuarantineFolder.item("tue-card", in: week)
        #expect(card.status == .failed)
        #expect(card.message == "item tue-card: check note-length failed: \(long.count) characters; a card's note is at most 120, shorten it; quarantined in \(kept.path)",
                "\(card.message ?? "")")
        #expect(!FileManager.default.fileExists(atPath: week.appendingPathComponent("tue-card").path), "nothing is published")
        #expect(report.items.first { $0.id == "mon-poster" }?.status == .done, "the rest of the week goes on")
        // What was made is kept, with every failed check named.
        #expect(FileManager.default.fileExists(atPath: kept.appendingPathComponent("card.png").path))
        #expect(FileManager.default.fileExists(atPath: kept.appendingPathComponent("metadata.json").path))
        let reason = try String(contentsOf: kept.appendingPathComponent("reason.txt"), encoding: .utf8)
        #expect(reason.hasPrefix("item tue-card (note-card) was not published: note-length: \(long.count) characters"), "\(reason)")
        #expect(reason.contains("\n- note-length: ") && !reason.contains("card-size"), "\(reason)")
        let staging = (try? FileManager.default.contentsOfDirectory(atPath: week.appendingPathComponent(".staging").path)) ?? []
        #expect(staging.isEmpty, "the staging copy is gone: \(staging)")

        // Mended, the card is published and its quarantine cleared.
        let mended = try await run(try folder.write(Self.manifest, to: "week.yaml"))
        #expect(mended.items.first { $0.id == "tue-card" }?.status == .done)
        #expect(!FileManager.default.fileExists(atPath: kept.path))
    }

    /// The offline image painter, slowed for one item: its fetch ends `delay` after it began.
    struct DelayedImages: ImageProvider {
        let inner: any ImageProvider
        let item: String
        let delay: Duration
        var isPaid: Bool { false }
        var name: String { inner.name }
        func generate(_ request: ImageRequest, context: CallContext) async throws -> GeneratedImage {
            if context.item == item { try await Task.sleep(for: delay) }
            return try await inner.generate(request, context: context)
        }
    }

    /// All-local fetches (the offline voice among them) go first: a render starts once every item
    /// has fetched, and what the providers kept warm for the fetches is let go once, before the
    /// run ends. With live providers a render starts as soon as its own item has fetched.
    @Test(arguments: [true, false])
    func rendersWaitForEveryFetchWhenFetchesAreLocal(fetchesFirst: Bool) async throws {
        let folder = try TemporaryFolder("fetches-first")
        let path = try folder.write(Self.manifest + "\n  - { id: wed-card, kind: note-card, day: wednesday, note: \"Call Ana\" }\n",
                                    to: "week.yaml")
        let manifest = try ManifestLoader.load(path: path, kinds: NoteCardKind.registry)
        let released = Mutex(0)
        let slow = Duration.seconds(5)
        var providers = ProviderSet(text: OfflineTextProvider(kinds: StandardKinds.registry),
                                    image: DelayedImages(inner: OfflineImageProvider(kinds: NoteCardKind.registry), item: "wed-card", delay: slow),
                                    fetchesDone: { released.withLock { $0 += 1 } })
        providers.fetchesFirst = fetchesFirst
        let report = try await Runner(manifest: manifest, providers: providers, kinds: NoteCardKind.registry,
                                      options: RunOptions(only: ["tue-card", "wed-card"], output: folder.url.appendingPathComponent("out")),
                                      log: { _ in }).run()
        #expect(report.items.map(\.status) == [.done, .done], "\(report.items.map { $0.message ?? "" })")
        #expect(released.withLock { $0 } == 1, "let go once, when both had fetched")
        let quick = try #require(report.items.first { $0.id == "tue-card" })
        if fetchesFirst {
            #expect(quick.seconds >= 5, "tue-card rendered after wed-card's 5 s fetch: \(quick.seconds) s")
        } else {
            #expect(quick.seconds < 5, "tue-card did not wait for wed-card: \(quick.seconds) s")
        }
    }

    /// The kinds it makes jobs for, as given, noting how many renders each job was told run at once.
    final class CountingKinds: KindFactory {
        let inner: any KindFactory
        let seen = Mutex<[String: Int]>([:])
        init(inner: any KindFactory) { self.inner = inner }
        func job(for item: Item, in context: KindContext) -> any KindJob {
            seen.withLock { $0[item.id] = context.rendersAtOnce }
            return inner.job(for: item, in: context)
        }
    }

    /// A job learns how many renders share the cores with it: the run's `concurrency.render`, at
    /// most as many as the run has items (a lone item's encoder keeps every core).
    @Test(arguments: [(2, [String](), 2), (2, ["tue-card"], 1), (4, [], 3), (1, [], 1)])
    func jobsAreToldHowManyRendersShareTheCores(render: Int, only: [String], expected: Int) async throws {
        let folder = try TemporaryFolder("renders-at-once")
        let path = try folder.write(Self.manifest.replacingOccurrences(of: "week: 2026-W48\n", with: "week: 2026-W48\nconcurrency: { render: \(render) }\n")
                                    + "\n  - { id: wed-card, kind: note-card, day: wednesday, note: \"Call Ana\" }\n", to: "week.yaml")
        let manifest = try ManifestLoader.load(path: path, kinds: NoteCardKind.registry)
        #expect(manifest.concurrency.render == render)
        let kinds = CountingKinds(inner: NoteCardKind.registry)
        let providers = ProviderSet(text: OfflineTextProvider(kinds: StandardKinds.registry), image: OfflineImageProvider(kinds: NoteCardKind.registry))
        _ = try await Runner(manifest: manifest, providers: providers, kinds: kinds,
                             options: RunOptions(only: only, output: folder.url.appendingPathComponent("out"), skipRender: true),
                             log: { _ in }).run()
        let seen = kinds.seen.withLock { $0 }
        #expect(Set(seen.keys) == Set(only.isEmpty ? ["mon-poster", "tue-card", "wed-card"] : only))
        #expect(seen.values.allSatisfy { $0 == expected }, "\(seen)")
    }

    @Test func itIsRememberedAcrossWeeksThroughItsDescriptor() async throws {
        let folder = try TemporaryFolder("test-kind")
        let path = try folder.write(Self.manifest, to: "week.yaml")
        let store = MemoryContentStore()
        let output = folder.url.appendingPathComponent("out")
        let kinds = NoteCardKind.registry
        let providers = ProviderSet(text: OfflineTextProvider(kinds: kinds), image: OfflineImageProvider(kinds: kinds))
        var reports: [RunReport] = []
        for week in [ISOWeek(year: 2026, week: 48), ISOWeek(year: 2026, week: 49)] {
            let manifest = try ManifestLoader.load(path: path, kinds: kinds, week: week, clock: .day(year: 2026, month: 1, day: 1))
            let memory = try await RunMemory.open(store: store, week: week, weeks: 12, runId: "\(week)", fields: kinds.memoryFields)
            if week.week == 49 {
                // Week 48's note is read back by name and resolved to the kind's own checked field.
                let earlier = memory.published(series: "note-card")
                #expect(earlier.contains { $0.field == .note && $0.field.checked && $0.text == "Water the plants" && $0.week == "2026-W48" }, "\(earlier)")
            }
            reports.append(try await Runner(manifest: manifest, providers: providers, kinds: kinds, options: RunOptions(output: output),
                                            log: { _ in }, memory: memory).run())
        }
        #expect(reports.allSatisfy { $0.items.allSatisfy { $0.status == .done } }, "\(reports.map(\.items))")
        // Its notes and pictures are kept under its own name as a series, week by week.
        let history = try await store.history(series: "note-card", from: nil, to: nil)
        #expect(history.filter { $0.field == .note }.map(\.week) == ["2026-W48", "2026-W49"], "\(history)")
        #expect(history.filter { $0.field == .imagePrompt }.count == 2 && history.allSatisfy { $0.kind == .noteCard })
        #expect(kinds.memorySeries.contains("note-card") && !StandardKinds.registry.memorySeries.contains("note-card"))
        // The fixed note repeats week 48's: allowed, and said on the item's line.
        let notes = reports[1].items.first { $0.id == "tue-card" }?.notes ?? []
        #expect(notes.contains { $0.hasPrefix("allowed repeat: the note \"Water the plants\" is fixed in the manifest and repeats 2026-W48 tue-card") }, "\(notes)")
    }

    @Test func itsNoteIsWrittenOfflineFromTheManifestsLibraryThroughItsDescriptor() async throws {
        let folder = try TemporaryFolder("test-kind")
        try folder.write("{ \"notes\": [\"Breathe in the sea air\", \"Count three boats\"] }", to: "lib/notes/sea.json")
        let path = try folder.write("""
            version: 1
            week: 2026-W48
            library: lib/
            items:
              - { id: wed-card, kind: note-card, day: wednesday, prompt: "a harbour at noon" }
            """, to: "week.yaml")
        let manifest = try ManifestLoader.load(path: path, kinds: NoteCardKind.registry)
        // The `notes/` section is the test kind's shelf: without its registration it is no section.
        let stray = try #require(throws: ManifestError.self) {
            try ContentLibrary.load(manifest.library, manifestFolder: folder.url, kinds: StandardKinds.registry)
        }
        #expect(stray.problems.map(\.description).contains { $0.contains("lib/notes: is not a library section") }, "\(stray)")

        let library = try ContentLibrary.load(manifest.library, manifestFolder: folder.url, kinds: NoteCardKind.registry)
        let output = folder.url.appendingPathComponent("out")
        let providers = ProviderSet(text: OfflineTextProvider(library: library, kinds: NoteCardKind.registry), image: OfflineImageProvider(kinds: StandardKinds.registry))
        let runner = Runner(manifest: manifest, providers: providers, kinds: NoteCardKind.registry,
                            options: RunOptions(output: output), log: { _ in })
        let plan = runner.plan(cache: nil, committed: (today: "2026-11-25", day: 0, week: 0))
        #expect(plan.stages.map(\.stage) == ["text", "image"], "\(plan.stages)")

        let report = try await runner.run()
        let outcome = try #require(report.items.first)
        #expect(outcome.status == .done, "\(outcome.message ?? "")")
        let caption = try String(contentsOf: output.appendingPathComponent("2026-W48/wed-card/caption.txt"), encoding: .utf8)
        #expect(["Breathe in the sea air\n", "Count three boats\n"].contains(caption), "\(caption)")

        // The offline provider built with the standard kinds has no writer for it, and says so.
        let standard = OfflineTextProvider(library: library, kinds: StandardKinds.registry)
        let refused = await #expect(throws: FactoryError.self) {
            try await standard.write(NoteBrief(prompt: "x", seed: 1).request, context: CallContext(item: "wed-card", stage: "text", gateway: nil))
        }
        #expect(refused?.description.contains("no writer for note-card text") == true, "\(String(describing: refused))")
    }
}
