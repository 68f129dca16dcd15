import FactoryCore
import FactoryKinds
import FactoryTesting
import Foundation
import Testing

/// `publish:` at the top and on items, and what `validate` says about each platform's rules.
@Suite struct PublishSettingTests {
    static func load(_ header: String, items: String = Self.items) throws -> Manifest {
        let folder = try TemporaryFolder("manifest-publish")
        let yaml = "version: 1\nweek: 2026-W48\ntimezone: America/New_York\n" + header + "items:\n" + items
        return try ManifestLoader.load(path: try folder.write(yaml, to: "week.yaml"), kinds: StandardKinds.registry)
    }

    static let items = """
      - { id: p, kind: poster, day: monday }
      - { id: q, kind: poster, day: tuesday, publish: false }
      - { id: r, kind: poster, day: wednesday, publish: [tiktok], post_at: "07:30" }

    """

    static func problems(_ header: String, items: String = Self.items) -> [String] {
        let error = #expect(throws: ManifestError.self) { try Self.load(header, items: items) }
        return (error?.problems ?? []).map(\.description)
    }

    @Test func theSectionAndTheItemsSettingsDecode() throws {
        let manifest = try Self.load("""
            publish:
              platforms: [tiktok, youtube, instagram]
              at: "18:00"
              approval: auto
              tiktok: { mode: direct, privacy: self_only }
              youtube: { privacy: private, publish_at: "2026-11-30T23:00:00Z", made_for_kids: false }
              instagram: { share_to_feed: false, public_base_url: "https://cdn.example.com/week" }
              ai_disclosure: false

            """)
        let publish = try #require(manifest.publish)
        #expect(publish.platforms == [.tiktok, .youtube, .instagram] && publish.at == LocalTime(hour: 18, minute: 0))
        #expect(publish.approval == .auto && !publish.aiDisclosure)
        #expect(publish.tiktok.mode == .direct && publish.tiktok.privacy == .onlyMe)
        #expect(publish.youtube.publishAt == ISO8601DateFormatter().date(from: "2026-11-30T23:00:00Z") && publish.youtube.madeForKids == false)
        #expect(!publish.instagram.shareToFeed && publish.instagram.publicBaseURL?.absoluteString == "https://cdn.example.com/week/")
        let items = Dictionary(uniqueKeysWithValues: manifest.items.map { ($0.id, $0.publishing) })
        #expect(items["p"] == ItemPublishing() && items["q"]?.platforms == [])
        #expect(items["r"] == ItemPublishing(platforms: [.tiktok], postAt: LocalTime(hour: 7, minute: 30)))
        // 18:00 in New York on Monday of 2026-W48 (23 November) is 23:00 UTC.
        #expect(LocalTime(hour: 18, minute: 0).moment(on: manifest.items[0].date, in: manifest.timezone)
                == ISO8601DateFormatter().date(from: "2026-11-23T23:00:00Z"))
    }

    @Test func withoutTheSectionNothingIsPosted() throws {
        #expect(try Self.load("").publish == nil)
        #expect(try Self.load("publish: {}\n").publish?.platforms == [])
        #expect(try Self.load("publish: {}\n").publish?.approval == .required)
    }

    @Test(arguments: [
        ("publish: { platforms: [tiktok, twitter] }\n", "\"twitter\" is not a platform"),
        ("publish: { at: \"6pm\" }\n", "write it as \"HH:MM\""),
        ("publish: { approval: maybe }\n", "is not a approval"),
        ("publish: { tiktok: { mode: inbox, privacy: PUBLIC_TO_EVERYONE } }\n", "privacy applies to direct posts"),
        ("publish: { tiktok: { mode: direct, privacy: public } }\n", "is not a TikTok privacy level"),
        ("publish: { youtube: { privacy: public, publish_at: \"2026-11-30T23:00:00Z\" } }\n", "publish_at only for a private upload"),
        ("publish: { instagram: { public_base_url: \"http://example.com\" } }\n", "is not an https URL"),
        ("publish: { youtube: { made_for_kid: true } }\n", "made_for_kid"),
    ])
    func aWrongValueIsNamed(header: String, fragment: String) {
        let messages = Self.problems(header)
        #expect(messages.contains { $0.contains(fragment) }, "\(messages)")
    }

    @Test func aBedtimeStoryOnYouTubeMustSayWhetherItIsMadeForKids() throws {
        let bedtime = "  - { id: b, kind: bedtime-story, day: tuesday, hero: { name: Luna, age: 6 } }\n"
        let messages = Self.problems("publish: { platforms: [youtube] }\n", items: bedtime)
        #expect(messages.contains { $0.contains("item b") && $0.contains("made_for_kids") }, "\(messages)")
        #expect(try Self.load("publish: { platforms: [youtube], youtube: { made_for_kids: true } }\n", items: bedtime).items[0].forChildren)
        _ = try Self.load("publish: { platforms: [tiktok] }\n", items: bedtime)
        let own = "  - { id: b, kind: bedtime-story, day: tuesday, hero: { name: Luna, age: 6 }, publish: { made_for_kids: true } }\n"
        #expect(try Self.load("publish: { platforms: [youtube] }\n", items: own).items[0].publishing.madeForKids == true)
    }

    @Test func eachPlatformsTextLimitsAreCheckedAtValidate() {
        let long = String(repeating: "a", count: 101)
        let tags = (1...16).map { "\"#t\($0)\"" }.joined(separator: ", ")
        let items = """
          - { id: t, kind: poster, day: monday, title: "\(long)" }
          - { id: h, kind: poster, day: tuesday, hashtags: [\(tags)], publish: [youtube] }
          - { id: ok, kind: poster, day: wednesday, hashtags: [\(tags)], publish: [tiktok, instagram] }

        """
        let messages = Self.problems("publish: { platforms: [youtube, tiktok] }\n", items: items)
        #expect(messages.contains { $0.contains("item t on YouTube") && $0.contains("101 characters") && $0.contains("at most 100") }, "\(messages)")
        #expect(messages.contains { $0.contains("item h on YouTube") && $0.contains("16 hashtags") }, "\(messages)")
        #expect(!messages.contains { $0.contains("item ok") } && !messages.contains { $0.contains("on TikTok") }, "\(messages)")
    }
}
