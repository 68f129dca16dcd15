import FactorySystem
import Foundation
import Yams

/// Decodes a data file that is not a manifest (a content library's JSON or YAML) the way the
/// manifest is decoded: strictly, through Yams' nodes, so every problem carries the file, line,
/// column and path (`quotes/calm.json:4:7: quotes[1].text: …`). JSON is read as YAML (its subset).
public enum DataFileDecoder {
    /// `text` decoded as `T`; throws `ManifestError` with every unknown key and the first
    /// decoding problem, each located. `display` is how the file is named in the messages.
    public static func decode<T: Decodable>(_ type: T.Type, text: String, display: String) throws(ManifestError) -> T {
        var session = LoadSession(file: URL(fileURLWithPath: display), display: display)
        do throws(AliasBudget.Exceeded) { try AliasBudget.check(text) } catch {
            throw ManifestError([Problem(file: display, line: error.line, column: error.column, path: "", message: error.message)])
        }
        let root: Node
        do {
            guard let node = try Yams.compose(yaml: text, .basic, .default, .utf8) else {
                throw ManifestError([Problem(file: display, path: "", message: "the file is empty")])
            }
            root = node
        } catch let error as YamlError {
            throw ManifestError([session.yamlProblem(error)])
        } catch let error as ManifestError {
            throw error
        } catch {
            throw ManifestError([Problem(file: display, path: "", message: "\(error)")])
        }
        let value = session.decode(T.self, from: root, base: NodePath())
        guard session.problems.isEmpty, let value else {
            throw ManifestError(session.problems.sorted { ($0.line ?? 0, $0.column ?? 0) < ($1.line ?? 0, $1.column ?? 0) })
        }
        return value
    }
}
