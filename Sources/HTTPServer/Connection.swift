import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// One client connection: a state machine driven by socket readiness and deadlines.
///
/// Every property is touched only on the server's I/O queue (the sources and the
/// sweep timer target it, and workers hop back to it), which is why the class can be
/// `@unchecked Sendable` without locks.
final class Connection: @unchecked Sendable {
    enum Phase: Equatable {
        case handshaking
        /// Reading and parsing a request (or idle between requests).
        case reading
        /// A complete request is with the handler; reading is paused so responses stay in order.
        case processing
        case writing
        /// Half-closed after a final answer; unread input is discarded until EOF or the deadline.
        case lingering
        case closed
    }

    enum DeadlineKind {
        case handshake, idle, header, body, write, linger
    }

    /// Facts about the request being served, for the response and its record.
    private struct Exchange {
        var method = "-"
        var path = "-"
        var version = HTTPVersion.http1_1
        var keepAlive = false
        var bodyBytes = 0
        var started: ContinuousClock.Instant?
        var error: HTTPError?
    }

    private enum WriteInterest { case inactive, running, suspended }

    let id: Int
    let remoteAddress: String
    private let fd: Int32
    private let isSecure: Bool
    private let transport: any Transport
    private let core: ServerCore
    private let readSource: any DispatchSourceRead
    private let writeSource: any DispatchSourceWrite

    private(set) var phase: Phase
    private var parser: RequestParser
    private var inbound: [UInt8] = []
    private var inboundStart = 0
    private var outbound: [UInt8] = []
    private var outboundStart = 0
    private var exchange = Exchange()
    private var closeAfterWrite = false
    private var readPaused = false
    private var writeInterest = WriteInterest.inactive
    private var readWantsWrite = false
    /// EOF was read while a request was being answered; acted on once it is.
    private var peerHalfClosed = false
    /// A TLS write is waiting for readable input (a handshake message) before it can go on.
    private var writeWantsRead = false
    /// A handshake step is running on the handshake pool; the `SSL` belongs to it.
    private var handshakeStepRunning = false
    private var releaseAfterHandshakeStep = false
    private var pendingCancellations = 2
    private var lingeredBytes = 0
    private var deadline: UInt64?
    private var deadlineKind = DeadlineKind.idle

    init(id: Int, fd: Int32, remoteAddress: String, transport: any Transport, isSecure: Bool, core: ServerCore) {
        self.id = id
        self.fd = fd
        self.remoteAddress = remoteAddress
        self.transport = transport
        self.isSecure = isSecure
        self.core = core
        self.parser = RequestParser(limits: core.configuration.limits)
        self.phase = isSecure ? .handshaking : .reading
        self.readSource = DispatchSource.makeReadSource(fileDescriptor: fd, queue: core.queue)
        self.writeSource = DispatchSource.makeWriteSource(fileDescriptor: fd, queue: core.queue)
    }

    func start() {
        readSource.setEventHandler { [self] in readable() }
        readSource.setCancelHandler { [self] in sourceCancelled() }
        writeSource.setEventHandler { [self] in writable() }
        writeSource.setCancelHandler { [self] in sourceCancelled() }
        if isSecure {
            setDeadline(.handshake, after: core.configuration.tlsHandshakeTimeout)
        } else {
            // A fresh connection gets the header deadline from accept: silence is not free.
            setDeadline(.header, after: core.configuration.headerTimeout)
        }
        readSource.activate()
    }

    // MARK: Readiness

    private func readable() {
        if writeWantsRead {
            writeWantsRead = false
            flush()
        }
        switch phase {
        case .handshaking: continueHandshake()
        case .reading: readRequests()
        case .lingering: discardInput()
        case .processing, .writing: readAhead()
        case .closed: break
        }
    }

    private func writable() {
        switch phase {
        case .handshaking:
            continueHandshake()
        case .closed:
            break
        default:
            if readWantsWrite {
                readWantsWrite = false
                if phase == .reading { readRequests() } else if phase != .lingering { readAhead() }
            }
            flush()
        }
    }

