import FactoryCore
import FactoryKinds
import FactoryProviders
import FactoryTesting
import Foundation
import Testing

/// A standing manifest made for twelve consecutive weeks (`--week`) with the offline writers and
/// the content memory in a ledger file: the real runner, kinds, writers and checks, with the render
/// replaced by a file that lists what the bundle says (a week of video renders in a debug build
/// takes minutes; the end-to-end tests render real weeks through the `factory` binary).
@Suite struct TwelveWeeksTests {
    static let manifest = """
    version: 1
    week: auto
    timezone: America/New_York
    output: out
    items:
      - { id: mon, kind: poster, day: monday, series: monday-motivation, format: square, prompt: "a hill at dawn" }
      - { id: wed, kind: poster, day: wednesday, series: wednesday-wisdom, format: square, prompt: "a stone on a beach" }
      - { id: thu, kind: poster, day: thursday, series: thursday-therapy, format: square, prompt: "linen curtains",
          quote: "Rest is part of the work." }
      - { id: tue-chat, kind: chat-story, day: tuesday, genre: mystery, mood: scary, length: short,
          prompt: "my roommate keeps texting me from inside the apartment" }
      - { id: fri-chat, kind: chat-story, day: friday, genre: romance, mood: funny, length: short,
          prompt: "a wrong-number text turns into a first date" }
      - { id: wed-recipe, kind: recipe-video, day: wednesday, template: snap-reveal, prompt: "egg fried rice with leftover rice" }
      - { id: sat-bedtime, kind: bedtime-story, day: saturday, theme: "an evening in the forest", length_minutes: 2,
          hero: { name: Mia, age: 5, appearance: "curly red hair and a yellow raincoat", traits: [brave, curious] },
          companion: "a sleepy owl named Hoot" }
    """

    /// The kinds' own jobs, with a render that writes `said.json` (what the memory records) instead of media.
    struct TextOnlyKinds: KindFactory {
        func job(for item: Item, in context: KindContext) -> any KindJob { Self.wrap(StandardKinds.registry.job(for: item, in: context)) }
        static func wrap<Job: KindJob>(_ job: Job) -> any KindJob { TextOnlyJob(inner: job) }
    }

    struct TextOnlyJob<Inner: KindJob>: KindJob {
        let inner: Inner
        var item: Item { inner.item }
        func fetch(context: CallContext) async throws -> (Inner.Assets, [GenerationRecord]) {
            try await inner.fetch(context: context)
        }
        func render(_ assets: Inner.Assets, records: [GenerationRecord], into writer: BundleWriter) async throws -> [QualityCheck] {
            let said = inner.remembered(assets).map { ["field": $0.field.rawValue, "text": $0.text] }
            try writer.write(String(decoding: try JSONSerialization.data(withJSONObject: said, options: [.sortedKeys]), as: UTF8.self),
                             to: "said.json")
            return []
        }
        func plan(_ planner: Planner) throws -> [PlannedStage] { try inner.plan(planner) }
        func remembered(_ assets: Inner.Assets) -> [Remembered] { inner.remembered(assets) }
    }

