import Foundation

/// Asks a text provider for structured JSON and checks the answer; a bad answer is asked for once
/// more with its problems stated (stage "text-retry", a second paid call), and a second bad
/// answer fails the item with the raw answers and the reason kept in `quarantine`.
///
/// With the series' memory, an answer that repeats what the series published (`SeriesGuard`) is
/// refused too: it leaves the cache for the quarantine and is asked again with the repeat named
/// and added to the prompt's list, up to `Self.maxAsks` asks in all ("text", "text-retry",
/// "text-retry-2"); every ask is paid and in the ledger. Malformed answers still get one retry only.
package struct StructuredWriting: Sendable {
    let item: String
    /// What is written, for the reason file ("chat-story", "recipe", "bedtime-story").
    let what: String
    let provider: any TextProvider
    let quarantine: URL
    /// The item's effort and thinking, set on every request.
    let reasoning: Reasoning
    /// The series' memory (nil: repeats are not checked).
    let memory: SeriesGuard?

    /// The most asks for one text with a memory: the first, and two re-asks after refused repeats.
    package static let maxAsks = 3

    package init(item: String, what: String, provider: any TextProvider, quarantine: URL, reasoning: Reasoning, memory: SeriesGuard? = nil) {
        self.item = item
        self.what = what
        self.provider = provider
        self.quarantine = quarantine
        self.reasoning = reasoning
        self.memory = memory
    }

    /// What the next ask is told: the previous answer's problem, and the texts refused as repeats.
    package struct Attempt: Sendable {
        package var problem: String?
        package var refused: [Remembered]
    }

    /// Where an item's answers refused as repeats are quarantined, under the week's `.quarantine/`:
    /// `_repeats/<item>` (no item id starts with `_`), which publishing the item leaves in place, so
    /// every paid answer that was not used stays to be looked at.
    package static func repeatsFolder(item: String) -> String { "_repeats/\(item)" }

    /// The stage an ask is recorded as: text, text-retry, text-retry-2.
    package static func stage(ask: Int) -> StageName { .text(ask: ask) }

    /// `request(attempt)` builds the request; `check` reads an answer; `remembered` says what a
    /// checked answer would publish (its checked fields are compared with the memory); `fix` ends
    /// the error with what the user can do instead.
    package func ask<Value>(context: CallContext, request: (Attempt) -> TextRequest,
                            check: (String) -> Result<Value, AnswerProblems>,
                            remembered: (Value) -> [Remembered] = { _ in [] }, fix: String) async throws -> (Value, [GenerationRecord]) {
        var records: [GenerationRecord] = []
        var answers: [String] = []
        var keys: [String] = []
        var attempt = Attempt(problem: nil, refused: [])
        var malformed = 0, repeats = 0
        let asks = memory == nil ? 2 : Self.maxAsks
        for ask in 1...asks {
            let stage = Self.stage(ask: ask)
            let written = try await provider.write(request(attempt).with(reasoning), context: context.with(stage: stage))
            records.append(written.record)
            answers.append(written.text)
            switch check(written.text) {
            case .success(let value):
                guard let memory, let finding = try await memory.check(remembered(value), stage: stage) else { return (value, records) }
                repeats += 1
                attempt.problem = finding.description
                attempt.refused += remembered(value).filter { $0.field.checked && !$0.fixed }
                // Out of the cache at once: a later run must not replay a refused repeat.
                if let key = written.key {
                    await context.gateway?.reject(key, item: Self.repeatsFolder(item: item), reason: "item \(item): \(what) answer refused as a repeat: \(finding)")
                }
                context.gateway?.log("item \(item) stage \(stage): \(finding); asked again")
            case .failure(let problems):
                malformed += 1
                attempt.problem = problems.description
                if let key = written.key { keys.append(key) }
            }
            try Task.checkCancellation()
            if malformed == 2 { break }
        }
        let problem = attempt.problem ?? ""
        let kept = try keep(answers, problem: problem)
        // The answers leave the cache, or every later run would replay them and fail the same way.
        for key in keys { await context.gateway?.reject(key, item: item, reason: "item \(item): rejected \(what) answer: \(problem)") }
        if repeats > 0, malformed == 0 {
            throw FactoryError(.provider, "item \(item): the \(provider.name) writer repeated what the series published \(repeats) times "
                               + "in \(answers.count) asks (last: \(problem)); nothing was published and the answers are in \(kept.path). "
                               + "Run again to ask afresh, lower `memory.weeks` in the manifest, or \(fix)")
        }
        throw FactoryError(.provider, "item \(item): the \(provider.name) writer's answer was rejected \(answers.count == 2 ? "twice" : "\(answers.count) times") (\(problem)); "
                           + "the raw answers are in \(kept.path). Run again to ask afresh, \(fix)")
    }

    /// Saves the rejected answers (secrets redacted) and the reason beside the week's bundles.
    func keep(_ answers: [String], problem: String) throws -> URL {
        try FileManager.default.createDirectory(at: quarantine, withIntermediateDirectories: true)
        for (i, answer) in answers.enumerated() {
            try AtomicFile.write(Data(Secrets.redact(answer).utf8), to: quarantine.appendingPathComponent("writer-answer-\(i + 1).txt"))
        }
        try AtomicFile.write(Data("item \(item): rejected \(what) answers\nreason: \(problem)\n".utf8),
                             to: quarantine.appendingPathComponent("reason.txt"))
        return quarantine
    }
}
