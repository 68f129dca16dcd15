import Foundation
import Yams

extension LoadSession {
    /// `^[a-z0-9][a-z0-9-]{0,62}$`
    static func isValidId(_ id: String) -> Bool {
        let bytes = Array(id.utf8)
        guard (1...63).contains(bytes.count), bytes[0] != UInt8(ascii: "-") else { return false }
        return bytes.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == UInt8(ascii: "-") }
    }

    /// Ids become folder names: a strict pattern, and unique.
    mutating func checkId(_ id: String, node: Node, base: NodePath, seen: inout [String: String]) {
        if !Self.isValidId(id) {
            let suggestion = id.lowercased().map { ($0.isLetter && $0.isASCII) || $0.isNumber ? String($0) : "-" }.joined()
                .trimmingCharacters(in: CharacterSet(charactersIn: "-"))
            problems.append(problem(at: node, path: base.appending("id").text,
                "\"\(id)\" is not a valid id; use 1–63 lowercase letters, digits and dashes, starting with a letter or digit (e.g. \"\(suggestion.prefix(63))\")"))
        }
        if let first = seen[id] {
            problems.append(problem(at: node, path: base.appending("id").text, "duplicate id \"\(id)\" (also at \(first)); ids must be unique"))
        } else {
            seen[id] = base.text
        }
    }

    /// Local files must exist and stay inside the manifest's folder; paths are made absolute.
    mutating func checkFiles(_ item: inout Item, node: Node, base: NodePath, origins: [String: NodePath]) {
        func locate(_ value: String?, _ keys: [String]) -> String? {
            guard let value else { return nil }
            let keyPath = keys.map { AnyKey(stringValue: $0) as CodingKey }
            let at = LoadSession.walk(node, keyPath) ?? node
            let path = base.appending(keyPath, origins: origins).text
            switch resolveLocal(value) {
            case .success(let url): return url.path
            case .failure(let reason):
                let found = problem(at: at, path: path, reason.message)
                // A missing file fails only its item at run time; a path leaving the folder is
                // refused for the whole manifest.
                if reason.missing { itemProblems[item.id, default: []].append(found) } else { problems.append(found) }
                return nil
            }
        }
        item.music = locate(item.music, ["music"]) ?? (item.music == nil ? nil : item.music)
        item.content.resolveFiles(locate)
        for found in item.content.fileProblems(item: item.id) {
            let key = found.keyPath.map { AnyKey(stringValue: $0) as CodingKey }
            let located = problem(at: LoadSession.walk(node, key) ?? node, path: base.appending(key, origins: origins).text, found.message)
            itemProblems[item.id, default: []].append(located)
        }
    }

    /// Why a local path was refused.
    struct PathRefusal: Error { var message: String; var missing = false }

    func resolveLocal(_ value: String) -> Result<URL, PathRefusal> {
        let folder = file.deletingLastPathComponent().resolvingSymlinksInPath().standardizedFileURL
        let url = URL(fileURLWithPath: value, relativeTo: folder).standardizedFileURL.resolvingSymlinksInPath()
        let inside = url.path.hasPrefix(folder.path.hasSuffix("/") ? folder.path : folder.path + "/")
        guard inside else {
            return .failure(PathRefusal(message: "\"\(value)\" is outside the manifest's folder \(folder.path); copy the file next to the manifest and use a relative path"))
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            return .failure(PathRefusal(message: "file \"\(value)\" does not exist (looked for \(url.path)); fix the path or add the file", missing: true))
        }
        guard !isDirectory.boolValue else {
            return .failure(PathRefusal(message: "\"\(value)\" is a folder; name a file"))
        }
        return .success(url)
    }
}
