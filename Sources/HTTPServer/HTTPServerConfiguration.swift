#if canImport(Glibc)
import Glibc
#endif

/// Everything the server can be told: where to listen, how much work to accept, every
/// limit and deadline of HTTP.md, and TLS. Defaults are safe for the open internet.
public struct HTTPServerConfiguration: Sendable {
    public var host: String = "127.0.0.1"
    /// 0 binds an ephemeral port; read it back from `HTTPServer.port`.
    public var port: Int = 8080
    /// Handler threads; the I/O path never runs handlers.
    public var workers: Int = HTTPServerConfiguration.coreCount
    /// Serial I/O queues the connections are spread over (about one per core): requests
    /// answered on the I/O path (health, cache hits) run on all of them at once.
    public var ioQueues: Int = HTTPServerConfiguration.coreCount
    /// How each I/O shard waits for its sockets: its own epoll loop thread, or a serial
    /// Dispatch queue with sources (see `IOModel`).
    public var ioModel: IOModel = .epoll
    /// Requests queued or running on the workers before new ones get 503.
    public var maxInFlightRequests: Int = 256
    /// Open connections before new ones get 503 and are closed.
    public var maxConnections: Int = 4096
    public var limits = RequestParserLimits()

    /// From the first byte of a request (or from accept) until its header section ends.
    public var headerTimeout: Duration = .seconds(10)
    /// From the end of the head until the body has arrived.
    public var bodyTimeout: Duration = .seconds(30)
    /// Idle keep-alive connection between requests.
    public var idleTimeout: Duration = .seconds(60)
    /// A response that cannot make write progress for this long is abandoned.
    public var writeTimeout: Duration = .seconds(30)
    /// The TLS handshake must finish within this, so silent clients cannot pin a slot.
    public var tlsHandshakeTimeout: Duration = .seconds(10)
    /// After an error answer, unread input is drained this long before closing, so the
    /// peer reads the answer instead of a reset.
    public var lingerTimeout: Duration = .seconds(1)
    /// Most bytes drained during the linger.
    public var lingerMaxBytes: Int = 1 << 20

    public var serverName: String = "layoutd"
    public var tls: TLSConfiguration?

    public init() {}

    public static var coreCount: Int {
        max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }
}

/// PEM files of the certificate chain and its private key. TLS 1.2 is the minimum.
public struct TLSConfiguration: Sendable {
    public var certificateChainPath: String
    public var privateKeyPath: String

    public init(certificateChainPath: String, privateKeyPath: String) {
        self.certificateChainPath = certificateChainPath
        self.privateKeyPath = privateKeyPath
    }
}
