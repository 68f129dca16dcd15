import Foundation

/// Asks a text provider for structured JSON and checks the answer; a bad answer is asked for once
/// more with its problems stated (stage "text-retry", a second paid call), and a second bad
/// answer fails the item with both raw answers and the reason kept in `quarantine`.
package struct StructuredWriting: Sendable {
    let item: String
    /// What is written, for the reason file ("chat-story", "recipe", "bedtime-story").
    let what: String
    let provider: any TextProvider
    let quarantine: URL
    /// The item's effort and thinking, set on every request.
    let reasoning: Reasoning

    package init(item: String, what: String, provider: any TextProvider, quarantine: URL, reasoning: Reasoning) {
        self.item = item
        self.what = what
        self.provider = provider
        self.quarantine = quarantine
        self.reasoning = reasoning
    }

    /// `request(problem)` builds the request (nil: the first ask); `check` reads an answer; `fix`
    /// ends the error with what the user can do instead.
    package func ask<Value>(context: CallContext, request: (String?) -> TextRequest,
                    check: (String) -> Result<Value, ConversationCheck.Problems>, fix: String) async throws -> (Value, [GenerationRecord]) {
        var records: [GenerationRecord] = []
        var answers: [String] = []
        var keys: [String] = []
        var problem: String?
        for attempt in 1...2 {
            let written = try await provider.write(request(problem).with(reasoning), context: context.with(stage: attempt == 1 ? "text" : "text-retry"))
            records.append(written.record)
            answers.append(written.text)
            if let key = written.key { keys.append(key) }
            switch check(written.text) {
            case .success(let value): return (value, records)
            case .failure(let problems): problem = problems.description
            }
            try Task.checkCancellation()
        }
        let kept = try keep(answers, problem: problem ?? "")
        // Both answers leave the cache, or every later run would replay them and fail the same way.
        for key in keys { await context.gateway?.reject(key, item: item, reason: "item \(item): rejected \(what) answer: \(problem ?? "")") }
        throw FactoryError(.provider, "item \(item): the \(provider.name) writer's answer was rejected twice (\(problem ?? "")); "
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