    /// Handshake steps are public-key crypto (a millisecond or more each), so they run on
    /// the handshake pool rather than the I/O queue: a burst of new TLS clients must not
    /// stall the connections already established. While a step runs, this connection's
    /// sources are quiet and nothing else touches its `SSL`.
    private func continueHandshake() {
        guard !handshakeStepRunning else { return }
        handshakeStepRunning = true
        pauseReading()
        setWriteInterest(false)
        let transport = self.transport
        let queue = core.queue
        let submitted = core.handshakePool.submit {
            let result = transport.handshake()
            queue.async { self.handshakeStepFinished(result) }
        }
        if !submitted {
            handshakeStepRunning = false
            close()
        }
    }

    private func handshakeStepFinished(_ result: HandshakeResult) {
        handshakeStepRunning = false
        if releaseAfterHandshakeStep {
            // Closed while the step ran: the descriptor and SSL were kept alive for it.
            transport.release()
            Glibc.close(fd)
            return
        }
        guard phase == .handshaking else { return }
        resumeReading()
        switch result {
        case .complete:
            setWriteInterest(false)
            phase = .reading
            setDeadline(.header, after: core.configuration.headerTimeout)
            readRequests()
        case .wantsRead:
            setWriteInterest(false)
        case .wantsWrite:
            setWriteInterest(true)
        case .failed:
            close()
        }
    }

    // MARK: Reading requests

    private func readRequests() {
        var reads = 0
        while phase == .reading {
            if reads == 16 {
                // Yield to other connections; TLS may hold decrypted bytes the socket
                // no longer signals, so come back explicitly rather than wait for readiness.
                core.queue.async { [self] in if phase == .reading { readRequests() } }
                return
            }
            reads += 1
            switch transport.read(into: core.scratch) {
            case .transferred(let count):
                core.events.bytesReceived(count)
                inbound.append(contentsOf: UnsafeRawBufferPointer(rebasing: core.scratch[..<count]))
                processInbound()
            case .wouldBlock(let wantsWrite):
                if wantsWrite {
                    readWantsWrite = true
                    setWriteInterest(true)
                }
                return
            case .closed:
                peerClosed()
                return
            case .failed:
                close()
                return
            }
        }
    }

    /// Parses what is buffered until a request is complete, more bytes are needed, or an
    /// answer has been decided.
    private func processInbound() {
        while phase == .reading {
            let (consumed, result) = inbound.withUnsafeBytes { bytes in
                parser.parse(UnsafeRawBufferPointer(rebasing: bytes[inboundStart...]))
            }
            inboundStart += consumed
            if exchange.started == nil && (parser.hasStartedMessage || inboundStart < inbound.count) {
                exchange.started = ContinuousClock.now
            }
            switch result {
            case .needMoreData:
                compactInbound()
                updateReadDeadline()
                return
            case .headComplete(let head):
                headReceived(head)
            case .messageComplete(let head, let body):
                exchange.bodyBytes = body.count
                dispatch(HTTPRequest(head: head, body: body, remoteAddress: remoteAddress, isSecure: isSecure))
                return
            case .failed(let error):
                answer(error)
                return
            }
        }
    }

    private func compactInbound() {
        if inboundStart == inbound.count {
            // Keep a modest buffer for reuse; give back what a burst made it grow to,
            // so thousands of idle connections do not each pin a large one.
            inbound.removeAll(keepingCapacity: inbound.capacity <= 128 * 1024)
        } else if inboundStart > 0 {
            inbound.removeFirst(inboundStart)
        }
        inboundStart = 0
    }

    /// The header deadline runs from a request's first byte and is never extended by
    /// progress: trickling bytes (slowloris) cannot keep a connection.
    private func updateReadDeadline() {
        if parser.isReadingBody {
            if deadlineKind != .body { setDeadline(.body, after: core.configuration.bodyTimeout) }
        } else if parser.hasStartedMessage || inboundStart < inbound.count {
            if deadlineKind != .header { setDeadline(.header, after: core.configuration.headerTimeout) }
        }
    }

    private func headReceived(_ head: RequestHead) {
        exchange.method = head.method
        exchange.path = head.path
        exchange.version = head.version
        exchange.keepAlive = head.wantsKeepAlive
        if parser.isReadingBody { setDeadline(.body, after: core.configuration.bodyTimeout) }
        guard let expectation = head.headers["Expect"] else { return }
        guard HTTPHeaders.namesMatch(expectation, "100-continue") else {
            answer(.unsupportedExpectation)
            return
        }
        // Invite the body only if it is wanted and not already on its way (RFC 9110 §10.1.1).
        if parser.isReadingBody && head.version.minor >= 1 && inboundStart == inbound.count {
            outbound.append(contentsOf: ResponseEncoder.continueResponse)
            flush()
        }
    }

