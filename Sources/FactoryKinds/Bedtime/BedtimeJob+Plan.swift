import FactoryCore
extension BedtimeJob {
    /// Words in a stand-in paragraph: the writers' paragraphs of 2–6 sentences run 40–50 words.
    static let standInParagraphWords = 45

    /// The writer call (unless the override file gives the story), one speech call per chunk and
    /// the cover illustration. Narration and cover are exact when the story is known (override file
    /// or cache); otherwise they are planned from a stand-in story of the asked length.
    func plan(_ planner: Planner) throws -> [PlannedStage] {
        var stages: [PlannedStage] = []
        let text = providers.text, image = providers.image
        let writer = storyWriter
        let brief = writer.brief()
        var story = try writer.overridden(brief)
        if story == nil {
            let written = try planner.stage(item, .text, provider: text.identity, paid: text.isPaid) {
                try text.plannedCall(write: StoryPrompt.request(brief).with(item.reasoning))
            }
            stages.append(written)
            if let cached = planner.cachedText(written), case .success(let parsed) = StoryCheck.validate(cached, brief: brief) {
                story = parsed
            }
        }
        let exact = story != nil
        var told: Story
        let chunks: [NarrationChunk]
        if var known = story {
            known.paragraphs = Self.tidy(known.paragraphs)
            (told, chunks) = (known, Self.chunks(known))
        } else {
            (told, chunks) = standIn(brief)
        }
        if let speech = providers.speech {
            if exact {
                for (index, chunk) in chunks.enumerated() {
                    stages.append(try planner.stage(item, .speech(chunk: index), provider: speech.identity, paid: speech.isPaid) {
                        try speech.plannedCall(speechRequest(chunk), item: item.id)
                    })
                }
            } else {
                // One row for the stand-in's chunks, priced from its distinct chunks (the title, the
                // full paragraphs, the last one): their boundaries are not known until it is written.
                var distinct: [String: (chunk: NarrationChunk, times: Int)] = [:]
                for chunk in chunks { distinct[chunk.text, default: (chunk, 0)].times += 1 }
                stages.append(try planner.stand(item, .speech, provider: speech.identity, paid: speech.isPaid, count: chunks.count) {
                    try distinct.values.map { (try speech.plannedCall(speechRequest($0.chunk), item: item.id), $0.times) }
                })
            }
        }
        stages.append(try planner.stage(item, .image, provider: image.identity, paid: image.isPaid, exact: exact) {
            try image.plannedCall(illustrationRequest(told))
        })
        return stages
    }

    /// A story of the brief's length in paragraphs of typical size, and its chunks (one per
    /// paragraph, as the chunker makes them for paragraphs this short), for planning before it is written.
    func standIn(_ brief: StoryBrief) -> (Story, [NarrationChunk]) {
        let words = brief.targetWords, size = Self.standInParagraphWords
        let paragraphs = stride(from: 0, to: words, by: size).map { start in
            Array(repeating: "story", count: min(size, words - start)).joined(separator: " ") + "."
        }
        let title = "A story for \(brief.name)."
        let chunks = ([title] + paragraphs).map { NarrationChunk(text: $0, sentences: [$0], endsParagraph: true) }
        return (Story(title: title, paragraphs: paragraphs, summary: "", illustrationPrompt: brief.theme), chunks)
    }
}
