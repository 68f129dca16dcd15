import FactoryCore
import FactoryKinds
import Foundation

/// Escaping for the gallery: everything taken from files (titles, captions, reasons, check details,
/// file names) goes through here before it reaches the page.
enum HTML {
    /// Text for element content and quoted attribute values.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for ch in text.unicodeScalars {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(ch)
            }
        }
        return out
    }

    /// A relative link to `item/file`: each path component percent-encoded, then escaped for an attribute.
    static func link(_ components: String...) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/?#;:")
        let path = components.map { $0.addingPercentEncoding(withAllowedCharacters: allowed) ?? "" }.joined(separator: "/")
        return escape(path)
    }

    /// An id usable in `id=` and `data-for=`: letters, digits and dashes only.
    static func identifier(_ text: String) -> String {
        String(text.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) && $0.isASCII ? Character($0) : "-" })
    }
}
