import Foundation

/// One injected failure: which requests it hits, what goes wrong, and how many times.
public struct FakeFault: Sendable, Codable, Equatable {
    /// What goes wrong.
    public enum Kind: String, Sendable, Codable, CaseIterable {
        case rateLimit, serverError, overloaded, quota, spendCap
        case slowBody, truncatedBody, malformedJSON, hang
        case authEchoKey, hugeImage, notImage
        /// An image download answered with a 302 to the same image. Runware's image URLs are on
        /// its image host (im.runware.ai, runware.ai/docs image-inference "outputType: URL") and a
        /// download carries no key, so a client may follow a redirect.
        case redirect
        /// 200 OK and billed, but the text is not the JSON asked for (a chatty prefix, then cut short).
        case badContent
        /// 200 OK and billed, valid JSON of the wrong shape (a conversation of 2 messages, arrays off their bounds).
        case wrongCount
        /// 200 OK and billed, the answer cut at its output limit: `stop_reason: "max_tokens"`
        /// (Anthropic, models/sonnet-5-5/migration-guide: "max_tokens covers thinking plus text";
        /// "Prompting Claude Haiku 5.5": it can stop before any text) or `finish_reason: "length"`
        /// (OpenAI chat completions reference, `finish_reason`), with the text cut short or missing.
        case maxTokens
        /// Realtime (`openai/realtime` only): the response completes and is billed, but its transcript
        /// (and the audio, which is the transcript spoken) differs from the text: a contraction made or
        /// undone, a small word dropped, or two words swapped. The model "rewords now and then"
        /// (micdrop.dev/docs/text-to-speech/openai, secondary).
        case reworded
        /// Realtime: the next `response.create` is answered with the `session_expired` error and the
        /// server closes the socket; nothing is billed (github.com/livekit/agents/pull/1122).
        case sessionExpired
        /// Realtime: about half the audio deltas go out, then the TCP connection closes without a close
        /// frame or `response.done`; the input and the audio and transcript sent are billed (`FakeRealtimeRun`).
        case socketDrop

        /// Kinds that replace the answer with an error status.
        var isErrorStatus: Bool {
            switch self {
            case .rateLimit, .serverError, .overloaded, .quota, .spendCap, .authEchoKey: return true
            default: return false
            }
        }

        /// Kinds that only make sense on a Runware image download.
        var isImageKind: Bool { self == .hugeImage || self == .notImage || self == .redirect }

        /// Kinds that spoil what a text model writes: only the chat and messages endpoints.
        var isContentKind: Bool { self == .badContent || self == .wrongCount || self == .maxTokens }

        /// Kinds that act on a Realtime response: only the realtime endpoint.
        var isRealtimeKind: Bool { self == .reworded || self == .sessionExpired || self == .socketDrop }
    }

    /// "runware", "openai", "anthropic" or "*".
    public var provider: String
    /// "inference", "image", "speech", "chat", "messages", "realtime"; nil = every generation endpoint
    /// of the provider (image downloads only when the kind is hugeImage/notImage; only chat and messages
    /// when it is badContent/wrongCount; only realtime when it is reworded/sessionExpired/socketDrop).
    /// The realtime endpoint takes the error-status kinds (at the WebSocket handshake) and the realtime kinds.
    public var endpoint: String?
    public var kind: Kind
    /// Applies to the first `count` matching requests; nil = always.
    public var count: Int?
    /// Applies to every `every`-th matching request (the 1st, the N+1th…); nil = each one.
    public var every: Int?
    /// `Retry-After` header value (seconds or an HTTP date).
    public var retryAfter: String?
    /// `retry-after-ms` header value.
    public var retryAfterMS: Int?
    /// slowBody: time to trickle the body over; hang: give up after this long (default 10 min);
    /// other kinds: wait this long before answering.
    public var delayMS: Int?
    /// Error kinds: bill the request as if it had succeeded (the provider did the work, then failed).
    public var billed: Bool?

    public init(provider: String, endpoint: String? = nil, kind: Kind, count: Int? = nil, every: Int? = nil,
                retryAfter: String? = nil, retryAfterMS: Int? = nil, delayMS: Int? = nil, billed: Bool? = nil) {
        self.every = every
        self.provider = provider
        self.endpoint = endpoint
        self.kind = kind
        self.count = count
        self.retryAfter = retryAfter
        self.retryAfterMS = retryAfterMS
        self.delayMS = delayMS
        self.billed = billed
    }

    /// Whether the fault targets this request (ignoring how many times it has fired).
    func matches(provider: String, endpoint: String) -> Bool {
        guard self.provider == "*" || self.provider == provider else { return false }
        if kind.isContentKind, !FakeEndpoint.text.contains(endpoint) { return false }
        if endpoint == FakeEndpoint.realtime {
            guard kind.isRealtimeKind || kind.isErrorStatus else { return false }
        } else if kind.isRealtimeKind {
            return false
        }
        if let wanted = self.endpoint { return wanted == "*" || wanted == endpoint }
        return kind.isImageKind ? endpoint == FakeEndpoint.image : endpoint != FakeEndpoint.image
    }
}

/// Endpoint names used by faults, charges and latency.
enum FakeEndpoint {
    static let inference = "inference", image = "image", speech = "speech", chat = "chat", messages = "messages"
    /// The Realtime WebSocket (`GET /v1/realtime`).
    static let realtime = "realtime"
    static let all = [inference, image, speech, chat, messages, realtime]
    /// Endpoints that answer with text a model wrote.
    static let text = [chat, messages]
}
