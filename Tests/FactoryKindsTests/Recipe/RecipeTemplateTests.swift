@testable import FactoryCore
@testable import FactoryKinds
import FactoryImaging
import FactoryMedia
import Foundation
import Testing

/// Each template's timeline against the seed, and the plan checks (safe zone, hook, CTA, steps).
@Suite(.serialized) struct RecipeTemplateTests {
    static let recipe = Recipe(title: "Garlic Spinach Egg Fried Rice", hook: "Leftover rice → dinner in 15 min",
                               steps: ["Fry garlic in sesame oil", "Add cold rice and toss", "Scramble two eggs in the pan",
                                       "Fold in the spinach", "Season with soy sauce"].map { Recipe.Step(title: $0) },
                               timeMinutes: 15, costDollars: 6.5, calories: 520,
                               ingredients: ["cold rice", "eggs", "spinach", "garlic", "soy sauce"])

    static func inputs(_ recipe: Recipe = recipe, beats: [Double] = []) throws -> RecipeInputs {
        try Vips.start()
        func picture(_ colour: String) throws -> Image {
            try Shapes.canvas(width: RecipeArt.width, height: RecipeArt.height, colour: colour)
        }
        return RecipeInputs(recipe: recipe, before: try picture("#8899AA"), beforeBlurred: try picture("#778899"),
                            after: try picture("#AACC88"), meal: try picture("#DD9966"), broll: [], beats: beats,
                            cta: "Save for grocery day 🛒")
    }

    @Test(arguments: RecipeTemplate.allCases) func everyTemplateKeepsTheSeedsRules(_ template: RecipeTemplate) throws {
        let plan = try RecipeTemplates.plan(template, Self.inputs())
        #expect(RecipeTemplates.durationRange(template).contains(plan.duration))
        let checks = RecipeChecks.plan(plan, recipe: Self.recipe)
        for check in checks { #expect(check.passed, "\(template): \(check.name): \(check.detail)") }
        let hook = try #require(plan.hook)
        #expect(hook.start <= 0.1 + 1e-9 && hook.visible <= 0.45, "the hook fades in over 0.3 s from the start")
        let cta = try #require(plan.cta)
        #expect(cta.start >= plan.duration - 3 && abs(cta.visible - cta.start - 0.6) < 1e-9, "the CTA springs in over 0.6 s in the last 3 s")
        #expect(plan.cues.first?.text == "Leftover rice → dinner in 15 min")
        #expect(plan.cues.last?.text == "Save for grocery day 🛒")
    }

    @Test func snapRevealCutsOnTheBeatWhenThereIsMusic() throws {
        let plain = try RecipeTemplates.plan(.snapReveal, Self.inputs())
        #expect(plain.cuts == [2.0, 4.6, 7.6])
        let beats = stride(from: 0.2, to: 11, by: 0.5).map { $0 }   // 120 BPM, off the wanted times
        let synced = try RecipeTemplates.plan(.snapReveal, Self.inputs(beats: beats))
        #expect(zip(synced.cuts, [2.2, 4.7, 7.7]).allSatisfy { abs($0 - $1) < 1e-9 }, "each cut moves to the nearest beat: \(synced.cuts)")
        let far = try RecipeTemplates.plan(.snapReveal, Self.inputs(beats: [0.5, 9.9]))
        #expect(far.cuts == [2.0, 4.6, 7.6], "no beat within 0.35 s: the cuts stay")
    }

    @Test func splitSwipeRevealsAfterWithACircleFromTheCentre() throws {
        let plan = try RecipeTemplates.plan(.splitSwipe, Self.inputs())
        let after = try #require(plan.layers.first { $0.mask != nil })
        guard case let .circle(cx, cy, r)? = after.state(at: 1.5).mask else { Issue.record("no circular mask"); return }
        #expect(cx == 540 && cy == 960 && r == 0)
        guard case let .circle(_, _, full)? = after.state(at: 3.0).mask else { return }
        #expect(full > 1100, "the circle covers the frame's corners at 3 s")
        let counters = plan.texts.filter { $0.name.hasPrefix("counter-") }
        #expect(counters.count == 4)
        for (a, b) in zip(counters, counters.dropFirst()) { #expect(abs((b.start - a.start) - 0.12) < 1e-9, "staggered 0.12 s") }
    }

    @Test func kineticStepsGivesEachStepAtLeastOnePointSixSeconds() throws {
        let plan = try RecipeTemplates.plan(.kineticSteps, Self.inputs())
        let steps = plan.texts.filter { $0.name.hasPrefix("step-") }
        #expect(steps.map(\.text) == ["1. Fry garlic in sesame oil", "2. Add cold rice and toss", "3. Scramble two eggs in the pan",
                                       "4. Fold in the spinach", "5. Season with soy sauce"])
        for step in steps {
            #expect(step.end - step.start >= 1.6)
            #expect(abs((step.visible - step.start) - 0.35) < 1e-9, "slides up over 0.35 s")
        }
        var seven = Self.recipe
        seven.steps += [Recipe.Step(title: "Top with sesame seeds"), Recipe.Step(title: "Serve hot")]
        let tooMany = try RecipeTemplates.plan(.kineticSteps, Self.inputs(seven))
        let fit = RecipeChecks.plan(tooMany, recipe: seven).first { $0.name == "steps:fit" }
        #expect(fit?.passed == false)
        #expect(fit?.detail.contains("7 steps; kinetic-steps shows at most 6") == true)
    }

