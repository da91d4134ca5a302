/// What the server observed about one completed exchange, for logs and metrics.
/// It never includes the body.
public struct RequestRecord: Sendable {
    /// `-` when the request line could not be parsed.
    public var method: String
    public var path: String
    public var status: Int
    public var requestBodyBytes: Int
    public var responseBytes: Int
    public var duration: Duration
    public var remoteAddress: String
    /// Set when the server answered itself because of a protocol error.
    public var error: HTTPError?
    /// The response's `annotations` (e.g. cache result, tenant), for the log line.
    public var annotations: Annotations = [:]
}

/// Hooks for the glue layer (Prometheus, swift-log). Called on the I/O queue, so they
/// must be quick and must not block.
public struct ServerEvents: Sendable {
    public var connectionOpened: @Sendable () -> Void
    public var connectionClosed: @Sendable () -> Void
    public var bytesReceived: @Sendable (Int) -> Void
    public var bytesSent: @Sendable (Int) -> Void
    public var requestCompleted: @Sendable (RequestRecord) -> Void

    public init(
        connectionOpened: @escaping @Sendable () -> Void = {},
        connectionClosed: @escaping @Sendable () -> Void = {},
        bytesReceived: @escaping @Sendable (Int) -> Void = { _ in },
        bytesSent: @escaping @Sendable (Int) -> Void = { _ in },
        requestCompleted: @escaping @Sendable (RequestRecord) -> Void = { _ in }
    ) {
        self.connectionOpened = connectionOpened
        self.connectionClosed = connectionClosed
        self.bytesReceived = bytesReceived
        self.bytesSent = bytesSent
        self.requestCompleted = requestCompleted
    }

    public static let none = ServerEvents()
}
