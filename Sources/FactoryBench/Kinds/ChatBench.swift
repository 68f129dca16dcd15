import FactoryCore
import FactoryKinds
import FactoryImaging
import FactoryMedia
import Foundation

/// The chat video render alone, timed from a written conversation to a finished MP4: every piece
/// rasterised, the typed text as it changes, composition, sound, encoding and muxing (what
/// `make bench` compares with libx264 encoding the same frames).
public enum ChatBench {
    /// A 30-message story (the longest length) from the text provider, validated like a run's.
    public static func conversation(provider: any TextProvider, genre: Genre = .drama) async throws -> Conversation {
        let brief = ConversationBrief(prompt: "a message meant for someone else", genre: genre, mood: .dramatic, length: .long,
                                      messageCount: 30, cast: [], personalities: [:], seed: 30)
        let written = try await provider.write(ChatPrompt.request(brief), context: CallContext(item: "bench", stage: .text, gateway: nil))
        return try ConversationCheck.validate(written.text, brief: brief).get()
    }

    /// Renders `conversation` as a story-format iMessage video with keyboard; returns the seconds.
    public static func render(_ conversation: Conversation, to path: String, theme: ChatTheme = .imessage,
                              tuning: RenderTuning = .standard, trace: BenchTrace = .off) throws -> (seconds: Double, frames: Int) {
        let spec = ChatSpec(theme: theme, genre: .drama, keyboard: true)
        let started = DispatchTime.now().uptimeNanoseconds
        let timeline = ChatTimeline(conversation: conversation, secondsPerCharacter: spec.typingSpeed.secondsPerCharacter, fps: 30)
        let art = ChatArt(conversation: conversation, spec: spec, format: .story, brand: Brand(handle: "@bench"))
        let built = try ChatScene(art: art, timeline: timeline, insets: Format.story.safeInsets).build()
        let sound = try ChatSoundtrack.mix(timeline: timeline, conversation: conversation, music: nil, musicVolume: 0)
        Vips.releaseMemory()
        // The text contrast is measured (and raised) as a run does: part of the item's time.
        let scene = try TextLegibility.ensure(built.scene, fps: 30).raised.scene
        let stats = try SceneRenderer.render(scene, audio: sound, to: path,
                                             settings: VideoSettings(width: art.metrics.width, height: art.metrics.height, fps: 30,
                                                                     bitrate: 8_000_000, preset: .standard, content: .screen, tuning: tuning))
        trace("chat rendered: compose \(String(format: "%.2f", stats.composeSeconds)) s of \(String(format: "%.2f", stats.seconds)) s, \(stats.frames) frames, \(built.typedText?.rasterised ?? 0) typed versions")
        return (Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9, stats.frames)
    }
}
