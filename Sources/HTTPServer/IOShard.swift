import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// One serial I/O queue and the connections it serves, with their read buffer, date
/// cache and deadline sweep. The server runs about one shard per core and hands each
/// accepted connection to the next shard, so requests answered on the I/O path (health,
/// cache hits) use every core instead of one. Everything mutable here lives on `queue`;
/// that confinement is what `@unchecked Sendable` stands for.
final class IOShard: @unchecked Sendable {
    let queue: DispatchQueue
    /// One read buffer shared by the shard's connections: the queue is serial, and bytes
    /// are copied into the connection's own buffer right after each read.
    let scratch: UnsafeMutableRawBufferPointer
    /// The core owns its shards; every block that reaches a shard keeps the core alive.
    private unowned let core: ServerCore
    private var connections: [Int: Connection] = [:]
    private var dateCache = HTTPDateCache()
    private var sweepTimer: (any DispatchSourceTimer)?

    init(index: Int, core: ServerCore) {
        self.queue = DispatchQueue(label: "layoutd.http.io.\(index)")
        self.core = core
        self.scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
    }

    deinit {
        scratch.deallocate()
    }

    func currentDate() -> String { dateCache.current() }

    /// Starts the deadline sweep (on the queue).
    func start(sweepInterval: DispatchTimeInterval) {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + sweepInterval, repeating: sweepInterval)
        timer.setEventHandler { [self] in sweepDeadlines() }
        sweepTimer = timer
        timer.activate()
    }

    /// Takes over an accepted descriptor (on the queue). The core has already counted it.
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

    /// Graceful shutdown of every connection here (on the queue).
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

    func stopTimer() {
        sweepTimer?.cancel()
        sweepTimer = nil
    }
}
