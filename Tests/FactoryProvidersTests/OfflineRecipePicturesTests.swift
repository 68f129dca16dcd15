import FactoryCore
@testable import FactoryKinds
import FactoryImaging
@testable import FactoryProviders
import Foundation
import Testing

@Suite("Offline recipe pictures")
struct OfflineRecipePicturesTests {
    static let roles = ["before", "after", "meal"]
    static let prompts = [
        "before": "inside of an open home fridge, cluttered and half empty, leftover spinach, eggs, rice, tomatoes, realistic phone photo, cool fridge light",
        "after": "the same home fridge neatly organised, glass meal-prep containers of spinach egg fried rice, fresh spinach, eggs, rice, tomatoes, bright and tidy, realistic photo",
        "meal": "Spinach Egg Fried Rice, freshly plated on a ceramic plate, overhead food photography, natural window light, appetising, high detail",
    ]

    static func request(_ role: String, seed: UInt64 = 7, prompt: String? = nil) -> ImageRequest {
        let text = prompt ?? prompts[role] ?? ""
        return ImageRequest(positivePrompt: text, negativePrompt: "text", model: "civitai:4384@128713", width: 576, height: 1024,
                            steps: 28, cfgScale: 7, seed: seed,
                            hints: ImageHints(flat: ["kind": Kind.recipeVideo.rawValue, "role": role, "week": "2026-W03", "prompt": text,
                                                     "style": role == "meal" ? "photographic" : "minimalist"]))
    }

    static func generate(_ request: ImageRequest) async throws -> GeneratedImage {
        try Vips.start()
        return try await OfflineImageProvider(kinds: StandardKinds.registry).generate(request, context: CallContext(item: "recipe", stage: "image", gateway: nil))
    }

    static func raster(_ request: ImageRequest) async throws -> Raster {
        try Image.decode(try await generate(request).data).pixels()
    }

    /// Mean absolute difference per channel between two same-sized rasters, in 0–255 levels.
    static func difference(_ a: Raster, _ b: Raster) -> Double {
        var total = 0.0
        for y in stride(from: 0, to: a.height, by: 2) {
            for x in stride(from: 0, to: a.width, by: 2) {
                let p = a.rgba(x: x, y: y), q = b.rgba(x: x, y: y)
                total += abs(Double(p.r) - Double(q.r)) + abs(Double(p.g) - Double(q.g)) + abs(Double(p.b) - Double(q.b))
            }
        }
        return total / Double(((a.width + 1) / 2) * ((a.height + 1) / 2) * 3)
    }

    /// The share of pixels in a rectangle that pass `test`.
    static func share(_ raster: Raster, x: Int, y: Int, width: Int, height: Int,
                      where test: (_ r: Double, _ g: Double, _ b: Double) -> Bool) -> Double {
        var hits = 0, count = 0
        for yy in y..<(y + height) {
            for xx in x..<(x + width) {
                let p = raster.rgba(x: xx, y: yy)
                if test(Double(p.r), Double(p.g), Double(p.b)) { hits += 1 }
                count += 1
            }
        }
        return Double(hits) / Double(count)
    }

    @Test("each role paints a JPEG of the requested size", arguments: roles)
    func sizeAndSignature(role: String) async throws {
        let image = try await Self.generate(Self.request(role))
        #expect(ImageSignature.detect(image.data) == .jpeg)
        let size = try #require(ImageSignature.dimensions(image.data))
        #expect(size.width == 576 && size.height == 1024)
        #expect(image.record.model == "procedural-recipe-\(role)-v1")
        #expect(image.record.costUSD == 0)
    }

    @Test("the same request paints the same picture; another seed paints another", arguments: roles)
    func deterministic(role: String) async throws {
        let first = try await Self.raster(Self.request(role, seed: 11))
        let again = try await Self.raster(Self.request(role, seed: 11))
        let other = try await Self.raster(Self.request(role, seed: 12))
        #expect(Self.difference(first, again) < 0.5)
        #expect(Self.difference(first, other) > 2)
    }

    @Test("before, after and meal are different pictures")
    func rolesDiffer() async throws {
        let before = try await Self.raster(Self.request("before"))
        let after = try await Self.raster(Self.request("after"))
        let meal = try await Self.raster(Self.request("meal"))
        #expect(Self.difference(before, after) > 8)
        #expect(Self.difference(before, meal) > 30)
        #expect(Self.difference(after, meal) > 30)
    }

