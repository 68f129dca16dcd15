/// Where a long tool's progress goes: a notification per step for the request's progress token,
/// or nowhere when the client sent none.
struct ProgressSink: Sendable {
    let send: @Sendable (_ progress: Double, _ total: Double?, _ message: String) async -> Void

    static let none = ProgressSink { _, _, _ in }
}

/// Counts finished stages and reports each one; progress only grows, as the protocol asks.
actor StageCounter {
    private let sink: ProgressSink
    private var total: Double?
    private var done = 0.0

    init(_ sink: ProgressSink, total: Int?) {
        self.sink = sink
        self.total = total.map(Double.init)
    }

    func note(_ message: String) async { await sink.send(done, total, message) }

    func finished(_ stage: StageLine) async {
        done += 1
        if let known = total, done > known { total = nil }
        await sink.send(done, total, stage.summary)
    }
}
