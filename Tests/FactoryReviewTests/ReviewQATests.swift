@testable import FactoryCore
@testable import FactoryKinds
@testable import FactoryReview
import FactoryTesting
import Foundation
import Testing

/// The QA figures in the table and the gallery: lowest text contrast, read-along drift.
@Suite struct ReviewQATests {
    /// The fixture week with the poster's text contrast and a bedtime-like drift written in.
    static func week(_ folder: TemporaryFolder, contrast: Double) throws -> URL {
        let url = try ReviewFixtures.week(in: folder)
        let path = url.appendingPathComponent("mon-poster/metadata.json")
        var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: path)) as? [String: Any])
        json["text_contrast"] = ["lowest": contrast, "layer": "quote", "time": 1.733, "target": 4.5, "plates": ["quote": 0.45],
                                 "frames_measured": 4, "method": "m",
                                 "layers": [["layer": "quote", "time": 1.733, "ratio": contrast, "text_luminance": 0.9,
                                             "background_luminance": 0.1, "box": [10, 20, 300, 100], "colour": "#FFFFFF", "size": 84]]]
        try JSONSerialization.data(withJSONObject: json).write(to: path)
        let chat = url.appendingPathComponent("fri-chat/metadata.json")
        var chatJSON = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: chat)) as? [String: Any])
        chatJSON["details"] = ["readalong_drift_median_ms": "42", "text_contrast_min": "7.10", "text_contrast_layer": "message-3"]
        try JSONSerialization.data(withJSONObject: chatJSON).write(to: chat)
        return url
    }

    @Test func tableShowsTheLowestContrastAndTheDrift() throws {
        let folder = try TemporaryFolder("review-qa")
        let table = ReviewTable.render(try WeekReview.load(folder: try Self.week(folder, contrast: 5.21)))
        let lines = table.split(separator: "\n").map(String.init)
        let header = try #require(lines.first { $0.hasPrefix("ITEM") })
        #expect(header.contains("CONTRAST") && header.contains("DRIFT"))
        let poster = try #require(lines.first { $0.hasPrefix("mon-poster ") })
        let chat = try #require(lines.first { $0.hasPrefix("fri-chat ") })
        #expect(poster.contains("5.21:1"), "\(poster)")
        #expect(chat.contains("7.10:1") && chat.contains("42 ms"), "\(chat)")
        let total = try #require(lines.first { $0.hasPrefix("total") })
        #expect(total.contains("5.21:1"), "the week's lowest: \(total)")
        // The column sits under its header.
        let column = try #require(header.range(of: "CONTRAST"))
        let cell = try #require(poster.range(of: "5.21:1"))
        #expect(poster.distance(from: poster.startIndex, to: cell.upperBound) == header.distance(from: header.startIndex, to: column.upperBound))
    }

    @Test func galleryCardShowsTheFiguresAndMarksAShortfall() throws {
        let folder = try TemporaryFolder("review-qa")
        let good = GalleryPage.html(try WeekReview.load(folder: try Self.week(folder, contrast: 5.21)), kinds: StandardKinds.registry)
        #expect(good.contains("<b>5.21:1</b> text contrast (quote)") && good.contains("qa-cell contrast ok"))
        #expect(good.contains("<b>42 ms</b> read-along drift"))
        let other = try TemporaryFolder("review-qa")
        let bad = GalleryPage.html(try WeekReview.load(folder: try Self.week(other, contrast: 3.1)), kinds: StandardKinds.registry)
        #expect(bad.contains("qa-cell contrast bad") && bad.contains("<b>3.10:1</b>"))
    }
}