    @Test func priceTimeStacksStickersAndFillsTheBarLinearly() throws {
        let plan = try RecipeTemplates.plan(.priceTime, Self.inputs())
        let stickers = plan.texts.filter { $0.name.hasPrefix("sticker-") }
        #expect(stickers.map(\.text) == ["💵 $7", "⏱ 15 min", "🔥 520 cal"])
        #expect(stickers.map(\.start).map { ($0 * 100).rounded() / 100 } == [0.3, 0.42, 0.54])
        let bar = try #require(plan.layers.first { if case .rect? = $0.mask { true } else { false } })
        func width(_ t: Double) -> Double { if case let .rect(_, _, w, _)? = bar.state(at: t).mask { w } else { -1 } }
        #expect(width(3.0) == 0)
        #expect(abs(width(6.0) - width(9.0) / 2) < 1, "half full half-way: linear")
    }

    @Test func fridgePipPutsA340CircleTopRightInsideTheSafeZone() throws {
        let plan = try RecipeTemplates.plan(.fridgePip, Self.inputs())
        #expect(plan.cuts == [3.0, 9.0])
        let callouts = plan.texts.filter { $0.name.hasPrefix("callout-") }
        #expect(callouts.map(\.text) == ["Saved: Cold rice", "Saved: Eggs", "Saved: Spinach"])
        for c in callouts { #expect(abs((c.visible - c.start) - 0.5) < 1e-9, "drops in over 0.5 s") }
        let pip = try #require(plan.layers.first { $0.pixels.contentWidth >= 340 && $0.pixels.contentWidth < 420 })
        let state = pip.state(at: 5)
        #expect(state.left + Double(pip.pixels.contentWidth) <= 1080 - 72 && state.top >= 192)
    }

    @Test func aHookPlacedLateOrTextOutsideTheSafeZoneIsRejected() throws {
        var plan = try RecipeTemplates.plan(.snapReveal, Self.inputs())
        let i = try #require(plan.texts.firstIndex { $0.name == "hook" })
        plan.texts[i].start = 2.2; plan.texts[i].visible = 2.5
        plan.texts.append(.init(name: "stray", text: "x", box: Box(x: 40, y: 1800, width: 300, height: 60), start: 3, visible: 3.3, end: 5))
        let failed = RecipeChecks.plan(plan, recipe: Self.recipe).filter { !$0.passed }.map(\.name)
        #expect(failed.contains("hook:first-2s"))
        #expect(failed.contains("safe-zone:stray"))
    }
}
