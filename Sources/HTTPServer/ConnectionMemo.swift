/// What an immediate handler may keep from one request of a connection for the next one
/// on it (e.g. a body's cache key, reused when the next body is byte-identical). Each
/// connection owns one; it is handed to the immediate handler only, on the connection's
/// I/O thread, and never to the worker pool (`HTTPRequest.connectionMemo` is nil there),
/// which is why a plain class with one mutable slot is safe to mark Sendable. It lives
/// and dies with its connection, so what it keeps counts against the connection: keep it
/// small.
public final class ConnectionMemo: @unchecked Sendable {
    public var value: AnyObject?

    public init() {}
}
