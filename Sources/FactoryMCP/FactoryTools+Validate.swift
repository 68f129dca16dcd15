import FactoryCore
import Foundation
import MCP

extension FactoryTools {
    /// validate_manifest: `ManifestLoader.validate`, the function `factory validate` calls, with
    /// its problems as data. An invalid manifest is an answer (valid: false), not a tool error.
    func validate(_ arguments: ToolArguments) throws -> CallTool.Result {
        let path = try arguments.string("path"), yaml = try arguments.string("yaml")
        guard (path == nil) != (yaml == nil) else { throw ToolFailure("give path (a manifest file) or yaml (its text), not both") }
        var week: ISOWeek?
        if let text = try arguments.string("week") {
            guard let parsed = ISOWeek(text) else { throw ToolFailure("week \(text): write an ISO week such as 2026-W48") }
            week = parsed
        }
        var temporary: URL?
        defer { if let temporary { try? FileManager.default.removeItem(at: temporary) } }
        let file: String
        if let yaml {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("factory-mcp-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            temporary = folder
            file = folder.appendingPathComponent("manifest.yaml").path
            try Data(yaml.utf8).write(to: URL(fileURLWithPath: file))
        } else {
            file = path ?? ""
        }
        // The text's problems name it `manifest.yaml`, not the temporary copy.
        let shown = yaml == nil ? file : "manifest.yaml"
        let outcome = Self.check(file, shown: shown, week: week, kinds: configuration.kinds)
        return ToolAnswer.success(outcome.text, try ToolAnswer.value(outcome))
    }

    struct Validation: Encodable {
        struct Found: Encodable {
            var file: String
            var line: Int?
            var column: Int?
            var path: String
            var message: String
            var fix: String?

            // Nil fields are written as null: the schema lists every key.
            func encode(to encoder: Encoder) throws {
                var c = encoder.container(keyedBy: CodingKeys.self)
                try c.encode(file, forKey: .file)
                try c.encode(line, forKey: .line)
                try c.encode(column, forKey: .column)
                try c.encode(path, forKey: .path)
                try c.encode(message, forKey: .message)
                try c.encode(fix, forKey: .fix)
            }
            enum CodingKeys: String, CodingKey { case file, line, column, path, message, fix }
        }
        var valid: Bool
        var file: String
        var week: String?
        var items: Int?
        var summary: String
        var problems: [Found]
        /// The CLI's own lines: each problem, then the summary.
        var text: String { (problems.map { Self.line($0) } + [summary]).joined(separator: "\n") }

        static func line(_ found: Found) -> String {
            Problem(file: found.file, line: found.line, column: found.column, path: found.path, message: found.message).description
        }

        enum CodingKeys: String, CodingKey { case valid, file, week, items, summary, problems }
    }

    /// Checks `file` as `factory validate FILE` does, naming it `shown` in the answer.
    static func check(_ file: String, shown: String, week: ISOWeek?, kinds: KindRegistry) -> Validation {
        let found: [Problem]
        do {
            let clock = try RunDate.today(environment: ProcessInfo.processInfo.environment)
            let loaded = try ManifestLoader.validate(path: file, kinds: kinds, week: week, clock: clock)
            let counts = kinds.kinds.compactMap { kind -> String? in
                let n = loaded.items.filter { $0.kind == kind }.count
                return n > 0 ? "\(n) \(kind.rawValue)" : nil
            }.joined(separator: ", ")
            let standing = loaded.weekSpec.isStanding ? ", week: \(loaded.weekSpec)" : ""
            return Validation(valid: true, file: shown, week: loaded.week.description, items: loaded.items.count,
                              summary: "\(shown): ok — \(loaded.items.count) items for \(loaded.week) (\(counts)\(standing))", problems: [])
        } catch let error as ManifestError {
            found = error.problems
        } catch {
            found = [Problem(file: file, path: "", message: "\(error)")]
        }
        let problems = found.map { problem in
            Validation.Found(file: problem.file == file ? shown : problem.file, line: problem.line, column: problem.column,
                             path: problem.path, message: problem.message, fix: fix(problem.message))
        }
        return Validation(valid: false, file: shown, week: nil, items: nil,
                          summary: "\(problems.count) problem\(problems.count == 1 ? "" : "s") in \(shown)", problems: problems)
    }

    /// A problem's message says what is wrong, then after "; " what to do about it.
    static func fix(_ message: String) -> String? {
        guard let split = message.range(of: "; ") else { return nil }
        let rest = message[split.upperBound...].trimmingCharacters(in: .whitespaces)
        return rest.isEmpty ? nil : rest
    }
}
