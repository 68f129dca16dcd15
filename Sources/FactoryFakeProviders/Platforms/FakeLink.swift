import Foundation
import Hummingbird

/// The wire between a client and the fake platforms: an optional speed limit, and what happens to
/// a body when the client dies halfway. The platforms keep what arrived, as the real ones do: the
/// bytes a killed process had already written to its socket still reach the server and can finish
/// an upload, and an upload cut short leaves the bytes before the cut (docs/publishing.md, "Killed
/// mid-upload"). Reading slowly is also what makes a kill land inside a body: TCP backpressure holds
/// the client's writes while the link drains.
actor FakeLink {
    /// Bytes per second the fake reads request bodies at; 0 reads as fast as they come.
    let bytesPerSecond: Int
    /// Bodies begun on the upload routes, and those still arriving (a test aims its kills with them).
    private(set) var uploadsBegun = 0
    private(set) var uploadsArriving = 0

    init(bytesPerSecond: Int) {
        self.bytesPerSecond = max(0, bytesPerSecond)
    }

    /// A request body as it arrived: every byte, or the bytes before the connection closed.
    struct Body: Sendable {
        var data: Data
        /// False when the connection closed (or failed) before `Content-Length` bytes arrived.
        var complete: Bool
    }

    /// Reads `request`'s body at the link's speed, up to `limit` bytes. A connection that dies
    /// mid-body gives the bytes read so far with `complete` false instead of an error.
    func read(_ request: Request, limit: Int, upload: Bool) async -> Body {
        if upload { uploadsBegun += 1; uploadsArriving += 1 }
        defer { if upload { uploadsArriving -= 1 } }
        let declared = request.headers[.contentLength].flatMap(Int.init)
        var data = Data()
        let start = ContinuousClock.now
        do {
            for try await buffer in request.body {
                data.append(contentsOf: buffer.readableBytesView)
                if data.count > limit { return Body(data: data, complete: false) }
                if bytesPerSecond > 0 {
                    let due = start + .seconds(Double(data.count) / Double(bytesPerSecond))
                    if due > ContinuousClock.now { try? await Task.sleep(until: due, clock: .continuous) }
                }
            }
        } catch {
            return Body(data: data, complete: false)
        }
        return Body(data: data, complete: declared.map { $0 == data.count } ?? true)
    }
}
