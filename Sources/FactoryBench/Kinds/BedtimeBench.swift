import FactoryCore
import FactoryKinds
import FactoryImaging
import FactoryMedia
import Foundation

/// The read-along render of a story of any length, for the memory figure of `make bench`: a
/// narration of `minutes` built from espeak-ng sentences, its captions, the illustration, and the
/// video with the narration streamed in. Returns the render's seconds.
public enum BedtimeBench {
    public static func render(minutes: Double, cover: Data, to path: String, work: URL,
                              tuning: RenderTuning = .standard) throws -> Double {
        let lines = ["Mia walked softly along the path under the tall and sleepy trees.",
                     "Hoot the owl blinked his round golden eyes and hummed a little song.",
                     "The fireflies drifted past like tiny lanterns in the warm evening air.",
                     "Far away, the river whispered goodnight to the smooth grey stones.",
                     "Mia smiled, because the forest felt like a blanket wrapped around her."]
        let voiced = try lines.map { try Espeak.synthesize(text: $0, voice: "en-us+f3", rate: 140) }
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let file = work.appendingPathComponent("bench-narration.wav").path
        let writer = try NarrationWriter(path: file)
        var cues: [Captions.Cue] = []
        var k = 0, total = 0.0
        while total < minutes * 60 {
            let (pcm, rate) = voiced[k % voiced.count]
            let timing = try writer.append(pcm: pcm, sampleRate: rate, pauseAfter: 0.5)
            cues.append(Captions.Cue(start: timing.start, end: timing.start + timing.duration, text: lines[k % lines.count]))
            total = timing.start + timing.duration + 0.5
            k += 1
        }
        let duration = try writer.finish()
        let started = DispatchTime.now().uptimeNanoseconds
        let story = Story(title: "The Firefly Path", paragraphs: lines, summary: "", illustrationPrompt: "")
        let scene = try BedtimeArt(width: 1080, height: 1920, format: .story)
            .scene(cover: try Image.decode(cover), story: story, hero: "Mia", cues: cues, duration: duration)
        Vips.releaseMemory()
        let source = try NarrationSource(path: file)
        _ = try SceneRenderer.render(scene, source: source, to: path,
                                     settings: VideoSettings(width: 1080, height: 1920, fps: BedtimeArt.fps, bitrate: 4_000_000, preset: .standard,
                                                             content: .illustration, tuning: tuning))
        try? FileManager.default.removeItem(atPath: file)
        return Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
    }
}
