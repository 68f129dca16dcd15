import Foundation

extension ProviderSet {
    /// The same providers, each call reported to `progress` as one stage of its item (live or
    /// offline alike): counted in flight while it runs, then timed, with its model, cost and cache flag.
    func reporting(to progress: RunProgress) -> ProviderSet {
        ProviderSet(text: ReportingText(inner: text, progress: progress), image: ReportingImage(inner: image, progress: progress),
                    speech: speech.map { ReportingSpeech(inner: $0, progress: progress) }, description: description,
                    fetchesDone: fetchesDone, fetchesFirst: fetchesFirst)
    }
}

/// A record's model, cost and whether the gateway answered from the cache.
private func described(_ record: GenerationRecord) -> (model: String, costUSD: Double, cached: Bool) {
    (record.model, record.costUSD, record.cached)
}

// Planning goes through the wrapped provider unchanged (`isPaid`, `plannedCall`): only calls are reported.

private struct ReportingText: TextProvider {
    let inner: any TextProvider
    let progress: RunProgress
    var name: String { inner.name }
    var isPaid: Bool { inner.isPaid }
    func plannedCall(write request: TextRequest) throws -> PaidCall? { try inner.plannedCall(write: request) }

    func write(_ request: TextRequest, context: CallContext) async throws -> WrittenText {
        try await progress.stage(item: context.item, stage: context.stage, provider: inner.identity, describe: { described($0.record) }) {
            try await inner.write(request, context: context)
        }
    }
}

private struct ReportingImage: ImageProvider {
    let inner: any ImageProvider
    let progress: RunProgress
    var name: String { inner.name }
    var isPaid: Bool { inner.isPaid }
    func plannedCall(_ request: ImageRequest) throws -> PaidCall? { try inner.plannedCall(request) }

    func generate(_ request: ImageRequest, context: CallContext) async throws -> GeneratedImage {
        try await progress.stage(item: context.item, stage: context.stage, provider: inner.identity, describe: { described($0.record) }) {
            try await inner.generate(request, context: context)
        }
    }
}

private struct ReportingSpeech: SpeechProvider {
    let inner: any SpeechProvider
    let progress: RunProgress
    var name: String { inner.name }
    var isPaid: Bool { inner.isPaid }
    func plannedCall(_ request: SpeechRequest, item: String) throws -> PaidCall? { try inner.plannedCall(request, item: item) }

    func speak(_ request: SpeechRequest, context: CallContext) async throws -> SpokenAudio {
        try await progress.stage(item: context.item, stage: context.stage, provider: inner.identity, describe: { described($0.record) }) {
            try await inner.speak(request, context: context)
        }
    }
}
