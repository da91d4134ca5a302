import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// The listener, the connection table and the deadline sweep. Everything mutable here
/// lives on `queue`; that confinement is what `@unchecked Sendable` stands for.
final class ServerCore: @unchecked Sendable {
    let queue = DispatchQueue(label: "layoutd.http.io")
    let configuration: HTTPServerConfiguration
    let events: ServerEvents
    let handler: HTTPHandler
    let immediateHandler: HTTPImmediateHandler?
    let pool: WorkerPool
    /// TLS handshake steps, off the I/O queue; bounded by the connection limit.
    let handshakePool: WorkerPool
    let tlsContext: TLSContext?
    /// One read buffer shared by every connection: the queue is serial, and bytes are
    /// copied into the connection's own buffer right after each read.
    let scratch: UnsafeMutableRawBufferPointer

    private(set) var isShuttingDown = false
    private var connections: [Int: Connection] = [:]
    private var nextConnectionID = 0
    private var listener: Int32 = -1
    private var listenSource: (any DispatchSourceRead)?
    private var acceptPaused = false
    private var sweepTimer: (any DispatchSourceTimer)?
    private var dateCache = HTTPDateCache()
    private var drainedWaiters: [@Sendable () -> Void] = []

    init(
        configuration: HTTPServerConfiguration, events: ServerEvents, immediateHandler: HTTPImmediateHandler?,
        handler: @escaping HTTPHandler
    ) throws {
        self.configuration = configuration
        self.events = events
        self.immediateHandler = immediateHandler
        self.handler = handler
        self.pool = WorkerPool(workers: configuration.workers, capacity: configuration.maxInFlightRequests)
        self.handshakePool = WorkerPool(workers: HTTPServerConfiguration.coreCount, capacity: configuration.maxConnections)
        self.tlsContext = try configuration.tls.map { try TLSContext(configuration: $0) }
        self.scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
    }

    deinit {
        scratch.deallocate()
    }

    /// Binds synchronously (so errors reach the caller), then starts accepting on the queue.
    func start() throws -> Int {
        let (fd, port) = try Socket.listen(host: configuration.host, port: configuration.port)
        queue.sync {
            listener = fd
            let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: queue)
            source.setEventHandler { [self] in acceptConnections() }
            source.setCancelHandler { Glibc.close(fd) }
            listenSource = source
            source.activate()

            let timer = DispatchSource.makeTimerSource(queue: queue)
            let interval = sweepInterval()
            timer.schedule(deadline: .now() + interval, repeating: interval)
            timer.setEventHandler { [self] in sweepDeadlines() }
            sweepTimer = timer
            timer.activate()
        }
        return port
    }

    /// A tenth of the shortest deadline, so deadlines fire within about 10 % late.
    private func sweepInterval() -> DispatchTimeInterval {
        let shortest = [
            configuration.headerTimeout, configuration.bodyTimeout, configuration.idleTimeout,
            configuration.writeTimeout, configuration.tlsHandshakeTimeout, configuration.lingerTimeout,
        ].map(\.nanoseconds).min() ?? 1_000_000_000
        let tick = min(max(shortest / 10, 10_000_000), 250_000_000)
        return .nanoseconds(Int(tick))
    }

    func currentDate() -> String { dateCache.current() }

    // MARK: Accepting

    private func acceptConnections() {
        for _ in 0..<64 {
            switch Socket.accept(listener) {
            case .accepted(let fd, let remoteAddress):
                admit(fd: fd, remoteAddress: remoteAddress)
            case .wouldBlock:
                return
            case .failed(let code):
                if code == EMFILE || code == ENFILE || code == ENOBUFS || code == ENOMEM {
                    // Out of descriptors: the listener stays readable, so back off instead of spinning.
                    pauseAccepting(for: .milliseconds(100))
                    return
                }
            }
        }
    }

    private func admit(fd: Int32, remoteAddress: String) {
        guard !isShuttingDown else {
            Glibc.close(fd)
            return
        }
        guard connections.count < configuration.maxConnections else {
            if tlsContext == nil {
                var bytes: [UInt8] = []
                HTTPResponseEncoder.encode(
                    HTTPError.tooManyConnections.response, date: currentDate(), serverName: configuration.serverName,
                    closeConnection: true, keepAliveForHTTP10: false, omitBody: false, into: &bytes)
                Socket.sendImmediately(fd, bytes)
            }
            Glibc.close(fd)
            return
        }
        let transport: any Transport
        if let tlsContext {
            guard let tls = TLSTransport(context: tlsContext, fd: fd) else {
                Glibc.close(fd)
                return
            }
            transport = tls
        } else {
            transport = PlainTransport(fd: fd)
        }
        nextConnectionID += 1
        let connection = Connection(
            id: nextConnectionID, fd: fd, remoteAddress: remoteAddress, transport: transport,
            isSecure: tlsContext != nil, core: self)
        connections[connection.id] = connection
        events.connectionOpened()
        connection.start()
    }

    private func pauseAccepting(for interval: DispatchTimeInterval) {
        guard let listenSource, !acceptPaused else { return }
        acceptPaused = true
        listenSource.suspend()
        queue.asyncAfter(deadline: .now() + interval) { [self] in resumeAccepting() }
    }

    /// Also used before cancelling: a suspended source must never be released.
    private func resumeAccepting() {
        guard acceptPaused else { return }
        acceptPaused = false
        listenSource?.resume()
    }

    // MARK: Bookkeeping

    func connectionClosed(_ connection: Connection) {
        guard connections.removeValue(forKey: connection.id) != nil else { return }
        events.connectionClosed()
        if isShuttingDown { notifyIfDrained() }
    }

    var openConnections: Int { connections.count }

    private func sweepDeadlines() {
        let now = MonotonicClock.now()
        for connection in Array(connections.values) {
            connection.checkDeadline(now: now)
        }
    }

    // MARK: Shutdown

    /// Stops accepting, closes idle connections, and lets busy ones finish with
    /// `Connection: close`. `whenDrained` runs on the queue once none are left.
    func beginShutdown(whenDrained: @escaping @Sendable () -> Void) {
        drainedWaiters.append(whenDrained)
        if !isShuttingDown {
            isShuttingDown = true
            listenSource?.cancel()
            resumeAccepting()
            listenSource = nil
            for connection in Array(connections.values) {
                connection.beginShutdown()
            }
        }
        notifyIfDrained()
    }

    /// Answers 503 to the requests still waiting for a worker (shutdown's grace is over).
    func refuseQueuedRequests() {
        for refuse in pool.dropQueued() { refuse() }
    }

    func forceCloseAll() {
        for connection in Array(connections.values) {
            connection.close()
        }
    }

    func stopTimer() {
        sweepTimer?.cancel()
        sweepTimer = nil
    }

    private func notifyIfDrained() {
        guard connections.isEmpty else { return }
        let waiters = drainedWaiters
        drainedWaiters = []
        for waiter in waiters { waiter() }
    }
}
