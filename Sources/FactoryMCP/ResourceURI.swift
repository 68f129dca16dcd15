import Foundation

/// The resources' addresses: `factory://2026-W48/report.json` for a week's report and
/// `factory://2026-W48/mon-motivation/metadata.json` for a bundle's file. Stable: they name the
/// week, the item and the file, never a path on this machine.
enum ResourceURI {
    static let scheme = "factory://"

    static func report(week: String, name: String = "report.json") -> String { scheme + encode(week) + "/" + encode(name) }

    static func file(week: String, item: String, name: String) -> String {
        scheme + [week, item, name].map(encode).joined(separator: "/")
    }

    /// Each segment percent-encoded but for letters, digits and `-._~`.
    static func encode(_ segment: String) -> String {
        segment.addingPercentEncoding(withAllowedCharacters: .init(charactersIn:
            "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")) ?? segment
    }

    /// The week, item (nil for a week's report) and file a URI names, each segment decoded once
    /// and refused when it is empty, `.` or `..`, hidden, or decodes to a separator or NUL. Nil for
    /// anything else: another scheme, a query, too few or too many segments.
    static func parse(_ uri: String) -> (week: String, item: String?, name: String)? {
        guard uri.hasPrefix(scheme) else { return nil }
        let raw = uri.dropFirst(scheme.count).split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard raw.count == 2 || raw.count == 3 else { return nil }
        var segments: [String] = []
        for piece in raw {
            guard let decoded = piece.removingPercentEncoding, !decoded.isEmpty, decoded != ".", decoded != "..", !decoded.hasPrefix("."),
                  !decoded.contains("/"), !decoded.contains("\\"), !decoded.contains("\0"), !decoded.contains("?"), !decoded.contains("#")
            else { return nil }
            segments.append(decoded)
        }
        guard segments[0].wholeMatch(of: /\d{4}-W\d{2}/) != nil else { return nil }
        if segments.count == 2 {
            return ResourceCatalog.reportNames.contains(segments[1]) ? (segments[0], nil, segments[1]) : nil
        }
        return ResourceCatalog.served(segments[2]) ? (segments[0], segments[1], segments[2]) : nil
    }
}
