import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// One I/O thread (an epoll loop, or a serial Dispatch queue) and the connections it serves, with their read buffer, date
/// cache and deadline sweep. The server runs about one shard per core and hands each
/// accepted connection to the next shard, so requests answered on the I/O path (health,
/// cache hits) use every core instead of one. Everything mutable here lives on that thread;
/// that confinement is what `@unchecked Sendable` stands for.
final class IOShard: @unchecked Sendable {
    /// The shard's serial queue with `--io-model dispatch`; with `epoll`, it only runs
    /// what is posted after the loop has stopped.
    let queue: DispatchQueue
    /// The shard's own thread, with `--io-model epoll`.
    private let loop: EventLoop?
    /// One read buffer shared by the shard's connections: the queue is serial, and bytes
    /// are copied into the connection's own buffer right after each read.
    let scratch: UnsafeMutableRawBufferPointer
    /// The core owns its shards; every block that reaches a shard keeps the core alive.
    private unowned let core: ServerCore
    private var connections: [Int: Connection] = [:]
    private var dateCache = HTTPDateCache()
    private var sweepTimer: (any DispatchSourceTimer)?

    init(index: Int, core: ServerCore, model: IOModel) throws {
        self.queue = DispatchQueue(label: "layoutd.http.io.\(index)")
        self.loop = model == .epoll ? try EventLoop(label: "layoutd.http.io.\(index).late") : nil
        self.core = core
        self.scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
    }

    deinit {
        scratch.deallocate()
    }

    func currentDate() -> String { dateCache.current() }

    /// Runs `block` on the shard (its loop thread or its queue), later.
    func async(_ block: @escaping @Sendable () -> Void) {
        if let loop {
            loop.post(block)
        } else {
            queue.async(execute: block)
        }
    }

    /// Readiness notifications for a connection of this shard.
    func makeInterest(fd: Int32) -> any SocketInterest {
        if let loop { return EpollSocketInterest(fd: fd, loop: loop) }
        return DispatchSocketInterest(fd: fd, queue: queue)
    }

    /// Starts the deadline sweep, and the loop thread with `epoll`.
    func start(sweepInterval nanoseconds: UInt64) throws {
        if let loop {
            try loop.start(sweepInterval: nanoseconds) { [self] in sweepDeadlines() }
            return
        }
        queue.sync { startTimer(sweepInterval: .nanoseconds(Int(clamping: nanoseconds))) }
    }

    private func startTimer(sweepInterval: DispatchTimeInterval) {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + sweepInterval, repeating: sweepInterval)
        timer.setEventHandler { [self] in sweepDeadlines() }
        sweepTimer = timer
        timer.activate()
    }

    /// Takes over an accepted descriptor (on the shard). The core has already counted it.
    func admit(fd: Int32, remoteAddress: String) {
        guard !core.isShuttingDown else {
            Glibc.close(fd)
            core.connectionReleased()
            return
        }
        let transport: any Transport
        if let tlsContext = core.tlsContext {
            guard let tls = TLSTransport(context: tlsContext, fd: fd) else {
                Glibc.close(fd)
                core.connectionReleased()
                return
            }
            transport = tls
        } else {
            transport = PlainTransport(fd: fd)
        }
        let connection = Connection(
            id: core.nextConnectionID(), fd: fd, remoteAddress: remoteAddress, transport: transport,
            isSecure: core.tlsContext != nil, core: core, shard: self)
        connections[connection.id] = connection
        core.events.connectionOpened()
        connection.start()
    }

    func connectionClosed(_ connection: Connection) {
        guard connections.removeValue(forKey: connection.id) != nil else { return }
        core.events.connectionClosed()
        core.connectionReleased()
    }

    private func sweepDeadlines() {
        let now = MonotonicClock.now()
        for connection in Array(connections.values) {
            connection.checkDeadline(now: now)
        }
    }

    /// Graceful shutdown of every connection here (on the shard).
    func beginShutdown() {
        for connection in Array(connections.values) {
            connection.beginShutdown()
        }
    }

    func forceCloseAll() {
        for connection in Array(connections.values) {
            connection.close()
        }
    }

    /// Stops the sweep, and the loop thread with `epoll` (every connection is closed).
    func stop() {
        if let loop {
            loop.stopAndJoin()
            return
        }
        queue.sync {
            sweepTimer?.cancel()
            sweepTimer = nil
        }
    }
}
