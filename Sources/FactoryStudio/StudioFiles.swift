import Foundation
import Hummingbird
import NIOCore

/// The files the studio serves: its own page (from the module's resources) and the week's bundle
/// files, with HTTP Range so a video seeks. A bundle path is taken apart and checked segment by
/// segment (no `..`, no empty or hidden segment but `.versions`, nothing percent-encoded that
/// decodes to a separator), then resolved with its symlinks and served only when it is still
/// inside the week folder: no path leads out of the output.
struct StudioFiles: Sendable {
    /// The week folder, resolved (symlinks included).
    let weekFolder: URL

    init(weekFolder: URL) {
        self.weekFolder = weekFolder.resolvingSymlinksInPath().standardizedFileURL
    }

    /// The file `segments` name under the week folder, or nil when they would leave it or name
    /// anything but a regular file: `<item>/<file>` or `.versions/<stamp>/<item>/<file>`.
    func bundleFile(_ segments: [String]) -> URL? {
        guard segments.count == 2 || (segments.count == 4 && segments[0] == ".versions") else { return nil }
        for (index, segment) in segments.enumerated() {
            let allowedHidden = index == 0 && segment == ".versions"
            guard !segment.isEmpty, segment != "..", segment != ".", allowedHidden || !segment.hasPrefix("."),
                  !segment.contains("/"), !segment.contains("\\"), !segment.contains("\0") else { return nil }
        }
        let candidate = segments.reduce(weekFolder) { $0.appendingPathComponent($1) }
        let resolved = candidate.resolvingSymlinksInPath().standardizedFileURL
        guard resolved.path.hasPrefix(weekFolder.path + "/") else { return nil }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: resolved.path, isDirectory: &isFolder), !isFolder.boolValue else { return nil }
        return resolved
    }

    static func contentType(_ name: String) -> String {
        switch (name as NSString).pathExtension.lowercased() {
        case "mp4": "video/mp4"
        case "mp3": "audio/mpeg"
        case "m4a": "audio/mp4"
        case "wav": "audio/wav"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "webp": "image/webp"
        case "vtt": "text/vtt; charset=utf-8"
        case "ass", "srt", "txt": "text/plain; charset=utf-8"
        case "json": "application/json; charset=utf-8"
        case "html": "text/html; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        default: "application/octet-stream"
        }
    }

    /// A byte range of a file of `size` bytes: `bytes=A-B`, `bytes=A-` or `bytes=-N` (one range).
    /// nil: no usable Range header (serve it all); `.failure`: unsatisfiable (416).
    static func range(_ header: String?, size: Int) -> Result<ClosedRange<Int>, StudioRangeError>? {
        guard let header, header.hasPrefix("bytes=") else { return nil }
        let spec = header.dropFirst(6)
        guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else { return .failure(StudioRangeError()) }
        let first = spec[..<dash].trimmingCharacters(in: .whitespaces)
        let last = spec[spec.index(after: dash)...].trimmingCharacters(in: .whitespaces)
        guard size > 0 else { return .failure(StudioRangeError()) }
        if first.isEmpty {
            guard let count = Int(last), count > 0 else { return .failure(StudioRangeError()) }
            return .success(max(0, size - count)...(size - 1))
        }
        guard let start = Int(first), start >= 0, start < size else { return .failure(StudioRangeError()) }
        if last.isEmpty { return .success(start...(size - 1)) }
        guard let end = Int(last), end >= start else { return .failure(StudioRangeError()) }
        return .success(start...min(end, size - 1))
    }

    /// Serves `file`, whole (200) or the asked range (206), read in 256 KiB pieces as it is sent.
    static func serve(_ file: URL, rangeHeader: String?, head: Bool, headers extra: HTTPFields) -> Response {
        let size = ((try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? NSNumber)?.intValue ?? 0
        var headers = extra
        headers[.contentType] = contentType(file.lastPathComponent)
        headers[.acceptRanges] = "bytes"
        var span = 0...(max(size, 1) - 1)
        var status = HTTPResponse.Status.ok
        switch range(rangeHeader, size: size) {
        case .failure?:
            headers[.contentRange] = "bytes */\(size)"
            return Response(status: .rangeNotSatisfiable, headers: headers)
        case .success(let asked)?:
            span = asked
            status = .partialContent
            headers[.contentRange] = "bytes \(asked.lowerBound)-\(asked.upperBound)/\(size)"
        case nil:
            break
        }
        let length = size == 0 ? 0 : span.count
        headers[.contentLength] = String(length)
        guard !head, length > 0 else { return Response(status: status, headers: headers, body: ResponseBody()) }
        let start = span.lowerBound
        return Response(status: status, headers: headers, body: ResponseBody(contentLength: length) { writer in
            let handle = try FileHandle(forReadingFrom: file)
            defer { try? handle.close() }
            try handle.seek(toOffset: UInt64(start))
            var left = length
            while left > 0 {
                let piece = try handle.read(upToCount: min(left, 256 << 10)) ?? Data()
                if piece.isEmpty { break }
                try await writer.write(ByteBuffer(bytes: piece))
                left -= piece.count
            }
            try await writer.finish(nil)
        })
    }
}

/// A Range the file cannot satisfy.
struct StudioRangeError: Error {}
