import CAVShim

/// The one error type of FactoryMedia: what failed, on which file, and libav's own words.
public struct MediaError: Error, CustomStringConvertible, Sendable {
    /// What kind of failure this is.
    public enum Code: String, Sendable { case open, decode, encode, mux, probe, settings }
    public let code: Code
    public let message: String
    public let underlying: String?

    public init(_ code: Code, _ message: String, underlying: String? = nil) {
        self.code = code
        self.message = message
        self.underlying = underlying
    }

    public var description: String {
        guard let underlying, !underlying.isEmpty else { return message }
        return "\(message): \(underlying)"
    }
}

/// libav return-code helpers, so each call stays on one line.
enum AV {
    static let eagain = cf_av_error_eagain()
    static let eof = cf_av_error_eof()

    static func text(_ rc: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        cf_av_strerror(rc, &buffer, buffer.count)
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    @discardableResult
    static func check(_ rc: Int32, _ code: MediaError.Code, _ what: @autoclosure () -> String) throws -> Int32 {
        if rc < 0 { throw MediaError(code, what(), underlying: text(rc)) }
        return rc
    }

    static let quiet: Void = { cf_av_quiet_logs() }()
}
