import FactoryCore
import FactoryImaging
import FactoryMedia
import Foundation

/// The poster video render alone, timed from laid-out still elements to a finished MP4: layer
/// rasterisation, composition, encoding and muxing (what `make bench` compares with libx264).
public enum PosterBench {
    public static func render(_ item: Item, manifest: Manifest, to path: String, providers: ProviderSet) async throws -> Double {
        guard case .poster(let spec) = item.content else { throw FactoryError(.unsupported, "item \(item.id) is not a poster") }
        trace("start")
        let size = item.format.generationSize
        let generated = try await providers.image.generate(ImageRequest(
            positivePrompt: spec.prompt, negativePrompt: Series.negativePrompt, model: spec.model, width: size.width, height: size.height,
            steps: spec.steps, cfgScale: spec.cfgScale, seed: Seed.from(item.id),
            hints: ["series": spec.series.rawValue, "week": manifest.week.description, "prompt": spec.prompt]), context: CallContext(item: item.id, stage: "image", gateway: nil))
        trace("generated")
        let layout = try PosterLayout.make(image: try Image.decode(generated.data), format: item.format, series: spec.series,
                                           quote: spec.quote ?? "Begin where you are. Use what you have. Do what you can.",
                                           attribution: spec.attribution ?? "", brand: manifest.brand)
        Vips.releaseMemory()
        trace("laid out")
        let started = DispatchTime.now().uptimeNanoseconds
        let scene = try PosterVideo.scene(layout, duration: spec.duration)
        trace("scene rasterised in \(String(format: "%.3f", Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9)) s")
        let music = try item.music.map { try AudioDecoder.decode(path: $0, maxSeconds: spec.duration + 1).trimmed(length: spec.duration) }
        let stats = try SceneRenderer.render(scene, audio: music, to: path,
                                     settings: VideoSettings(width: layout.width, height: layout.height, fps: 30,
                                                             bitrate: PosterVideo.bitrate, preset: item.quality.preset))
        trace("rendered: compose \(String(format: "%.2f", stats.composeSeconds)) s of \(String(format: "%.2f", stats.seconds)) s")
        return Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
    }

    /// With FACTORY_BENCH_TRACE set, prints resident memory at each step (to stderr).
    static func trace(_ step: String) {
        guard ProcessInfo.processInfo.environment["FACTORY_BENCH_TRACE"] != nil else { return }
        let rss = ProcessMemory.resident()
        FileHandle.standardError.write(Data("\(step): rss \(rss.current / 1024) MB, peak \(rss.peak / 1024) MB\n".utf8))
    }
}
