import Foundation

/// The log file of `factory run --log FILE`: rotated at the start of a run when it has grown past a
/// size (FILE → FILE.1 → … → FILE.N, the oldest dropped), then appended to.
public enum LogFile {
    /// Rotates `path` when it holds more than `maxBytes`; returns whether it did. `keep` old files
    /// are kept (0: the log is simply started afresh).
    @discardableResult
    public static func rotate(_ path: String, maxBytes: Int, keep: Int) throws -> Bool {
        let files = FileManager.default
        guard let size = (try? files.attributesOfItem(atPath: path))?[.size] as? NSNumber, size.intValue > maxBytes else {
            return false
        }
        do {
            guard keep > 0 else {
                try files.removeItem(atPath: path)
                return true
            }
            if files.fileExists(atPath: "\(path).\(keep)") { try files.removeItem(atPath: "\(path).\(keep)") }
            for n in stride(from: keep - 1, through: 1, by: -1) where files.fileExists(atPath: "\(path).\(n)") {
                try files.moveItem(atPath: "\(path).\(n)", toPath: "\(path).\(n + 1)")
            }
            try files.moveItem(atPath: path, toPath: "\(path).1")
        } catch {
            throw FactoryError(.log, "cannot rotate the log \(path); check the folder's permissions", underlying: error)
        }
        return true
    }

    /// A size like `5M`, `500K`, `1G` or a plain number of bytes (K = 1024 bytes); nil if it is not one.
    public static func bytes(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).uppercased()
        let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
        var number = trimmed
        var scale = 1
        if trimmed.hasSuffix("B") { number.removeLast() }
        if let last = number.last, let unit = units[last] {
            scale = unit
            number.removeLast()
        }
        guard let value = Double(number), value.isFinite, value >= 0, value * Double(scale) < Double(Int.max / 2) else { return nil }
        return Int(value * Double(scale))
    }
}
