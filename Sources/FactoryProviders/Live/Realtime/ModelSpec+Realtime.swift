import FactoryCore
import Foundation

/// Prices of a token-billed Realtime row: text and audio tokens, in and out, per million.
extension ModelSpec {
    /// What one ask is expected to cost, and the most reserved for it (1.5×, a ceiling): the
    /// instructions and text as input text tokens (4 characters a token), the expected speech as
    /// output audio tokens (`audio_tokens_per_second`), and its transcript as output text tokens.
    func realtimeSpeech(_ ask: RealtimeAsk) -> CostEstimate {
        let input = Double(LiveClient.tokens(ask.instructions) + LiveClient.tokens(ask.text))
        let seconds = ask.expectedSeconds
        let audio = (seconds * (audioTokensPerSecond ?? 20)).rounded(.up)
        let transcript = Double(LiveClient.tokens(ask.text))
        let usd = (input * (inputPerMillion ?? 0) + audio * (audioOutputPerMillion ?? 0) + transcript * (outputPerMillion ?? 0)) / 1e6
        return CostEstimate(usd: usd, maxUSD: usd * 1.5,
                            units: ["input_tokens": input, "output_tokens": audio + transcript, "audio_tokens": audio, "audio_seconds": seconds])
    }

    /// What a response cost from its `usage` (which "corresponds to billing"): uncached input text
    /// and audio at their rates, cached input at the cache rate (cached tokens are a subset of the
    /// input tokens), output text and audio at theirs. Units for the ledger, `audio_seconds` from the PCM.
    func actualRealtime(_ usage: RealtimeUsage, audioSeconds: Double) -> (usd: Double, units: [String: Double]) {
        let details = usage.input_token_details
        let audioIn = details?.audio_tokens ?? 0
        let textIn = details?.text_tokens ?? max(0, (usage.input_tokens ?? 0) - audioIn)
        let cachedAudio = details?.cached_tokens_details?.audio_tokens ?? 0
        let cachedText = details?.cached_tokens_details?.text_tokens ?? max(0, (details?.cached_tokens ?? 0) - cachedAudio)
        let audioOut = usage.output_token_details?.audio_tokens ?? 0
        let textOut = usage.output_token_details?.text_tokens ?? max(0, (usage.output_tokens ?? 0) - audioOut)
        let inRate = inputPerMillion ?? 0, audioInRate = audioInputPerMillion ?? inRate
        let usd = (Double(max(0, textIn - cachedText)) * inRate + Double(cachedText) * (cacheReadPerMillion ?? inRate)
                   // No cached-audio price in the row: cached audio input is counted at the audio input rate (never less than billed).
                   + Double(audioIn) * audioInRate
                   + Double(textOut) * (outputPerMillion ?? 0) + Double(audioOut) * (audioOutputPerMillion ?? 0)) / 1e6
        let units = ["input_tokens": Double(textIn + audioIn), "output_tokens": Double(textOut + audioOut),
                     "audio_tokens": Double(audioOut), "audio_seconds": audioSeconds]
        return (usd, units)
    }

    /// An estimate for a response cut before its `response.done` (a dropped socket, an expired
    /// session): it may have been billed, so its input and the audio already received are counted.
    func realtimeCut(_ ask: RealtimeAsk, audioSeconds: Double) -> Double {
        let input = Double(LiveClient.tokens(ask.instructions) + LiveClient.tokens(ask.text))
        let audio = audioSeconds * (audioTokensPerSecond ?? 20)
        return (input * (inputPerMillion ?? 0) + audio * (audioOutputPerMillion ?? 0)) / 1e6
    }
}
