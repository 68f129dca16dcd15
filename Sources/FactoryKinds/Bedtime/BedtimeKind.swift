import FactoryCore
import FactoryMedia
import Foundation

extension Kind {
    /// A narrated bedtime story with its read-along video.
    public static let bedtimeStory = Kind("bedtime-story")
}

extension MemoryField {
    /// A story's hero by name: kept, and may recur (the manifest names them).
    public static let hero = MemoryField("hero", checked: false)
}

/// The bedtime kind's registration: how its items decode and how its job is made.
public enum BedtimeKind {
    /// The registration with the shipping render settings.
    public static let descriptor = tunedDescriptor(.standard)

    /// The registration whose jobs render with `tuning` (resolved by the command layer).
    public static func tunedDescriptor(_ tuning: RenderTuning) -> KindDescriptor {
        KindDescriptor(
            kind: .bedtimeStory, keys: BedtimeSpec.keys, textEffort: .medium, summary: "a narrated bedtime story",
            look: KindLook(name: "bedtime story", filterLabel: "Bedtime stories", colour: "#5e5ce6", soundRequired: true,
                           narrated: true),
            memory: KindMemory(fields: [.hero]),
            loudness: LoudnessTarget.Preset.bedtime.target, forChildren: true,
            offline: StoryBrief.offlineWriter, offlineArt: StorybookPainter.offlineArt, fakeAnswer: FakeStory.answer,
            decode: { try BedtimeSpec(from: $0) },
            job: { item, spec, context in
                BedtimeJob(item: item, spec: spec, manifest: context.manifest, providers: context.providers,
                           weekFolder: context.weekFolder, memory: context.memory.map { $0.guarding(item: item) }, tuning: tuning.sharing(renders: context.rendersAtOnce))
            })
    }
}

extension BedtimeSpec: KindSpec {
    /// The read-along video runs about 40 s per minute the story is asked to last.
    public var renderWork: RenderWork { RenderWork(seconds: Double(lengthMinutes) * 40, fps: Double(BedtimeArt.fps)) }
    public var narrationVoice: String? { voice.rawValue }

    public func missingStage(_ group: StageGroup) -> String? {
        switch group {
        case .speech: "no speech provider is set"
        case .text: "its story comes from the override file"
        default: nil
        }
    }
}