    /// While a request is being answered the read source stays armed and the next bytes
    /// are buffered, up to a bound: suspending and resuming a Dispatch source on every
    /// request costs a wake-up of Dispatch's manager thread each time. The source is
    /// paused only when the bound is reached or the peer has finished sending (EOF would
    /// otherwise keep a level-triggered source firing).
    private func readAhead() {
        guard !peerHalfClosed, inbound.count - inboundStart < Self.readAheadLimit else {
            pauseReading()
            return
        }
        switch transport.read(into: core.scratch) {
        case .transferred(let count):
            core.events.bytesReceived(count)
            inbound.append(contentsOf: UnsafeRawBufferPointer(rebasing: core.scratch[..<count]))
        case .wouldBlock(let wantsWrite):
            if wantsWrite {
                readWantsWrite = true
                setWriteInterest(true)
            }
        case .closed:
            peerHalfClosed = true
            pauseReading()
        case .failed:
            close()
        }
    }

    private static let readAheadLimit = 64 * 1024

    private func peerClosed() {
        peerHalfClosed = true
        // EOF stays readable forever on a level-triggered source; nothing more will come.
        pauseReading()
        // Requests already buffered still count: answer them before judging the rest.
        if phase == .reading { processInbound() }
        guard phase == .reading else { return }
        if parser.isInsideMessage || inboundStart < inbound.count {
            // The peer may have only half-closed; it can still read why it failed.
            answer(.incompleteMessage)
        } else {
            close()
        }
    }

    // MARK: Handling

    private func dispatch(_ request: HTTPRequest) {
        phase = .processing
        deadline = nil
        let handler = core.handler
        let queue = core.queue
        let accepted = core.pool.submit { [self] in
            let response = handler(request)
            queue.async { self.deliver(response) }
        }
        if !accepted { answer(.overloaded) }
    }

    private func deliver(_ response: HTTPResponse) {
        guard phase == .processing else { return }
        let close = !exchange.keepAlive || core.isShuttingDown
            || response.headers.containsToken("close", in: "Connection")
        write(response, close: close)
    }

    /// Answers a protocol error with its problem document.
    private func answer(_ error: HTTPError) {
        exchange.error = error
        if exchange.started == nil { exchange.started = ContinuousClock.now }
        let close = error.closesConnection || !exchange.keepAlive || core.isShuttingDown
        write(error.response, close: close)
    }

    // MARK: Writing

    private func write(_ response: HTTPResponse, close: Bool) {
        phase = .writing
        closeAfterWrite = close
        ResponseEncoder.encode(
            response, date: core.currentDate(), serverName: core.configuration.serverName,
            closeConnection: close, keepAliveForHTTP10: exchange.version == .http1_0,
            omitBody: exchange.method == "HEAD", into: &outbound)
        pendingStatus = response.status
        pendingAnnotations = response.annotations
        setDeadline(.write, after: core.configuration.writeTimeout)
        flush()
    }

    private var pendingStatus = 0
    private var pendingAnnotations: [String: String] = [:]
    private var responseBytes = 0

    private func flush() {
        while outboundStart < outbound.count {
            let result = outbound.withUnsafeBytes { bytes in
                transport.write(UnsafeRawBufferPointer(rebasing: bytes[outboundStart...]))
            }
            switch result {
            case .transferred(let count):
                outboundStart += count
                responseBytes += count
                core.events.bytesSent(count)
                if phase == .writing { setDeadline(.write, after: core.configuration.writeTimeout) }
            case .wouldBlock(let wantsWrite):
                if wantsWrite {
                    setWriteInterest(true)
                } else {
                    // TLS needs to read before it can write; the armed read source brings us back.
                    writeWantsRead = true
                    resumeReading()
                }
                return
            case .closed, .failed:
                close()
                return
            }
        }
        outbound.removeAll(keepingCapacity: true)
        outboundStart = 0
        setWriteInterest(false)
        if phase == .writing { responseWritten() }
    }

