import FactoryTesting
import Foundation
import Testing

/// The Thursday Therapy poster (white type on pale pink) through the built `factory`: its
/// metadata.json records every text layer at ≥ 4.5:1, and a measurement of our own, on frames
/// ffmpeg decodes, agrees with the recorded figures; `review --check` shows and re-measures them.
@Suite(.serialized) struct TextContrastRunTests {
    struct Metadata: Decodable {
        struct Check: Decodable { var name: String; var passed: Bool; var detail: String }
        struct Sample: Decodable { var layer: String; var time: Double; var ratio: Double; var box: [Int]; var colour: String; var size: Double }
        struct Contrast: Decodable { var lowest: Double?; var lowest_before: Double?; var target: Double; var plates: [String: Double]; var layers: [Sample] }
        var checks: [Check]
        var text_contrast: Contrast?
    }

    /// Frame `index` of `path` as RGB, decoded by the ffmpeg CLI (not our decoder).
    static func frame(_ path: String, index: Int, width: Int, height: Int) throws -> [UInt8] {
        let ffmpeg = try #require(FFmpegLoudness.ffmpeg, "ffmpeg is not installed; `make test` installs it")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = ["-v", "error", "-i", path, "-vf", "select=eq(n\\,\(index))", "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", "-"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(data.count == width * height * 3)
        return [UInt8](data)
    }

    static func luminance(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Double {
        func lin(_ c: UInt8) -> Double { let v = Double(c) / 255; return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
        return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
    }

    /// An independent reading: glyphs are the pixels of the text's colour (±40) inside the box;
    /// the background every other pixel with a glyph within `radius` px but none within 1 px
    /// (square windows); the 5th percentile of per-pixel contrast against the glyphs' median.
    static func measure(_ rgb: [UInt8], width: Int, height: Int, box: [Int], colour: String, radius: Int) -> Double {
        let c = (Int(colour.dropFirst().prefix(2), radix: 16)!, Int(colour.dropFirst(3).prefix(2), radix: 16)!, Int(colour.dropFirst(5).prefix(2), radix: 16)!)
        func at(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) { let i = (y * width + x) * 3; return (rgb[i], rgb[i + 1], rgb[i + 2]) }
        var glyph = Set<Int>()
        for y in max(0, box[1])..<min(height, box[1] + box[3]) {
            for x in max(0, box[0])..<min(width, box[0] + box[2]) {
                let p = at(x, y)
                if abs(Int(p.0) - c.0) <= 40 && abs(Int(p.1) - c.1) <= 40 && abs(Int(p.2) - c.2) <= 40 { glyph.insert(y * width + x) }
            }
        }
        let text = glyph.map { luminance(at($0 % width, $0 / width).0, at($0 % width, $0 / width).1, at($0 % width, $0 / width).2) }.sorted()
        guard !text.isEmpty else { return 0 }
        let lt = text[text.count / 2]
        func near(_ x: Int, _ y: Int, _ r: Int) -> Bool {
            for yy in max(0, y - r)...min(height - 1, y + r) { for xx in max(0, x - r)...min(width - 1, x + r) where glyph.contains(yy * width + xx) { return true } }
            return false
        }
        var ratios: [Double] = []
        for y in max(0, box[1] - radius)..<min(height, box[1] + box[3] + radius) {
            for x in max(0, box[0] - radius)..<min(width, box[0] + box[2] + radius) where !glyph.contains(y * width + x) {
                guard near(x, y, radius), !near(x, y, 1) else { continue }
                let p = at(x, y), l = luminance(p.0, p.1, p.2)
                ratios.append((max(l, lt) + 0.05) / (min(l, lt) + 0.05))
            }
        }
        ratios.sort()
        return ratios.isEmpty ? 0 : ratios[Int(Double(ratios.count) * 0.05)]
    }

    @Test func thursdayTherapyReadsAtTheTargetAndAgreesWithAnIndependentMeasurement() throws {
        let folder = try TemporaryFolder("contrast")
        try folder.write("""
        version: 1
        week: 2026-W48
        brand: { handle: "@mindfulcreator" }
        items:
          - { id: thu-therapy, kind: poster, day: thursday, series: thursday-therapy, format: portrait, quality: draft, duration: 6,
              prompt: "soft morning light through linen curtains", attribution: "",
              quote: "Rest is not a reward for finishing. It is part of the work 🌿" }
        """, to: "week.yaml")
        let out = try TestSupport.runFactory(["run", "week.yaml", "--output", "out"], in: folder.url)
        #expect(out.status == 0, "stdout: \(out.stdout)\nstderr: \(out.stderr)")
        let bundle = folder.url.appendingPathComponent("out/2026-W48/thu-therapy")
        let metadata = try JSONDecoder().decode(Metadata.self, from: Data(contentsOf: bundle.appendingPathComponent("metadata.json")))
        let check = try #require(metadata.checks.first { $0.name == "text:contrast" })
        #expect(check.passed, "\(check.detail)")
        let contrast = try #require(metadata.text_contrast)
        let lowest = try #require(contrast.lowest)
        #expect(lowest >= 4.5 && contrast.target == 4.5, "\(check.detail)")
        #expect((contrast.lowest_before ?? 99) < 4.5, "white on pale pink started under the target: \(check.detail)")
        #expect(!contrast.plates.isEmpty)
        #expect(Set(contrast.layers.map(\.layer)) == ["label", "quote", "handle"])

        let video = bundle.appendingPathComponent("video.mp4").path
        for layer in contrast.layers {
            let rgb = try Self.frame(video, index: Int((layer.time * 30).rounded()), width: 1080, height: 1350)
            let radius = min(24, max(4, Int((layer.size * 0.25).rounded())))
            let ours = Self.measure(rgb, width: 1080, height: 1350, box: layer.box, colour: layer.colour, radius: radius)
            #expect(ours >= 4.5 * 0.95, "\(layer.layer) at \(layer.time) s: \(ours) measured independently")
            #expect(abs(ours - layer.ratio) / layer.ratio < 0.12, "\(layer.layer) at \(layer.time) s: recorded \(layer.ratio), measured \(ours)")
        }

        let review = try TestSupport.runFactory(["review", "out/2026-W48", "--check"], in: folder.url)
        #expect(review.status == 0, "stdout: \(review.stdout)\nstderr: \(review.stderr)")
        let header = try #require(review.stdout.split(separator: "\n").first { $0.hasPrefix("ITEM") })
        #expect(header.contains("CONTRAST"))
        let row = try #require(review.stdout.split(separator: "\n").first { $0.hasPrefix("thu-therapy ") })
        #expect(row.contains(String(format: "%.2f:1", lowest)), "\(row)")
    }
}
