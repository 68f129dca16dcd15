import FactoryCore
import FactoryMedia

/// The chat video's sound: a key click per keystroke, a swoosh when "me" sends, a ding when a
/// message arrives, a soft tick for reactions, over an optional music bed ducked under them.
package enum ChatSoundtrack {
    package static func mix(timeline: ChatTimeline, conversation: Conversation, music: AudioBuffer?, musicVolume: Double) throws -> AudioBuffer {
        var mixer = SoundtrackMixer(duration: timeline.duration)
        let swoosh = SoundEffects.sendSwoosh(), ding = SoundEffects.receiveDing()
        let clicks = (0..<4).map { SoundEffects.keyClick(variant: $0) }
        for entry in timeline.entries {
            let text = Array(conversation.messages[entry.index].text)
            for (k, t) in entry.keystrokes.enumerated() {
                // Spaces sound deeper on a phone keyboard: the last variant is the space bar.
                let variant = text[k] == " " ? 3 : (k * 7 + entry.index) % 3
                mixer.add(clicks[variant], at: t)
            }
            mixer.add(entry.isMe ? swoosh : ding, at: entry.appear)
            if let at = entry.reactionAt { mixer.add(clicks[1], at: at, gain: 1.6) }
        }
        if let music { mixer.setMusic(music, gain: Float(musicVolume)) }
        return mixer.mixdown()
    }
}
