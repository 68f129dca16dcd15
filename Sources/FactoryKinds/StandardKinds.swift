import FactoryCore
import FactoryMedia
import Foundation

/// The render knobs the kinds' jobs are made with, named here so the command layer can resolve
/// them (`RenderTuning(environment:)`) without importing the media engine.
public typealias KindRenderTuning = RenderTuning

/// The kinds the factory makes, registered once: the manifest loader, the planner and the
/// runner know a kind only through its descriptor here. A fifth kind adds its folder and one line.
public enum StandardKinds {
    public static let registry = tunedRegistry(.standard)

    /// The same kinds, their jobs rendering with `tuning` (what `run` builds its `Runner` with).
    public static func tunedRegistry(_ tuning: RenderTuning) -> KindRegistry {
        KindRegistry([
            PosterKind.tunedDescriptor(tuning),
            BedtimeKind.tunedDescriptor(tuning),
            RecipeKind.tunedDescriptor(tuning),
            ChatKind.tunedDescriptor(tuning),
        ])
    }
}
