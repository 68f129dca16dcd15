@testable import FactoryCore
@testable import FactoryKinds
import Foundation
import Testing

/// Every kind's caption follows one hashtag rule and one length limit.
@Suite struct CaptionTests {
    @Test func hashtagsMergeByOneRule() {
        let merged = Hashtags.merged(["#TextStory", "#drama"], ["textstory", " plot twist ", "#", "", "#Drama", "new"])
        #expect(merged == ["#TextStory", "#drama", "#plottwist", "#new"])
    }

    @Test func everyKindUsesTheRule() {
        let spec = ChatSpec(genre: .mystery, length: .short, prompt: "who ate the cake")
        var item = ChatWriterTests.item(spec)
        item.hashtags = ["#TEXTSTORY", "late night"]
        let tags = ChatCaption.hashtags(item: item, spec: spec)
        #expect(tags.filter { $0.lowercased() == "#textstory" }.count == 1)
        #expect(tags.last == "#latenight")
        #expect(RecipeTextRules.hashtags(["#Food", "food"]).filter { $0.lowercased() == "#food" }.count == 1)
    }

    @Test func captionsAreClippedToThePlatformLimit() {
        #expect(Caption.clip(String(repeating: "a", count: 5000)).count == Caption.limit)
        #expect(Caption.clip("short") == "short")
    }
}
