import FactorySystem
import Foundation
import Yams

/// Reads a manifest: YAML → nodes (with line and column) → defaults merged per item → Codable
/// decoding into resolved values → checks of ids, dates and local files. Every problem found is
/// reported, not just the first.
public enum ManifestLoader {
    /// Loads and validates `path`; throws `ManifestError` listing every problem. A standing
    /// `week:` (`auto`, `next`) is resolved from `clock` in the manifest's time zone; `week`
    /// (`--week`) overrides whatever the manifest says. Items are decoded by their kinds'
    /// descriptors in `kinds`; an item of a kind not there is a problem at its `kind:`.
    public static func load(path: String, kinds: KindRegistry, week: ISOWeek? = nil, clock: RunClock = .now(Date())) throws -> Manifest {
        var session = LoadSession(path: path, kinds: kinds)
        session.weekOverride = week
        session.clock = clock
        return try session.run()
    }
}

/// One load: the file, its nodes and the problems found so far.
struct LoadSession {
    let file: URL
    let display: String
    var problems: [Problem] = []
    /// Problems that fail one item but not the manifest (a missing local file), by item id.
    var itemProblems: [String: [Problem]] = [:]
    let collector = ProblemCollector()
    /// The kinds items may be of, each decoding its own settings.
    let kinds: KindRegistry
    /// `--week`, and where "today" comes from for a standing week.
    var weekOverride: ISOWeek?
    var clock: RunClock = .now(Date())
    /// Where FACTORY_SPEECH_MODEL is read, so validate sees the model run will use. Read once per
    /// load: an item's session has none (reading it per item was a tenth of a 10,000-item estimate).
    var environment: [String: String]

    init(path: String, kinds: KindRegistry = KindRegistry([])) {
        file = URL(fileURLWithPath: path).standardizedFileURL
        display = path
        self.kinds = kinds
        environment = ProcessInfo.processInfo.environment
    }

    /// A session for one item of a load (or one data file).
    init(file: URL, display: String, kinds: KindRegistry = KindRegistry([]), environment: [String: String] = [:]) {
        self.file = file
        self.display = display
        self.kinds = kinds
        self.environment = environment
    }

    mutating func run() throws -> Manifest {
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw ManifestError([Problem(file: display, path: "", message: "cannot read the manifest; check the path and permissions")])
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ManifestError([Problem(file: display, path: "", message: "the manifest is not UTF-8 text")])
        }
        do throws(AliasBudget.Exceeded) { try AliasBudget.check(text) } catch {
            throw ManifestError([Problem(file: display, line: error.line, column: error.column, path: "", message: error.message)])
        }
        let root: Node
        do {
            // The basic resolver (every plain scalar a string until decoded): the default one runs up
            // to seven regexes for each key lookup, half of loading a 10,000-item manifest. Decoding
            // does not depend on it: numbers, booleans and nulls are parsed from the text.
            guard let node = try Yams.compose(yaml: text, .basic, .default, .utf8) else {
                throw ManifestError([Problem(file: display, path: "", message: "the manifest is empty; start from manifests/sample-week.yaml")])
            }
            root = node
        } catch let error as YamlError {
            throw ManifestError([yamlProblem(error)])
        }
        guard root.mapping != nil else {
            throw ManifestError([problem(at: root, path: "", "the manifest must be a mapping with version, week and items")])
        }

        let header: HeaderDecoding? = decode(HeaderDecoding.self, from: root, base: NodePath())
        var defaults = splitDefaults(root["defaults"])
        defaults.topLevel = root.mapping?.filter { $0.key.string == "loudness" }.map { ($0.key, $0.value) } ?? []
        var items: [Item] = []
        var seenIds: [String: String] = [:]
        let zone = header.flatMap { TimeZone(identifier: $0.timezone) } ?? TimeZone(identifier: "UTC")!
        let week = header?.week.resolve(override: weekOverride, today: clock.moment(in: zone), in: zone)
        // One formatter for the whole load: making one per item was a fifth of a 10,000-item load.
        let days = Self.dayFormatter(zone)

