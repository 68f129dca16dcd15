import FactoryCore
import FactoryFakeProviders
@testable import FactoryPublishing
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

extension InstagramClientTests {
    static func target(_ id: Int64, media: String) -> MetricTarget {
        MetricTarget(record: PostRecord(id: id, week: "2026-W48", item: "mon", platform: .instagram, version: "v", attempt: 1,
                                        state: .posted, remoteId: media, runId: "p", createdAt: "", updatedAt: ""),
                     postedAt: Date(), caption: "")
    }

    @Test("insights: empty before the delay (nil with a reason, not 0), figures after; the usage header near its ceiling defers")
    func insights() async throws {
        var config = Self.config()
        config.platforms.metrics.instagramDelayHours = 24
        config.platforms.metrics.instagram = .init(viewsPerHour: 300, exponent: 0)
        config.platforms.metrics.instagramCallBudget = 4   // 25 % a call: the fourth reaches 100 %
        try await FakeProviderServer.withRunning(config) { server in
            let outcome = try await Self.withClient(server) { try await $0.post(try Self.request(), saved: nil, progress: Journal()) }
            guard case .posted(let media, _) = outcome else { Issue.record("not posted: \(outcome)"); return }
            let early = try await Self.withClient(server) { try await $0.readMetrics([Self.target(1, media: media)]) }
            let reading = try #require(early.readings[1])
            #expect(reading.values["views"] == .some(nil) && reading.reason?.contains("48 h") == true && early.deferred == nil)
            await server.advancePlatformClock(by: 25 * 3600)
            let later = try await Self.withClient(server) { try await $0.readMetrics([Self.target(1, media: media)]) }
            #expect(later.readings[1]?.values["views"] == 300 && later.readings[1]?.values["saved"] != nil)
            #expect(later.readings[1]?.values["ig_reels_avg_watch_time"] == 6400)
            // The third call takes the usage to 75 %, the fourth to 100 %: the reader stops at 90 % and defers the rest.
            let batch = try await Self.withClient(server) {
                try await $0.readMetrics([Self.target(1, media: media), Self.target(2, media: media), Self.target(3, media: media)])
            }
            #expect(batch.readings.count == 2 && batch.deferred?.contains("100 %") == true, "\(batch)")
        }
    }

    @Test("the fake refuses a retired metric for the whole request, as Graph v22 does")
    func retiredMetric() async throws {
        try await FakeProviderServer.withRunning(Self.config()) { server in
            let outcome = try await Self.withClient(server) { try await $0.post(try Self.request(), saved: nil, progress: Journal()) }
            guard case .posted(let media, _) = outcome else { Issue.record("not posted: \(outcome)"); return }
            let url = try #require(URL(string: "\(server.baseURLs["instagram"]!)/v24.0/\(media)/insights?metric=views,plays"))
            var request = URLRequest(url: url)
            request.setValue("Bearer \(Self.seedToken)", forHTTPHeaderField: "Authorization")
            let (data, response) = try await URLSession.shared.data(for: request)
            #expect((response as? HTTPURLResponse)?.statusCode == 400)
            #expect(String(decoding: data, as: UTF8.self).contains("plays metric is no longer supported"))
        }
    }
}