    @Test func twelveWeeksGiveTwelveDifferentQuotesTitlesRecipesAndStories() async throws {
        let folder = try TemporaryFolder("twelve-weeks")
        let path = try folder.write(Self.manifest, to: "week.yaml")
        let ledger = try Ledger(path: folder.url.appendingPathComponent("out/.factory/ledger.sqlite"))
        let providers = ProviderSet(text: OfflineTextProvider(kinds: StandardKinds.registry), image: OfflineImageProvider(kinds: StandardKinds.registry), speech: OfflineSpeechProvider())
        var earlier: [String: [String: String]] = [:]
        for n in 1...12 {
            let week = ISOWeek(year: 2026, week: 40).adding(weeks: n - 1)
            let manifest = try ManifestLoader.load(path: path, kinds: StandardKinds.registry, week: week, clock: .day(year: 2026, month: 1, day: 1))
            #expect(manifest.week == week)
            let memory = try await RunMemory.open(store: ledger, week: week, weeks: manifest.memory.weeks, runId: "week-\(n)", fields: StandardKinds.registry.memoryFields)
            let report = try await Runner(manifest: manifest, providers: providers, kinds: TextOnlyKinds(),
                                          options: RunOptions(output: folder.url.appendingPathComponent("out")),
                                          log: { _ in }, memory: memory).run()
            #expect(report.items.allSatisfy { $0.status == .done }, "\(week): \(report.items.map { "\($0.id) \($0.message ?? "")" })")
            #expect(report.week == week.description)
            // The bundles went to this week's folder; no earlier week's file changed.
            for (earlierWeek, files) in earlier { #expect(TestSupport.snapshot(folder.url.appendingPathComponent("out/\(earlierWeek)")) == files) }
            let made = TestSupport.snapshot(folder.url.appendingPathComponent("out/\(week)"))
            #expect(made.keys.filter { $0.hasSuffix("/said.json") }.count == 7, "\(made.keys.sorted())")
            earlier[week.description] = made
            #expect(FileManager.default.fileExists(atPath: folder.path("out/\(week)/mon/said.json")))
        }
        #expect(earlier.count == 12)
        // What the bundles say, week by week (read from the bundles, not from the memory).
        var said: [String: [MemoryField: [String]]] = [:]
        for week in earlier.keys.sorted() {
            for item in ["mon", "wed", "thu", "tue-chat", "fri-chat", "wed-recipe", "sat-bedtime"] {
                let data = try Data(contentsOf: folder.url.appendingPathComponent("out/\(week)/\(item)/said.json"))
                for line in try JSONDecoder().decode([[String: String]].self, from: data) {
                    if let field = line["field"].flatMap(MemoryField.init(rawValue:)), let text = line["text"] { said[item, default: [:]][field, default: []].append(text) }
                }
            }
        }
        for item in ["mon", "wed"] {
            let quotes = said[item]?[.quote] ?? []
            #expect(quotes.count == 12 && Set(quotes.map(RepeatMeasure.normalise)).count == 12, "\(item): \(quotes)")
        }
        // The fixed quote is the same every week: allowed, and recorded as fixed.
        #expect(said["thu"]?[.quote]?.count == 12 && Set(said["thu"]?[.quote] ?? []) == ["Rest is part of the work."])
        let history = try ledger.history(series: nil, from: nil, to: nil)
        #expect(history.filter { $0.series == "thursday-therapy" && $0.field == .quote }.allSatisfy { $0.fixed })
        let titles = (said["tue-chat"]?[.title] ?? []) + (said["fri-chat"]?[.title] ?? [])
        #expect(titles.count == 24 && Set(titles).count == 24, "\(titles)")
        let premises = (said["tue-chat"]?[.premise] ?? []) + (said["fri-chat"]?[.premise] ?? [])
        #expect(premises.count == 24 && Set(premises).count == 24)
        let recipes = said["wed-recipe"]?[.title] ?? []
        #expect(recipes.count == 12 && Set(recipes).count == 12, "\(recipes)")
        // One setting (the forest) for twelve weeks: twelve stories with their own titles and troubles.
        let stories = (title: said["sat-bedtime"]?[.title] ?? [], premise: said["sat-bedtime"]?[.premise] ?? [])
        #expect(stories.title.count == 12 && Set(stories.title.map(RepeatMeasure.normalise)).count == 12, "\(stories.title)")
        #expect(stories.premise.count == 12 && Set(stories.premise.map(RepeatMeasure.normalise)).count == 12, "\(stories.premise)")
        // The memory recorded every publication: 7 items a week.
        #expect(Set(history.map { "\($0.week)/\($0.item)" }).count == 84)
        // No two published lines of a series are near repeats of each other either.
        for series in Set(history.map(\.series)) {
            for field in StandardKinds.registry.memoryFields where field.checked {
                let lines = history.filter { $0.series == series && $0.field == field && !$0.fixed }.map(\.text)
                for (i, a) in lines.enumerated() {
                    for b in lines[(i + 1)...] { #expect(RepeatMeasure.similarity(a, b) < RepeatMeasure.nearRepeat, "\(series) \(field): \(a) | \(b)") }
                }
            }
        }
    }
}
