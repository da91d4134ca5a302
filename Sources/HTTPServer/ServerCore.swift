import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The listener, the I/O shards and shutdown. The listener and shutdown's bookkeeping
/// live on `queue`; each connection lives on its shard's queue. That confinement (and
/// the atomics below, shared by both) is what `@unchecked Sendable` stands for.
final class ServerCore: @unchecked Sendable {
    /// Accepting and shutdown; connections run on `shards`.
    let queue = DispatchQueue(label: "layoutd.http.accept")
    let configuration: HTTPServerConfiguration
    let events: ServerEvents
    let handler: HTTPHandler
    let immediateHandler: HTTPImmediateHandler?
    let pool: WorkerPool
    /// TLS handshake steps, off the I/O queues; bounded by the connection limit.
    let handshakePool: WorkerPool
    let tlsContext: TLSContext?
    private(set) var shards: [IOShard] = []

    private let shuttingDown = Atomic<Bool>(false)
    /// Accepted and not yet closed, over every shard (the connection limit counts these).
    private let openCount = Atomic<Int>(0)
    private let lastConnectionID = Atomic<Int>(0)
    private var nextShard = 0
    private var listener: Int32 = -1
    private var listenSource: (any DispatchSourceRead)?
    private var acceptPaused = false
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
        self.shards = try (0..<max(1, configuration.ioQueues)).map {
            try IOShard(index: $0, core: self, model: configuration.ioModel)
        }
    }

    var isShuttingDown: Bool { shuttingDown.load(ordering: .acquiring) }

    func nextConnectionID() -> Int { lastConnectionID.add(1, ordering: .relaxed).newValue }

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
        }
        let interval = sweepInterval()
        for shard in shards {
            try shard.start(sweepInterval: interval)
        }
        return port
    }

    /// A tenth of the shortest deadline, so deadlines fire within about 10 % late.
    private func sweepInterval() -> UInt64 {
        let shortest = [
            configuration.headerTimeout, configuration.bodyTimeout, configuration.idleTimeout,
            configuration.writeTimeout, configuration.tlsHandshakeTimeout, configuration.lingerTimeout,
        ].map(\.nanoseconds).min() ?? 1_000_000_000
        return min(max(shortest / 10, 10_000_000), 250_000_000)
    }

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

    /// Counts the connection and hands it to the next shard, round robin.
    private func admit(fd: Int32, remoteAddress: String) {
        guard !isShuttingDown else {
            Glibc.close(fd)
            return
        }
        guard openCount.load(ordering: .relaxed) < configuration.maxConnections else {
            if tlsContext == nil {
                var bytes: [UInt8] = []
                HTTPResponseEncoder.encode(
                    HTTPError.tooManyConnections.response, date: dateCache.current(), serverName: configuration.serverName,
                    closeConnection: true, keepAliveForHTTP10: false, omitBody: false, into: &bytes)
                Socket.sendImmediately(fd, bytes)
            }
            Glibc.close(fd)
            return
        }
        openCount.add(1, ordering: .relaxed)
        let shard = shards[nextShard]
        nextShard = (nextShard + 1) % shards.count
        // The block keeps the core alive too: a shard only holds it unowned.
        shard.async { [self] in withExtendedLifetime(self) { shard.admit(fd: fd, remoteAddress: remoteAddress) } }
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

    /// A counted connection is gone (called on its shard's queue).
    func connectionReleased() {
        let left = openCount.subtract(1, ordering: .acquiringAndReleasing).newValue
        if left == 0, isShuttingDown {
            queue.async { [self] in notifyIfDrained() }
        }
    }

    var openConnections: Int { openCount.load(ordering: .acquiring) }

    // MARK: Shutdown

    /// Stops accepting, closes idle connections, and lets busy ones finish with
    /// `Connection: close`. `whenDrained` runs on `queue` once none are left.
    func beginShutdown(whenDrained: @escaping @Sendable () -> Void) {
        drainedWaiters.append(whenDrained)
        if !isShuttingDown {
            shuttingDown.store(true, ordering: .releasing)
            listenSource?.cancel()
            resumeAccepting()
            listenSource = nil
            for shard in shards {
                shard.async { shard.beginShutdown() }
            }
        }
        notifyIfDrained()
    }

    /// Answers 503 to the requests still waiting for a worker (shutdown's grace is over).
    /// Each answer hops to its connection's shard, ahead of `forceCloseAll`'s close.
    func refuseQueuedRequests() {
        for refuse in pool.dropQueued() { refuse() }
    }

    func forceCloseAll() {
        for shard in shards {
            shard.async { shard.forceCloseAll() }
        }
    }

    func stopTimer() {
        for shard in shards {
            shard.stop()
        }
    }

    private func notifyIfDrained() {
        guard openConnections == 0 else { return }
        let waiters = drainedWaiters
        drainedWaiters = []
        for waiter in waiters { waiter() }
    }
}
