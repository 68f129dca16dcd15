import FactoryCore

/// The offline story writer: a story in five movements — a cosy beginning, a journey of calm
/// episodes, a gentle problem, its resolution with the hero's gift, and a goodnight — from the
/// library family the theme names, with the hero, the friend and the gift woven in. The journey
/// grows episode by episode (none repeated) and every part by its optional sentences until the
/// story reaches minutes × 130 words (within about half a sentence, never past +10 %). The same brief always gives the
/// same story.
enum OfflineStoryWriter {
    static let model = "story-library-v1"
    /// A paragraph past this many characters is cut in two at a sentence (the check allows 1,200).
    static let paragraphCharacters = 700

    struct Written {
        var story: Story
        var family: String
        var episodes: [String]
    }

    /// A part as placed in the story: which of its sentences are in.
    private struct Placed {
        var part: StoryPart
        var count: Int
        var sentences: [String] { count == 0 ? [] : Array((part.core + part.extras).prefix(count)) + part.ending }
    }

    /// The story for the brief from `library`. A title or a trouble (the premise) the series
    /// published recently (`brief.recent`) is passed over for the next one of the setting; a theme
    /// that names no setting moves on to the next setting when one has nothing left. nil when
    /// nothing is left.
    static func write(_ brief: StoryBrief, library: ContentLibrary) -> Written? {
        let all = library.families
        guard let first = StoryLibrary.family(theme: brief.theme, seed: brief.seed, in: all) else { return nil }
        let named = StoryLibrary.namesFamily(theme: brief.theme, in: all)
        let start = all.firstIndex { $0.id == first.id } ?? 0
        let order = named ? [first] : (0..<all.count).map { all[(start + $0) % all.count] }
        for family in order {
            if let written = write(brief, family: family, library: library) { return written }
        }
        return nil
    }

    static func write(_ brief: StoryBrief, family: StoryFamily, library: ContentLibrary) -> Written? {
        var random = SeededRandom(seed: Seed.from(model, String(brief.seed)))
        let cast = StoryCast(brief: brief, family: family, seed: brief.seed)
        let setup = pick(family.setups, &random)
        let troubleStart = Int(random.next() % UInt64(family.troubles.count))
        guard let trouble = (0..<family.troubles.count).lazy.map({ family.troubles[(troubleStart + $0) % family.troubles.count] })
            .first(where: { !brief.recent.repeats(cast.fill($0.summary), as: .premise) }) else { return nil }
        guard !library.goodnights.isEmpty else { return nil }
        let goodnight = pick(library.goodnights, &random)
        let journey = interleave(shuffled(family.episodes, &random), shuffled(library.sharedEpisodes, &random))

        // Parts in story order: setup, journey episodes, problem, resolution, goodnight.
        var parts = [Placed(part: setup, count: setup.core.count)]
        parts += journey.map { Placed(part: $0, count: 0) }
        let problem = parts.count
        parts.append(Placed(part: trouble.problem, count: trouble.problem.core.count))
        parts.append(Placed(part: trouble.resolution, count: trouble.resolution.core.count))
        parts.append(Placed(part: goodnight, count: goodnight.core.count))
        let frame = [0, problem, problem + 1, problem + 2]

        // Growth order: the first episode's core, then the frame's and that episode's extras in
        // turn, then each further episode whole.
        var steps: [(part: Int, sentences: Int)] = []
        if !journey.isEmpty { steps.append((1, journey[0].core.count)) }
        let rounds = ([journey.first?.extras.count ?? 0] + frame.map { parts[$0].part.extras.count }).max() ?? 0
        for round in 0..<rounds {
            for index in frame + (journey.isEmpty ? [] : [1]) where round < parts[index].part.extras.count { steps.append((index, 1)) }
        }
        for (offset, episode) in journey.enumerated().dropFirst() {
            steps.append((offset + 1, episode.core.count))
            for _ in episode.extras { steps.append((offset + 1, 1)) }
        }

        let target = brief.targetWords
        func words(_ part: Int, _ count: Int) -> Int {
            let all = parts[part].part.core + parts[part].part.extras
            let start = parts[part].count
            return all[start..<min(all.count, start + count)].reduce(0) { $0 + Story.words(in: cast.fill($1)) }
        }
        var total = parts.reduce(0) { $0 + $1.sentences.reduce(0) { $0 + Story.words(in: cast.fill($1)) } }
        // A step is taken when it brings the story closer to the target without passing +10 %;
        // a part whose next sentence is not taken takes no more (its sentences stay a prefix).
        let ceiling = target + target / 10
        var closed = Set<Int>()
        for step in steps where !closed.contains(step.part) {
            let added = words(step.part, step.sentences)
            guard total + added <= ceiling, abs(total + added - target) < abs(total - target) else {
                closed.insert(step.part)
                continue
            }
            parts[step.part].count += step.sentences
            total += added
        }

        var paragraphs: [String] = []
        for placed in parts where placed.count > 0 {
            paragraphs += split(placed.sentences.map(cast.fill).filter { !$0.isEmpty })
        }
        // The title tells the trouble's plot: one of the trouble's own, else one of the setting's.
        let spin = random.next()
        let titles = rotated(trouble.titles, by: spin) + rotated(family.titles, by: spin)
        guard let title = titles.lazy.map(cast.fill).first(where: { !brief.recent.repeats($0, as: .title) }) else { return nil }
        let story = Story(title: title, paragraphs: paragraphs, summary: cast.fill(trouble.summary),
                          illustrationPrompt: illustration(brief: brief, cast: cast, family: family))
        let used = parts.filter { $0.count > 0 }.map(\.part.id)
        return Written(story: story, family: family.id, episodes: used)
    }

