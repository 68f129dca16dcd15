// libyaml, the parser inside Yams (its `CYaml` module), read here for its events only: Yams
// composes aliases without counting them, and gives no hook before it walks them.
import CYaml
import Foundation

/// Bounds YAML alias expansion before a document is composed.
///
/// A "billion laughs" file of a hundred lines defines an anchor of ten values, then an anchor of
/// ten aliases of it, and so on ten levels deep: composing it is cheap, but anything that walks the
/// result (tag resolution, defaults merging, decoding, Yams's duplicate-key check on an aliased
/// key) visits ten billion values. One pass over libyaml's events counts the values each anchor
/// stands for and stops at the first alias that takes the document past `limit` values added
/// through aliases: linear in the file, whatever it holds.
public enum AliasBudget {
    /// Values the aliases of one document may add: far above any real manifest (10,000 items each
    /// sharing a 50-value anchor add 500,000), and walked by the loader in well under a second.
    public static let limit = 1_000_000

    /// The alias that took a document past the budget, located where it is used (1-based).
    public struct Exceeded: Error, Sendable, Equatable {
        public var line: Int
        public var column: Int
        public var anchor: String
        /// Values added through aliases up to and including this one.
        public var total: Int
        public var limit: Int

        /// What to tell the author, without the location.
        public var message: String {
            "the alias *\(anchor) here takes the document past \(limit) values repeated through aliases "
                + "(\(total) so far; a YAML \"billion laughs\" bomb?); write the repeated values out or share smaller anchors"
        }
    }

    /// Throws `Exceeded` at the first alias past `limit`. A syntax error ends the count quietly:
    /// the composer that runs next reports it with its line, and composes nothing past it.
    public static func check(_ text: String, limit: Int = limit) throws(Exceeded) {
        // No `*`, no alias: the common manifest costs one byte scan.
        guard text.utf8.contains(UInt8(ascii: "*")) else { return }
        // libyaml reads the input in place while it parses: one copy that outlives the loop.
        let bytes = Array(text.utf8)
        let input = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
        defer { input.deallocate() }
        input.initialize(from: bytes, count: bytes.count)
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return }
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_input_string(&parser, input, bytes.count)
        var count = Count(limit: limit)
        var event = yaml_event_t()
        while yaml_parser_parse(&parser, &event) == 1 {
            defer { yaml_event_delete(&event) }
            switch event.type {
            case YAML_STREAM_END_EVENT:
                return
            case YAML_DOCUMENT_START_EVENT:
                count = Count(limit: limit)
            case YAML_SCALAR_EVENT:
                count.value(anchor: Self.name(event.data.scalar.anchor))
            case YAML_SEQUENCE_START_EVENT:
                count.open(anchor: Self.name(event.data.sequence_start.anchor))
            case YAML_MAPPING_START_EVENT:
                count.open(anchor: Self.name(event.data.mapping_start.anchor))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                count.close()
            case YAML_ALIAS_EVENT:
                let anchor = Self.name(event.data.alias.anchor) ?? ""
                if let total = count.alias(anchor) {
                    throw Exceeded(line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1,
                                   anchor: anchor, total: total, limit: limit)
                }
            default:
                break
            }
        }
    }

    static func name(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    /// The values of one document: each anchor's expanded size, and the collections still open.
    struct Count {
        let limit: Int
        /// Expanded values under each anchor defined so far (a later definition shadows).
        var anchors: [String: Int] = [:]
        /// Open collections: their anchor and expanded values so far, the collection included.
        var open: [(anchor: String?, values: Int)] = []
        /// Values added through aliases in this document.
        var viaAliases = 0

        init(limit: Int) { self.limit = limit }

        mutating func add(_ values: Int) {
            if !open.isEmpty { open[open.count - 1].values += values }
        }

        mutating func value(anchor: String?) {
            if let anchor { anchors[anchor] = 1 }
            add(1)
        }

        mutating func open(anchor: String?) { open.append((anchor, 1)) }

        mutating func close() {
            guard let done = open.popLast() else { return }
            if let anchor = done.anchor { anchors[anchor] = done.values }
            add(done.values)
        }

        /// Adds what the alias stands for; the running total when it passes the limit.
        /// (An alias of an anchor not yet closed or never defined is the composer's error.)
        mutating func alias(_ anchor: String) -> Int? {
            let values = anchors[anchor] ?? 1
            viaAliases += values
            add(values)
            return viaAliases > limit ? viaAliases : nil
        }
    }
}
