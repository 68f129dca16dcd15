import Foundation

/// One request to a warm Piper worker, as the JSON line its script reads
/// (`PiperVoice.workerScript`).
struct PiperRequest: Encodable, Sendable {
    var text: String
    /// Piper's `length_scale`: above 1 reads slower.
    var scale: Double
    /// Seconds of silence between sentences.
    var silence: Double
    /// A sentence of more phonemes is read in parts (`PiperVoice.longestPart`); 0 reads it whole.
    var longest = PiperVoice.longestPart
    /// The decoder's window in latent frames (`PiperVoice.decoderWindow`); 0 decodes a sentence at once.
    var frames = PiperVoice.decoderWindow
    /// Piper's `noise_scale` and `noise_w`; nil keeps the voice's own (a test sets 0 to compare readings).
    var noise: Double?
}
