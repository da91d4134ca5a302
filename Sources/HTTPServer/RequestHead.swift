/// The request line and header section of one request, as the parser produced them.
public struct RequestHead: Sendable, Equatable {
    public var method: String
    /// The request-target exactly as sent (origin-form, absolute-form or `*`).
    public var target: String
    public var version: HTTPVersion
    public var headers: HTTPHeaders

    public init(method: String, target: String, version: HTTPVersion, headers: HTTPHeaders) {
        self.method = method
        self.target = target
        self.version = version
        self.headers = headers
    }

    /// The path of the target without its query; the authority of an absolute-form
    /// target is dropped (RFC 9112 §3.2.2).
    public var path: String {
        let utf8 = target.utf8
        let end = utf8.firstIndex(of: UInt8(ascii: "?")) ?? utf8.endIndex
        if utf8.first == UInt8(ascii: "/") {
            return end == utf8.endIndex ? target : String(target[..<end])
        }
        let withoutQuery = Substring(target[..<end])
        guard let schemeEnd = withoutQuery.firstRange(of: "://") else { return String(withoutQuery) }
        let afterAuthority = withoutQuery[schemeEnd.upperBound...]
        guard let pathStart = afterAuthority.firstIndex(of: "/") else { return "/" }
        return String(afterAuthority[pathStart...])
    }

    /// The query of the target (after `?`), if any.
    public var query: String? {
        // Bytes, not Characters: this runs several times per request, and `?` is ASCII.
        let utf8 = target.utf8
        guard let mark = utf8.firstIndex(of: UInt8(ascii: "?")) else { return nil }
        return String(Substring(utf8[utf8.index(after: mark)...]))
    }

    /// Whether the client wants the connection kept after this exchange (RFC 9112 §9.3).
    public var wantsKeepAlive: Bool {
        if headers.containsToken("close", in: "Connection") { return false }
        if version.keepsAliveByDefault { return true }
        return headers.containsToken("keep-alive", in: "Connection")
    }
}
