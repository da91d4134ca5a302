import Dispatch
import Logging
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A hand-rolled HTTP/1.1 server on BSD sockets and Dispatch.
///
/// The application is a synchronous closure run on a bounded worker pool; the server
/// owns framing, limits, deadlines, keep-alive, TLS and graceful shutdown.
///
///     let server = try HTTPServer(configuration: config) { request in
///         HTTPResponse(status: 200, contentType: "text/plain", body: "ok")
///     }
///     try server.start()
///     server.runUntilTerminated()
public final class HTTPServer: Sendable {
    private let core: ServerCore
    private let boundPort = Atomic<Int>(0)
    private let stopped = DispatchSemaphore(value: 0)
    private let lifecycle = Mutex(Lifecycle.created)
    private let logger: Logger

    private enum Lifecycle { case created, running, stopping, stopped }

    /// Loads the TLS material (if configured) so a bad certificate fails here, not later.
    /// `immediate`, if given, sees each request first, on the I/O path (see
    /// `HTTPImmediateHandler`); what it leaves goes to `handler` on the worker pool.
    public init(
        configuration: HTTPServerConfiguration, events: ServerEvents = .none,
        logger: Logger = Logger(label: "layoutd.http"), immediate: HTTPImmediateHandler? = nil,
        handler: @escaping HTTPHandler
    ) throws {
        self.logger = logger
        self.core = try ServerCore(
            configuration: configuration, events: events, immediateHandler: immediate, handler: handler)
    }

    public var configuration: HTTPServerConfiguration { core.configuration }

    /// The port actually bound (useful with port 0); 0 before `start()`.
    public var port: Int { boundPort.load(ordering: .acquiring) }

    /// Connections currently open.
    public var openConnections: Int { core.openConnections }

    /// Requests queued or running on the worker pool.
    public var requestsInFlight: Int { core.pool.inFlight }

    /// Binds, listens and starts accepting; returns at once.
    public func start() throws {
        try lifecycle.withLock { state in
            guard state == .created else { throw ServerError.alreadyStarted }
            state = .running
        }
        // A peer that resets the connection must not kill the process (HTTP.md pitfalls).
        signal(SIGPIPE, SIG_IGN)
        do {
            boundPort.store(try core.start(), ordering: .releasing)
            logger.info(
                "listening",
                metadata: [
                    "host": "\(core.configuration.host)", "port": "\(port)",
                    "tls": "\(core.configuration.tls != nil)", "workers": "\(core.pool.workers)",
                ])
        } catch {
            lifecycle.withLock { $0 = .created }
            throw error
        }
    }

    /// Graceful shutdown: stop accepting, close idle connections, let in-flight requests
    /// finish (answered with `Connection: close`), and after `gracePeriod` answer 503 to
    /// requests still queued for a worker and force-close whatever remains. Blocks until done; call it from outside the server's handlers.
    public func shutdown(gracePeriod: Duration = .seconds(10)) {
        enum Step { case drain, alreadyStopping, neverStarted }
        let step = lifecycle.withLock { state -> Step in
            switch state {
            case .running:
                state = .stopping
                return .drain
            case .created:
                state = .stopped
                return .neverStarted
            case .stopping, .stopped:
                return .alreadyStopping
            }
        }
        switch step {
        case .drain:
            break
        case .neverStarted:
            stopped.signal()
            return
        case .alreadyStopping:
            waitUntilStopped()
            return
        }
        logger.info("shutting down", metadata: ["open-connections": "\(openConnections)"])
        let drained = DispatchSemaphore(value: 0)
        core.queue.async { [core] in core.beginShutdown { drained.signal() } }
        let limit = DispatchTime.now() + .nanoseconds(Int(min(gracePeriod.nanoseconds, UInt64(Int.max))))
        if drained.wait(timeout: limit) == .timedOut {
            core.queue.sync {
                // Requests no worker has started get a 503 rather than a silent close.
                core.refuseQueuedRequests()
                core.forceCloseAll()
            }
            drained.wait()
        }
        core.queue.sync { core.stopTimer() }
        lifecycle.withLock { $0 = .stopped }
        logger.info("stopped")
        stopped.signal()
    }

    /// Blocks until `shutdown` has finished (on any thread).
    public func waitUntilStopped() {
        stopped.wait()
        stopped.signal()
    }

    /// Blocks until SIGTERM or SIGINT, then shuts down gracefully. Returns the signal.
    @discardableResult
    public func runUntilTerminated(gracePeriod: Duration = .seconds(10)) -> Int32 {
        let signals = TerminationSignals()
        let received = signals.wait()
        shutdown(gracePeriod: gracePeriod)
        return received
    }
}
