/// A complete request as the application sees it: head, whole body, and peer.
public struct HTTPRequest: Sendable {
    public var head: RequestHead
    public var body: [UInt8]
    /// The peer's address, `ip:port` (IPv6 in brackets).
    public var remoteAddress: String
    /// Whether the request arrived over TLS.
    public var isSecure: Bool
    /// What the immediate handler learned about the request, handed on to the handler on
    /// the pool so it need not work it out again (e.g. the body's cache key). nil until
    /// an immediate handler sets it.
    public var context: (any Sendable)?
    /// The connection's memo, for the immediate handler only (nil on the worker pool).
    public var connectionMemo: ConnectionMemo?

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

/// How busy the worker pool is, as an immediate handler sees it (for readiness).
public struct WorkerLoad: Sendable, Equatable {
    /// Requests queued or running on the workers.
    public var inFlight: Int
    /// Requests the pool admits before refusing with 503.
    public var capacity: Int

    public init(inFlight: Int, capacity: Int) {
        self.inFlight = inFlight
        self.capacity = capacity
    }

    /// No room for another request: new work would be refused with 503.
    public var isSaturated: Bool { inFlight >= capacity }
}

/// Answers on the I/O path, before the worker pool, what needs no real work: health,
/// cached results, errors. It must be quick and must never block, since every connection
/// waits for it; nil hands the request (with any `context` it set) on to the
/// `HTTPHandler` on the pool.
public typealias HTTPImmediateHandler = @Sendable (inout HTTPRequest, WorkerLoad) -> HTTPResponse?
