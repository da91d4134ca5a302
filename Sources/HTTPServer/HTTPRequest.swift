/// A complete request as the application sees it: head, whole body, and peer.
public struct HTTPRequest: Sendable {
    public var head: RequestHead
    public var body: [UInt8]
    /// The peer's address, `ip:port` (IPv6 in brackets).
    public var remoteAddress: String
    /// Whether the request arrived over TLS.
    public var isSecure: Bool

    public init(head: RequestHead, body: [UInt8] = [], remoteAddress: String = "", isSecure: Bool = false) {
        self.head = head
        self.body = body
        self.remoteAddress = remoteAddress
        self.isSecure = isSecure
    }

    public var method: String { head.method }
    public var target: String { head.target }
    public var path: String { head.path }
    public var query: String? { head.query }
    public var version: HTTPVersion { head.version }
    public var headers: HTTPHeaders { head.headers }
}

/// The application: called on the worker pool, never on the I/O queue, so it may take
/// its time (within the bounded pool) without stalling other connections.
public typealias HTTPHandler = @Sendable (HTTPRequest) -> HTTPResponse
