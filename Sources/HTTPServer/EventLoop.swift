import Dispatch
import CEpoll
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// One thread waiting in `epoll_wait` for its shard's sockets and running everything of
/// the shard: socket events, blocks posted from other threads (accepted connections,
/// answers from the worker pool, shutdown), and the deadline sweep. The thread that
/// saw the bytes answers them, so a request answered on the I/O path costs no hand-off.
///
/// Registrations are level-triggered: the connection state machine reads a bounded
/// amount per turn and pauses reading for back-pressure, and a level-triggered
/// registration simply reports again what is still unread, where an edge-triggered one
/// would have to be drained to `EAGAIN` on every event or lose its wake-up.
///
/// Everything but `post`'s queue is touched only on the loop thread (or before it
/// starts, or after it has been joined): that is what `@unchecked Sendable` stands for.
final class EventLoop: @unchecked Sendable {
    typealias Block = @Sendable () -> Void

    private struct Posted {
        var blocks: [Block] = []
        var stopRequested = false
        /// Set by the loop thread as it exits; later posts run on `fallback`.
        var stopped = false
    }

    private let epollFD: Int32
    private let wakeFD: Int32
    private let posted = Mutex(Posted())
    /// Runs blocks posted after the loop has stopped (a handshake step finishing late).
    private let fallback: DispatchQueue
    private let loopThread = Atomic<UInt>(0)
    private var thread: pthread_t?
    private var registrations: [EpollSocketInterest?] = []
    /// Posted by the loop thread itself (the next pipelined request): no lock, no wake-up.
    private var local: [() -> Void] = []
    private var sweep: (() -> Void)?
    private var sweepInterval: UInt64 = 0
    private var nextSweep: UInt64 = 0

    init(label: String) throws {
        let epollFD = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard epollFD >= 0 else { throw ServerError.socket(operation: "epoll_create1", errno: errno) }
        let wakeFD = eventfd(0, Int32(EFD_NONBLOCK) | Int32(EFD_CLOEXEC))
        guard wakeFD >= 0 else {
            Glibc.close(epollFD)
            throw ServerError.socket(operation: "eventfd", errno: errno)
        }
        var event = epoll_event()
        event.events = EPOLLIN.rawValue
        event.data.fd = wakeFD
        guard epoll_ctl(epollFD, EPOLL_CTL_ADD, wakeFD, &event) == 0 else {
            let code = errno
            Glibc.close(wakeFD)
            Glibc.close(epollFD)
            throw ServerError.socket(operation: "epoll_ctl", errno: code)
        }
        self.epollFD = epollFD
        self.wakeFD = wakeFD
        self.fallback = DispatchQueue(label: label)
    }

    deinit {
        if thread == nil {
            Glibc.close(wakeFD)
            Glibc.close(epollFD)
        }
    }

    /// Starts the thread; `sweep` runs every `interval` nanoseconds on it.
    func start(sweepInterval interval: UInt64, sweep: @escaping () -> Void) throws {
        self.sweep = sweep
        sweepInterval = max(interval, 1_000_000)
        nextSweep = MonotonicClock.now() &+ sweepInterval
        let context = Unmanaged.passRetained(self).toOpaque()
        var created = pthread_t()
        let result = pthread_create(&created, nil, { context in
            guard let context else { return nil }
            let loop = Unmanaged<EventLoop>.fromOpaque(context).takeRetainedValue()
            loop.run()
            return nil
        }, context)
        guard result == 0 else {
            Unmanaged<EventLoop>.fromOpaque(context).release()
            throw ServerError.socket(operation: "pthread_create", errno: result)
        }
        thread = created
    }

    /// Asks the thread to finish what was posted and exit, and waits for it.
    func stopAndJoin() {
        guard let thread else { return }
        let wake = posted.withLock { state in
            state.stopRequested = true
            return state.blocks.isEmpty
        }
        if wake { signalWake() }
        pthread_join(thread, nil)
    }

    var isOnLoopThread: Bool { loopThread.load(ordering: .relaxed) == pthread_self() }

    /// Runs `block` on the loop thread, after the events being handled now.
    func post(_ block: @escaping Block) {
        if isOnLoopThread {
            local.append(block)
            return
        }
        let wake: Bool? = posted.withLock { state in
            guard !state.stopped else { return nil }
            state.blocks.append(block)
            return state.blocks.count == 1
        }
        switch wake {
        case nil: fallback.async(execute: block)
        case true?: signalWake()
        case false?: break
        }
    }

    // MARK: Registrations (loop thread)

    func register(_ interest: EpollSocketInterest, events: UInt32, modify: Bool) -> Bool {
        var event = epoll_event()
        event.events = events
        event.data.fd = interest.fd
        guard epoll_ctl(epollFD, modify ? EPOLL_CTL_MOD : EPOLL_CTL_ADD, interest.fd, &event) == 0 else { return false }
        let index = Int(interest.fd)
        if index >= registrations.count {
            registrations.append(contentsOf: repeatElement(nil, count: index + 1 - registrations.count + 64))
        }
        registrations[index] = interest
        return true
    }

