import FactoryMedia

extension BedtimeJob {
    /// The scene whose text reads at the target, and the veil step it took (`BedtimeArt.veils`).
    /// `TextLegibility` gives the title card's lines a plate where they fall short; the sentence
    /// changes with every word, so it is raised by a darker veil under it instead: the scene is
    /// made again at the next step while the sentence measures under the target. At the last
    /// step what still falls short stays in the report, and the item's check fails.
    static func legible(fps: Int, make: (Int) throws -> Scene) throws -> (legibility: TextLegibility, veil: Int) {
        var step = 0
        while true {
            let legibility = try TextLegibility.ensure(try make(step), fps: fps)
            let sentenceShort = legibility.report.failing(legibility.target).contains("sentence")
            if !sentenceShort || step == BedtimeArt.veils.count - 1 { return (legibility, step) }
            step += 1
        }
    }
}
