import FactoryCore
import FactoryKinds
import FactoryImaging
import FactoryMedia
import Foundation

/// The poster video render alone, timed from laid-out still elements to a finished MP4: layer
/// rasterisation, composition, encoding and muxing (what `make bench` compares with libx264).
public enum PosterBench {
    /// Fetches the item's assets through the job a run uses (its quote and image requests, with
    /// `providers`), lays out the first variant as a run does, then times the job's own video step.
    public static func render(_ item: Item, manifest: Manifest, to path: String, providers: ProviderSet,
                              tuning: RenderTuning = .standard, trace: BenchTrace = .off) async throws -> Double {
        guard let spec = item.spec(PosterSpec.self) else { throw FactoryError(.unsupported, "item \(item.id) is not a poster") }
        trace("start")
        let job = PosterJob(item: item, spec: spec, manifest: manifest, providers: providers, tuning: tuning)
        let (assets, _) = try await job.fetch(context: CallContext(item: item.id, stage: .unnamed, gateway: nil))
        guard let first = assets.images.first else { throw FactoryError(.render, "item \(item.id): no poster variant was made") }
        trace("generated")
        let scene = try PosterVideo.scene(try job.layout(first, quote: assets.quote, attribution: assets.attribution),
                                          duration: spec.duration)
        Vips.releaseMemory()
        trace("laid out")
        let started = DispatchTime.now().uptimeNanoseconds
        // The text contrast is measured (and raised) as a run does: part of the item's time.
        let legible = try TextLegibility.ensure(scene, fps: PosterVideo.fps).raised.scene
        let (_, stats) = try job.video(legible, to: path)
        trace("rendered: compose \(String(format: "%.2f", stats.composeSeconds)) s of \(String(format: "%.2f", stats.seconds)) s")
        return Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
    }

}

/// Resident memory at each step of a bench, printed to stderr when on (`FACTORY_BENCH_TRACE`,
/// read once by `factory-bench`).
public struct BenchTrace: Sendable {
    public var on: Bool
    public static let off = BenchTrace(on: false)

    public init(on: Bool) { self.on = on }

    func callAsFunction(_ step: String) {
        guard on else { return }
        let rss = ProcessMemory.resident()
        FileHandle.standardError.write(Data("\(step): rss \(rss.current / 1024) MB, peak \(rss.peak / 1024) MB\n".utf8))
    }
}
