import FactoryCore
import Foundation

/// URLs and pieces shared by the TikTok and YouTube clients: an API path under a configured base
/// (which may carry a path prefix, as the fake's `/tiktok` does), a query encoded strictly, and the
/// bytes of a range of the video file.
enum PostingEndpoint {
    /// `base` + `path` (+ `query`, percent-encoded as a form is). Tokens never go in a query.
    static func url(_ base: URL, _ path: String, query: [(String, String)] = []) -> URL {
        var text = base.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        text += path.hasPrefix("/") ? path : "/" + path
        if !query.isEmpty { text += "?" + String(decoding: PlatformHTTP.form(query), as: UTF8.self) }
        return URL(string: text) ?? base
    }

    /// The size of the file at `url`, in bytes.
    static func size(of url: URL, platform: Platform) throws -> Int64 {
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
            guard let size = (attributes[.size] as? NSNumber)?.int64Value, size > 0 else {
                throw PublishError(.input, platform: platform, "\(url.path) is empty; render the bundle again")
            }
            return size
        } catch let error as PublishError {
            throw error
        } catch {
            throw PublishError(.input, platform: platform, "cannot read \(url.path): \(error)", underlying: error)
        }
    }

    /// Bytes `first...last` of the file at `url`.
    static func bytes(of url: URL, first: Int64, last: Int64, platform: Platform) throws -> Data {
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            try handle.seek(toOffset: UInt64(first))
            let data = try handle.read(upToCount: Int(last - first + 1)) ?? Data()
            guard data.count == Int(last - first + 1) else {
                throw PublishError(.input, platform: platform, "\(url.path) changed while it was being posted (short read at byte \(first))")
            }
            return data
        } catch let error as PublishError {
            throw error
        } catch {
            throw PublishError(.input, platform: platform, "cannot read \(url.path): \(error)", underlying: error)
        }
    }

    /// A number from a JSON value that may be an integer, a double or a string.
    /// An id as text, whether it came as a string or as a (possibly 19-digit) JSON number.
    static func text(_ value: Any?) -> String? {
        switch value {
        case let text as String: text.isEmpty ? nil : text
        case let number as NSNumber: number.stringValue
        default: nil
        }
    }

    static func number(_ value: Any?) -> Int64? {
        if let number = value as? NSNumber { return number.int64Value }
        if let text = value as? String { return Int64(text) }
        return nil
    }

    /// A token's end from `expires_in` seconds counted from `now`; nil when absent.
    static func expiry(_ seconds: Any?, from now: Date) -> Date? {
        number(seconds).map { now.addingTimeInterval(TimeInterval($0)) }
    }
}