    func unregister(_ interest: EpollSocketInterest) {
        var event = epoll_event()
        _ = epoll_ctl(epollFD, EPOLL_CTL_DEL, interest.fd, &event)
        let index = Int(interest.fd)
        if index < registrations.count, registrations[index] === interest { registrations[index] = nil }
    }

    func postLocal(_ block: @escaping () -> Void) {
        local.append(block)
    }

    // MARK: The loop

    private func run() {
        loopThread.store(pthread_self(), ordering: .relaxed)
        let capacity = 128
        let events = UnsafeMutablePointer<epoll_event>.allocate(capacity: capacity)
        defer {
            events.deallocate()
            Glibc.close(wakeFD)
            Glibc.close(epollFD)
        }
        while true {
            let count = epoll_wait(epollFD, events, Int32(capacity), timeoutMilliseconds())
            if count < 0 && errno != EINTR { break }
            for index in 0..<max(0, Int(count)) {
                let event = events[index]
                let fd = event.data.fd
                if fd == wakeFD {
                    var value: UInt64 = 0
                    _ = read(wakeFD, &value, 8)
                    continue
                }
                let slot = Int(fd)
                if slot >= 0, slot < registrations.count, let interest = registrations[slot] {
                    interest.deliver(event.events)
                }
            }
            runLocal()
            guard runPosted() else { break }
            let now = MonotonicClock.now()
            if now >= nextSweep {
                nextSweep = now &+ sweepInterval
                sweep?()
                runLocal()
            }
        }
        sweep = nil
        registrations = []
    }

    private func timeoutMilliseconds() -> Int32 {
        if !local.isEmpty { return 0 }
        let now = MonotonicClock.now()
        guard nextSweep > now else { return 0 }
        return Int32(clamping: (nextSweep - now + 999_999) / 1_000_000)
    }

    private func runLocal() {
        // Blocks may post more; they run in this same pass, in order.
        var index = 0
        while index < local.count {
            let block = local[index]
            index += 1
            block()
        }
        local.removeAll(keepingCapacity: true)
    }

    /// Runs what other threads posted; false once a stop was asked for.
    private func runPosted() -> Bool {
        while true {
            let (blocks, stop): ([Block], Bool) = posted.withLock { state in
                let blocks = state.blocks
                state.blocks = []
                if state.stopRequested && blocks.isEmpty { state.stopped = true }
                return (blocks, state.stopRequested)
            }
            if blocks.isEmpty { return !stop }
            for block in blocks { block() }
            runLocal()
            if !stop { return true }
        }
    }

    private func signalWake() {
        var one: UInt64 = 1
        _ = write(wakeFD, &one, 8)
    }
}

/// A connection's registration in its shard's `EventLoop`: registered while reading or
/// writing is wanted, removed while neither is (so a hang-up, which epoll reports
/// regardless of the mask, cannot spin the loop while the connection waits on a worker).
final class EpollSocketInterest: SocketInterest {
    let fd: Int32
    private unowned let loop: EventLoop
    private var reading = false
    private var writing = false
    private var registered: UInt32 = 0
    private var cancelled = false
    private var onReadable: () -> Void = {}
    private var onWritable: () -> Void = {}
    private var onCancelled: () -> Void = {}

    init(fd: Int32, loop: EventLoop) {
        self.fd = fd
        self.loop = loop
    }

    func activate(onReadable: @escaping () -> Void, onWritable: @escaping () -> Void, onCancelled: @escaping () -> Void) {
        self.onReadable = onReadable
        self.onWritable = onWritable
        self.onCancelled = onCancelled
        setReading(true)
    }

    func setReading(_ enabled: Bool) {
        guard !cancelled, reading != enabled else { return }
        reading = enabled
        update()
    }

    func setWriting(_ enabled: Bool) {
        guard !cancelled, writing != enabled else { return }
        writing = enabled
        update()
    }

    func cancel() {
        guard !cancelled else { return }
        cancelled = true
        reading = false
        writing = false
        update()
        // Like a Dispatch cancel handler: later, once this turn's events are done.
        loop.postLocal { [self] in
            let cancelled = onCancelled
            onReadable = {}
            onWritable = {}
            onCancelled = {}
            cancelled()
        }
    }

    func deliver(_ events: UInt32) {
        let failed = events & (EPOLLERR.rawValue | EPOLLHUP.rawValue) != 0
        if reading, failed || events & EPOLLIN.rawValue != 0 { onReadable() }
        if writing, failed || events & EPOLLOUT.rawValue != 0 { onWritable() }
    }

    private func update() {
        let wanted = (reading ? EPOLLIN.rawValue : 0) | (writing ? EPOLLOUT.rawValue : 0)
        guard wanted != registered else { return }
        if wanted == 0 {
            loop.unregister(self)
        } else if !loop.register(self, events: wanted, modify: registered != 0) {
            // The descriptor is gone or broken: report it, and the read or write fails.
            loop.postLocal { [self] in deliver(EPOLLERR.rawValue) }
            registered = 0
            return
        }
        registered = wanted
    }
}