    /// One paragraph, or two (or more) cut at sentences when it runs long.
    static func split(_ sentences: [String]) -> [String] {
        let length = sentences.reduce(0) { $0 + $1.count + 1 }
        guard length > paragraphCharacters, sentences.count > 1 else { return [sentences.joined(separator: " ")] }
        let pieces = (length + paragraphCharacters - 1) / paragraphCharacters
        let share = length / pieces
        var paragraphs: [String] = []
        var current: [String] = []
        var size = 0
        for sentence in sentences {
            if size >= share, paragraphs.count < pieces - 1 {
                paragraphs.append(current.joined(separator: " "))
                current = []
                size = 0
            }
            current.append(sentence)
            size += sentence.count + 1
        }
        if !current.isEmpty { paragraphs.append(current.joined(separator: " ")) }
        return paragraphs
    }

    static func illustration(brief: StoryBrief, cast: StoryCast, family: StoryFamily) -> String {
        var hero = "\(cast.hero), a \(brief.age)-year-old child"
        if let looks = StoryCast.clean(brief.appearance) { hero += " (\(StoryCast.trimmedPunctuation(looks)))" }
        return "A soft watercolour picture-book illustration of \(hero) with \(cast.friendIntro), \(family.scene) "
            + "Warm, calm bedtime colours, gentle light, cosy and safe, no text."
    }

    /// The list started at `spin` modulo its length, wrapping round.
    static func rotated<T>(_ list: [T], by spin: UInt64) -> [T] {
        guard !list.isEmpty else { return [] }
        let start = Int(spin % UInt64(list.count))
        return Array(list[start...] + list[..<start])
    }

    static func pick<T>(_ list: [T], _ random: inout SeededRandom) -> T {
        list[Int(random.next() % UInt64(list.count))]
    }

    static func shuffled<T>(_ list: [T], _ random: inout SeededRandom) -> [T] {
        var out = list
        guard out.count > 1 else { return out }
        for i in stride(from: out.count - 1, to: 0, by: -1) { out.swapAt(i, Int(random.next() % UInt64(i + 1))) }
        return out
    }

    /// a0 b0 a1 b1 …, then what is left of the longer list.
    static func interleave<T>(_ a: [T], _ b: [T]) -> [T] {
        var out: [T] = []
        for i in 0..<max(a.count, b.count) {
            if i < a.count { out.append(a[i]) }
            if i < b.count { out.append(b[i]) }
        }
        return out
    }
}