        if let list = root["items"] {
            if list.sequence == nil {
                problems.append(problem(at: list, path: "items", "items must be a list of items, each starting with `- id: …`"))
            }
            var dates: [Weekday: String?] = [:]
            Self.resolveTags(root)
            for decoded in decodeItems(list.sequence.map(Array.init) ?? [], defaults: defaults) {
                let node = decoded.node, base = decoded.base
                problems += decoded.problems
                guard let merged = decoded.merged, var item = decoded.item else { continue }
                checkId(item.id, node: node["id"] ?? node, base: base, seen: &seenIds)
                if let week {
                    if dates[item.day] == nil { dates[item.day] = week.date(of: item.day, in: zone).map { days.string(from: $0) } }
                    if let date = dates[item.day] ?? nil {
                        item.date = date
                    } else {
                        problems.append(problem(at: node["day"] ?? node, path: base.text + ".day", "week \(week) has no \(item.day.rawValue)"))
                    }
                }
                checkFiles(&item, node: merged.node, base: base, origins: merged.origins)
                items.append(item)
            }
        } else {
            problems.append(problem(at: root, path: "items", "the manifest has no items; add `items:` with at least one item"))
        }

        if let header { checkModels(header.providers, items: items, root: root) }
        if let header, let publish = header.publish { checkPublishing(publish, items: items, root: root) }
        guard problems.isEmpty, let header else {
            // Once the manifest is refused, item-level problems are reported with the rest. A
            // problem under `defaults:` is found once per item that inherits it: said once.
            var seen = Set<String>()
            let unique = (problems + itemProblems.values.joined()).filter { seen.insert($0.description).inserted }
            throw ManifestError(unique.sorted { ($0.line ?? 0, $0.column ?? 0) < ($1.line ?? 0, $1.column ?? 0) })
        }
        return Manifest(version: header.version, week: week ?? ISOWeek(year: 2026, week: 1), weekSpec: header.week, memory: header.memory, timezone: zone,
                        output: URL(fileURLWithPath: header.output).standardizedFileURL,
                        brand: header.brand, budget: header.budget, concurrency: header.concurrency,
                        providers: header.providers, items: items, itemProblems: itemProblems, file: file, sha256: Digest.sha256(data),
                        library: header.library, publish: header.publish)
    }

    /// One item merged with its defaults and decoded, with the problems found on the way.
    struct DecodedItem {
        var node: Node
        var base: NodePath
        var merged: (node: Node, origins: [String: NodePath])?
        var item: Item?
        var problems: [Problem]
    }

    /// Merges and decodes every item, spread over the cores (items are independent; decoding a
    /// 10,000-item manifest one by one took most of a second). The nodes the items share, those
    /// of `defaults:`, are only read: `run` resolves every tag in the tree first (`resolveTags`),
    /// so the lazy resolution inside Yams never writes to a shared node from two threads.
    func decodeItems(_ nodes: [Node], defaults: SplitDefaults) -> [DecodedItem] {
        let shared = Unchecked((nodes, defaults))
        let file = self.file, display = self.display, kinds = self.kinds
        return Array(nodes.indices).parallelMap { index -> Unchecked<DecodedItem> in
            let (nodes, defaults) = shared.value
            var session = LoadSession(file: file, display: display, kinds: kinds)
            let node = nodes[index], base = NodePath(items: index)
            guard node.mapping != nil else {
                let kind = kinds.kinds.first?.rawValue ?? "<kind>"
                let problem = session.problem(at: node, path: base.text, "each item is a mapping such as `{ id: mon, kind: \(kind), day: monday }`")
                return Unchecked(DecodedItem(node: node, base: base, merged: nil, item: nil, problems: [problem]))
            }
            let merged = session.merge(item: node, defaults: defaults)
            let item = session.decode(ItemDecoding.self, from: merged.node, base: base, origins: merged.origins)?.item
            return Unchecked(DecodedItem(node: node, base: base, merged: merged, item: item, problems: session.problems))
        }.map(\.value)
    }

    /// Resolves the tag of every mapping key under `node`: the only tags decoding resolves (key
    /// lookups compare keys). Values keep theirs unresolved, as Yams reads booleans by it.
    /// (Comparing a scalar with itself resolves its tag.)
    static func resolveTags(_ node: Node) {
        switch node {
        case .mapping(let mapping):
            for (key, value) in mapping {
                if case .scalar(let scalar) = key { _ = scalar == scalar }
                resolveTags(value)
            }
        case .sequence(let sequence):
            for child in sequence { resolveTags(child) }
        case .scalar, .alias:
            break
        }
    }

    static func dayFormatter(_ zone: TimeZone) -> DateFormatter {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = zone
        f.dateFormat = "yyyy-MM-dd"
        return f
    }

    // MARK: Decoding with located errors

    mutating func decode<T: Decodable>(_ type: T.Type, from node: Node, base: NodePath, origins: [String: NodePath] = [:]) -> T? {
        collector.entries.removeAll()
        defer {
            // Unknown keys do not stop decoding; locate each at its key.
            for entry in collector.entries {
                let parent = Self.walk(node, Array(entry.path.dropLast()))
                let keyNode = parent?.mapping?.first { $0.key.string == entry.key }?.key
                problems.append(problem(at: keyNode ?? parent ?? node, path: base.appending(entry.path, origins: origins).text, entry.message))
            }
            collector.entries.removeAll()
        }
        do {
            return try NodeDecoder(node, userInfo: [.problemCollector: collector, .kindRegistry: kinds]).decode(T.self)
        } catch let error as DecodingError {
            let (path, message) = Self.describe(error)
            let located = base.appending(path, origins: origins)
            problems.append(problem(at: Self.walk(node, path) ?? node, path: located.text, message))
            return nil
        } catch {
            problems.append(problem(at: node, path: base.text, "\(error)"))
            return nil
        }
    }

    static func describe(_ error: DecodingError) -> ([CodingKey], String) {
        switch error {
        case let .keyNotFound(key, context):
            let message = context.debugDescription.hasPrefix("No value") || context.debugDescription.isEmpty
                ? "missing required key \"\(key.stringValue)\"; add it" : context.debugDescription
            return (context.codingPath + [key], message)
        case let .typeMismatch(type, context):
            return (context.codingPath, "expected \(Self.typeName(type)); " + (context.debugDescription.contains("Expected") ? "check the value's type" : context.debugDescription))
        case let .valueNotFound(type, context):
            return (context.codingPath, "expected \(Self.typeName(type)) but the value is empty; write a value or remove the key")
        case let .dataCorrupted(context):
            var message = context.debugDescription
            if message.hasPrefix("The given data") || message.isEmpty {
                message = "this value cannot be read here; check its type"
            } else if message.contains("cannot be decoded as") || message.contains("from scalar") {
                message = message.replacingOccurrences(of: "\n", with: " ") + "; check the value's type"
            }
            return (context.codingPath, message)
        @unknown default:
            return ([], "\(error)")
        }
    }

    static func typeName(_ type: Any.Type) -> String {
        switch "\(type)" {
        case "Int", "Int64": "a whole number"
        case "Double": "a number"
        case "Bool": "true or false"
        case "String": "text"
        case let name where name.hasPrefix("Array"): "a list"
        default: "a mapping"
        }
    }

    // MARK: Locations

    func problem(at node: Node, path: String, _ message: String) -> Problem {
        Problem(file: display, line: node.mark?.line, column: node.mark?.column, path: path, message: message)
    }

    func yamlProblem(_ error: YamlError) -> Problem {
        switch error {
        case let .scanner(_, problem, mark, _), let .parser(_, problem, mark, _), let .composer(_, problem, mark, _):
            return Problem(file: display, line: mark.line, column: mark.column, path: "", message: "YAML syntax: \(problem); fix the indentation or quoting here")
        case let .duplicatedKeysInMapping(duplicates, _):
            return Problem(file: display, path: "", message: "duplicate keys \(duplicates.joined(separator: ", ")); keep one of each")
        default:
            return Problem(file: display, path: "", message: "YAML error: \(error)")
        }
    }

    /// The value node at `path` under `node`.
    static func walk(_ node: Node, _ path: [CodingKey]) -> Node? {
        var current = node
        for key in path {
            if let index = key.intValue, let seq = current.sequence {
                guard index < seq.count else { return current }
                current = seq[index]
            } else if let next = current[key.stringValue] {
                current = next
            } else {
                return current
            }
        }
        return current
    }
}
