import FactoryCore
import FactoryMedia
import Foundation

extension Kind {
    /// A quote poster of one of the eight series, as a still and a short video.
    public static let poster = Kind("poster")
}

extension MemoryField {
    /// A poster's quote: refused when repeated within the window.
    public static let quote = MemoryField("quote", checked: true)
    /// Who the quote is by: kept, and may recur.
    public static let attribution = MemoryField("attribution", checked: false)
}

/// The poster kind's registration: how its items decode and how its job is made.
public enum PosterKind {
    /// The registration with the shipping render settings.
    public static let descriptor = tunedDescriptor(.standard)

    /// The registration whose jobs render with `tuning` (resolved by the command layer).
    public static func tunedDescriptor(_ tuning: RenderTuning) -> KindDescriptor {
        KindDescriptor(
            kind: .poster, keys: PosterSpec.keys, textEffort: .low, summary: "a quote poster and its short video",
            look: KindLook(name: "poster", filterLabel: "Posters", colour: "#a06cd5"),
            // A poster is remembered and listed by its series, not by its kind.
            memory: KindMemory(fields: [.quote, .attribution], series: Series.allCases.map(\.rawValue)),
            offline: QuoteBrief.offlineWriter,
            decode: { try PosterSpec(from: $0) },
            job: { item, spec, context in
                PosterJob(item: item, spec: spec, manifest: context.manifest, providers: context.providers,
                          memory: context.memory.map { $0.guarding(item: item) }, tuning: tuning.sharing(renders: context.rendersAtOnce))
            })
    }
}

extension PosterSpec: KindSpec {
    /// The poster video runs its `duration` at 30 fps.
    public var renderWork: RenderWork { RenderWork(seconds: duration, fps: Double(PosterVideo.fps)) }
    public var imageModel: String? { model }
    /// A poster remembers and is listed by its series (monday-motivation …), not by its kind.
    public var memorySeries: String? { series.rawValue }

    public func missingStage(_ group: StageGroup) -> String? {
        switch group {
        case .speech: "only bedtime stories are narrated"
        case .text: "its quote is in the manifest"
        default: nil
        }
    }
}

extension Item {
    /// The item's poster settings (nil for an item of another kind).
    public var poster: PosterSpec? { spec(PosterSpec.self) }
}
