import Foundation

/// Why a Realtime response did not reach its `response.done`, with the audio it had delivered
/// (discarded, but counted in the cost: it may have been billed).
struct RealtimeInterruption: Error, Sendable, CustomStringConvertible {
    enum Kind: Sendable, Equatable {
        /// The socket closed or broke (mid-audio or between responses).
        case dropped
        /// `error` with `code: "session_expired"`: the session hit its maximum duration
        /// (60 minutes, guides/realtime-conversations; github.com/livekit/agents/issues/2358).
        case expired
        /// No `response.done` (or no `session.created`) in time.
        case timedOut
        /// An `error` event (`realtime_error.py`) for this response or the session.
        case server(RealtimeErrorInfo)
        /// The WebSocket upgrade was refused (HTTP status unknown to the WebSocket client).
        case handshake
        /// The connection could not be made at all: nothing was sent.
        case unreachable
    }

    var kind: Kind
    var message: String
    /// Audio bytes received before the interruption.
    var partialBytes: Int = 0

    init(_ kind: Kind, _ message: String, partialBytes: Int = 0) {
        self.kind = kind
        self.message = message
        self.partialBytes = partialBytes
    }

    var description: String { message }

    /// Whether a new session may succeed where this one failed: drops, expiry, timeouts and the
    /// provider's own `server_error`s. Invalid requests, rate limits and quota go to the gateway.
    var reconnects: Bool {
        switch kind {
        case .dropped, .expired, .timedOut: return true
        case .server(let error): return error.type == "server_error" || error.code == "server_error"
        case .handshake, .unreachable: return false
        }
    }
}

/// A finished response: its audio, its final transcript and `response.done`'s details.
struct RealtimeResponse: Sendable {
    var info: RealtimeResponseInfo
    var pcm: Data
    var transcript: String
}
