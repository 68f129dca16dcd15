import FactoryCore
import Foundation

/// The speech `instructions` sent with each voice: one bedtime delivery for all (calm, soft,
/// slow, warm, winding down towards sleep) tailored to the voice's own character, after the seed
/// app's table (coral nurturing, nova a friendly storyteller, fable a wise grandfather, alloy
/// clear, echo dreamy, onyx a deep reassuring parent, shimmer melodic) and, for the voices it does
/// not list, after how each one sounds.
public enum BedtimeVoices {
    /// The delivery every voice shares, appended to its character.
    static let shared = "Read slowly and softly, as if to a child tucked up in bed with the lights low. Keep the volume gentle "
        + "and even, never loud or sudden; leave calm pauses between sentences and longer ones between paragraphs. Let "
        + "the pace and pitch settle a little lower as the story goes on, and say the last lines almost in a whisper."

    static let character: [Voice: String] = [
        .coral: "You are a warm, nurturing parent at bedtime. Speak with tenderness and a smile in your voice, "
            + "comforting and close, like a hug in words.",
        .nova: "You are a friendly storyteller who loves this story. Be engaging and lightly expressive, giving the "
            + "characters a gentle touch of personality without acting them out loudly.",
        .fable: "You are a wise, kind grandfather telling a favourite old tale by the fire. Unhurried, with a soft "
            + "twinkle, savouring the words as if you have told this story many times.",
        .alloy: "You are a clear, gentle reader. Pronounce every word cleanly and simply, so a young child can follow "
            + "easily, with a calm and patient tone.",
        .echo: "You are soft and dreamy, drifting like a lullaby. Let the words float, airy and hushed, creating a "
            + "peaceful, sleepy atmosphere.",
        .onyx: "You are a deep, reassuring parent voice. Low, steady and safe, every sentence saying that all is well "
            + "and it is time to rest.",
        .shimmer: "You are bright and melodic, with a touch of enchantment. Let the wonder in the story sparkle "
            + "quietly, light and musical but never excited.",
        .ash: "You are a gentle, grounded older sibling reading at bedtime. Relaxed and friendly, plain and honest, "
            + "with a soft, easy warmth.",
        .ballad: "You are a tender, lyrical narrator. Give the sentences a soft, flowing musicality, as if the story "
            + "were almost a lullaby, with feeling but never drama.",
        .sage: "You are a calm, thoughtful narrator. Serene and kind, with a quiet wisdom, speaking as if there is all "
            + "the time in the world.",
        .verse: "You are an expressive, poetic storyteller. Let the images in the words come alive with gentle colour "
            + "and rhythm, keeping every character's voice soft.",
        .marin: "You are a natural, warm narrator. Conversational and sincere, like a favourite aunt reading aloud, "
            + "relaxed and unhurried.",
        .cedar: "You are a deep, warm, natural voice, steady as an old tree. Soothing and grounded, with a slow, "
            + "comforting rhythm.",
    ]

    /// The bedtime instructions for `voice`.
    public static func instructions(for voice: Voice) -> String {
        (character[voice].map { $0 + " " } ?? "") + shared
    }
}