    @Test("before and after show the same fridge: same cabinet, same light")
    func sameFridge() async throws {
        let before = try await Self.raster(Self.request("before", seed: 3))
        let after = try await Self.raster(Self.request("after", seed: 4))
        // The lamp strip under the ceiling and the gasket down the left side hold no items.
        for (x, y, w, h) in [(60, 60, 300, 20), (20, 300, 20, 600)] {
            let a = before.mean(x: x, y: y, width: w, height: h), b = after.mean(x: x, y: y, width: w, height: h)
            #expect(abs(a.r - b.r) + abs(a.g - b.g) + abs(a.b - b.b) < 6, "region \(x),\(y)")
        }
    }

    @Test("the fridge before is mostly light: a lit, half-empty interior", arguments: [1, 2, 3, 40] as [UInt64])
    func beforeIsLight(seed: UInt64) async throws {
        let raster = try await Self.raster(Self.request("before", seed: seed))
        let light = Self.share(raster, x: 0, y: 0, width: raster.width, height: raster.height) { r, g, b in
            0.2126 * r + 0.7152 * g + 0.0722 * b > 175
        }
        #expect(light > 0.85, "seed \(seed): \(light)")
        let cool = raster.mean(x: 60, y: 100, width: 340, height: 700)
        #expect(cool.b >= cool.r, "a cool interior light")
    }

    @Test("the meal has saturated food colours in the middle of the plate",
          arguments: [("Spinach Egg Fried Rice", 1), ("Beef Broccoli Noodles with carrot and pepper", 2),
                      ("Lemon Herb Quinoa Bowl", 3), ("Grandma's Sunday Special", 4)] as [(String, UInt64)])
    func mealCentreIsColourful(title: String, seed: UInt64) async throws {
        let raster = try await Self.raster(Self.request("meal", seed: seed, prompt: "\(title), freshly plated on a ceramic plate"))
        let vivid = { (r: Double, g: Double, b: Double) -> Bool in
            let high = max(r, g, b), low = min(r, g, b)
            return high > 60 && (high - low) / high > 0.4
        }
        // The plate is centred at (0.5 w, 0.45 h); the food sits within its middle.
        let centre = Self.share(raster, x: 288 - 90, y: 461 - 90, width: 180, height: 180, where: vivid)
        #expect(centre > 0.25, "\(title): \(centre)")
        // The plate's rim around the food is pale ceramic, not food.
        let rim = Self.share(raster, x: 288 - 20, y: 461 - 230, width: 40, height: 30, where: vivid)
        #expect(rim < 0.1, "\(title) rim: \(rim)")
    }

    @Test("ingredient words pick the food colours; a prompt without them falls back to a seeded dish")
    func foodsFromPrompt() {
        var rng = SeededRandom(seed: 5)
        let named = RecipePainter.Food.dish(from: "Spinach, tomatoes, eggs and rice", rng: &rng)
        #expect(named.first?.name == "rice")
        #expect(named.map(\.name).starts(with: ["rice", "spinach", "tomato", "egg"]))
        #expect(named.filter { $0.shape != .egg }.count >= 4)
        let plain = RecipePainter.Food.dish(from: "Grandma's Sunday Special", rng: &rng)
        #expect(plain.first?.isBase == true)
        #expect(plain.dropFirst().filter { $0.shape != .egg }.count >= 3)
    }

    @Test("poster requests without the recipe hint still paint the procedural landscape")
    func postersUnchanged() async throws {
        try Vips.start()
        let hints = ["series": Series.weekendWellness.rawValue, "style": PosterStyle.photographic.rawValue, "week": "2026-W03",
                     "role": "meal", "prompt": "a calm lake at dawn"]
        let request = ImageRequest(positivePrompt: "a calm lake at dawn", negativePrompt: "", model: "m", width: 576, height: 1024,
                                   steps: 20, cfgScale: 7, seed: 99, hints: ImageHints(flat: hints))
        let image = try await OfflineImageProvider(kinds: StandardKinds.registry).generate(request, context: CallContext(item: "poster", stage: "image", gateway: nil))
        #expect(image.record.model == "procedural-photographic-v1")

        // The landscape painted directly, exactly as the provider did before recipe pictures existed.
        var rng = SeededRandom(seed: Seed.from(Series.weekendWellness.rawValue, "photographic", "2026-W03", "99"))
        let palettes = Palettes.options(for: .weekendWellness)
        let palette = palettes[Int(rng.next() % UInt64(palettes.count))]
        var painter = ProceduralPainter(width: 576, height: 1024, palette: palette, style: .photographic, prompt: "a calm lake at dawn", rng: rng)
        let expected = try Shapes.svg(painter.svg()).flatten().grained(sigma: 6).jpegData(quality: 92)
        #expect(Self.difference(try Image.decode(image.data).pixels(), try Image.decode(expected).pixels()) < 0.5)
    }
}