    private func responseWritten() {
        let started = exchange.started ?? ContinuousClock.now
        core.events.requestCompleted(
            RequestRecord(
                method: exchange.method, path: exchange.path, status: pendingStatus,
                requestBodyBytes: exchange.bodyBytes, responseBytes: responseBytes,
                duration: ContinuousClock.now - started, remoteAddress: remoteAddress, error: exchange.error,
                annotations: pendingAnnotations))
        pendingAnnotations = [:]
        exchange = Exchange()
        responseBytes = 0
        if closeAfterWrite {
            linger()
            return
        }
        phase = .reading
        setDeadline(.idle, after: core.configuration.idleTimeout)
        if !peerHalfClosed { resumeReading() }
        // Continue with pipelined bytes on a fresh turn of the queue, so a long pipeline
        // of quick answers does not recurse.
        core.queue.async { [self] in
            guard phase == .reading else { return }
            processInbound()
            guard phase == .reading else { return }
            if peerHalfClosed {
                peerClosed()
            } else {
                readRequests()
            }
        }
    }

    /// Half-close and discard input briefly: closing with unread bytes would make the
    /// kernel send a reset that can destroy the answer before the client reads it.
    private func linger() {
        phase = .lingering
        transport.shutdownWrite()
        inbound.removeAll(keepingCapacity: false)
        inboundStart = 0
        lingeredBytes = 0
        setDeadline(.linger, after: core.configuration.lingerTimeout)
        resumeReading()
        core.queue.async { [self] in if phase == .lingering { discardInput() } }
    }

    private func discardInput() {
        while phase == .lingering {
            switch transport.read(into: core.scratch) {
            case .transferred(let count):
                lingeredBytes += count
                if lingeredBytes > core.configuration.lingerMaxBytes { close() }
            case .wouldBlock:
                return
            case .closed, .failed:
                close()
            }
        }
    }

    // MARK: Deadlines and shutdown

    private func setDeadline(_ kind: DeadlineKind, after duration: Duration) {
        deadlineKind = kind
        deadline = MonotonicClock.now() &+ duration.nanoseconds
    }

    /// Called by the server's sweep timer.
    func checkDeadline(now: UInt64) {
        guard let deadline, now >= deadline else { return }
        self.deadline = nil
        switch deadlineKind {
        case .handshake, .idle, .write, .linger:
            close()
        case .header:
            guard phase == .reading else { return }
            if parser.isInsideMessage || inboundStart < inbound.count {
                answer(.headerTimeout)
            } else {
                close()
            }
        case .body:
            guard phase == .reading else { return }
            answer(.bodyTimeout)
        }
    }

    /// Graceful shutdown: idle connections go now; busy ones close after their answer.
    func beginShutdown() {
        switch phase {
        case .handshaking:
            close()
        case .reading where !(parser.isInsideMessage || inboundStart < inbound.count):
            close()
        default:
            break
        }
    }

    // MARK: Sources and closing

    private func pauseReading() {
        guard !readPaused else { return }
        readPaused = true
        readSource.suspend()
    }

    private func resumeReading() {
        guard readPaused else { return }
        readPaused = false
        readSource.resume()
    }

    /// The write source exists for the whole connection and is only suspended and
    /// resumed: re-creating sources for a live descriptor breaks libdispatch on Linux.
    private func setWriteInterest(_ wanted: Bool) {
        switch (writeInterest, wanted) {
        case (.inactive, true):
            writeInterest = .running
            writeSource.activate()
        case (.suspended, true):
            writeInterest = .running
            writeSource.resume()
        case (.running, false):
            writeInterest = .suspended
            writeSource.suspend()
        default:
            break
        }
    }

    func close() {
        guard phase != .closed else { return }
        phase = .closed
        deadline = nil
        core.connectionClosed(self)
        readSource.cancel()
        writeSource.cancel()
        // Cancel handlers only run on resumed sources, and a suspended source must not be released.
        resumeReading()
        setWriteInterest(true)
    }

    /// The descriptor is closed only once both sources are cancelled, so no event can
    /// arrive for a number the kernel may already have reused.
    private func sourceCancelled() {
        pendingCancellations -= 1
        guard pendingCancellations == 0 else { return }
        guard !handshakeStepRunning else {
            releaseAfterHandshakeStep = true
            return
        }
        transport.release()
        Glibc.close(fd)
    }
}
