/// Every decision of one HTTP/1.1 connection, without I/O: events go in (readiness,
/// read and write outcomes, a response, a deadline), actions come out (read, flush,
/// dispatch, pause reading, close...). `Connection` performs the actions and feeds their
/// outcomes back, so this type can be table-tested without sockets or Dispatch.
///
/// Actions are meant to be performed in order, and the events an action produces are
/// handled (with their own actions performed) before the next action of the same batch:
/// a depth-first order, which keeps the order the reads and writes had when the logic
/// lived in one class.
struct ConnectionStateMachine {
    enum Phase: Equatable {
        case handshaking
        /// Reading and parsing a request (or idle between requests).
        case reading
        /// A complete request is with the handler; parsing is paused so responses stay in order.
        case processing
        case writing
        /// Half-closed after a final answer; unread input is discarded until EOF or the deadline.
        case lingering
        case closed
    }

    enum DeadlineKind: Equatable {
        case handshake, idle, header, body, write, linger
    }

    /// Work the machine resumes later, on a fresh turn (`yield`) or right away (`then`).
    enum Step: Equatable {
        case readRequests
        /// After a response: pipelined bytes, then more reading.
        case nextRequest
        case discardInput
        /// Readiness handling that waited for a flush to finish first.
        case readableAfterFlush
    }

    enum Event {
        case readable
        case writable
        case handshakeFinished(HandshakeResult)
        /// The handshake pool refused the step.
        case handshakeRefused
        /// The outcome of a `.read` action; `bytes` holds the data of `.transferred`.
        case read(TransportResult, bytes: UnsafeRawBufferPointer)
        /// Everything queued for sending went out.
        case flushed
        /// Sending stopped short; it goes on when the socket is writable (or, for TLS, readable).
        case flushBlocked(wantsWrite: Bool, progressed: Bool)
        case flushFailed
        case responseReady(HTTPResponse)
        /// The worker pool was full.
        case dispatchRefused
        /// Shutdown's grace ran out while the request still waited for a worker.
        case dispatchDropped
        case resumed(Step)
        /// The deadline of the last `.setDeadline` passed.
        case deadlineExpired
        case shutdown
        /// Close now, whatever the phase (forced shutdown).
        case forceClose
    }

    /// How a response is put on the wire.
    struct Framing: Equatable {
        var closeConnection: Bool
        var keepAliveForHTTP10: Bool
        var omitBody: Bool
    }

    /// The request facts the record of a finished exchange needs.
    struct Summary: Equatable {
        var method: String
        var path: String
        var requestBodyBytes: Int
        var error: HTTPError?
    }

    enum Action {
        /// One non-blocking read; answer with `.read`.
        case read
        /// Write queued bytes until done or blocked; answer with `.flushed`, `.flushBlocked` or `.flushFailed`.
        case flush
        /// Queue a response's bytes for sending.
        // Boxed (`indirect`): the large payloads would otherwise make every action, even
        // `.read`, as big as a request, and actions are copied and reversed in a queue.
        indirect case send(HTTPResponse, Framing)
        /// Queue `100 Continue`.
        case sendContinue
        /// Run one handshake step off the I/O path; answer with `.handshakeFinished` or `.handshakeRefused`.
        case startHandshakeStep
        /// Hand a complete request to the application; answer with `.responseReady` or `.dispatchRefused`.
        indirect case dispatch(HTTPRequest)
        case pauseReading
        case resumeReading
        case writeInterest(Bool)
        case setDeadline(DeadlineKind, Duration)
        case clearDeadline
        /// A request's first byte arrived: its duration runs from now.
        case markStarted
        /// The response was written; record the exchange.
        indirect case completed(Summary)
        /// Come back with `.resumed(step)` on a later turn of the queue.
        case yield(Step)
        /// Come back with `.resumed(step)` once the actions before this one are done.
        case then(Step)
        /// Drop TLS and speak plaintext on the socket (to answer a plaintext client).
        case switchToPlaintext
        case shutdownWrite
        case close
    }

    /// What a `.read` action was for, so its outcome goes to the right place.
    private enum ReadPurpose {
        case request, readAhead, discard
    }

    /// Facts about the request being served, for the response and its record.
    private struct Exchange {
        var method = "-"
        var path = "-"
        var version = HTTPVersion.http1_1
        var keepAlive = false
        var bodyBytes = 0
        var started = false
        var error: HTTPError?
    }

    static let readAheadLimit = 64 * 1024
    /// Reads in one turn before yielding to other connections.
    static let readsPerTurn = 16

    private let configuration: HTTPServerConfiguration
    private let remoteAddress: String
    private let isSecure: Bool

    private(set) var phase: Phase
    private(set) var deadlineKind = DeadlineKind.idle
    /// A handshake step is running off the I/O path; the connection's `SSL` belongs to it.
    private(set) var handshakeStepRunning = false
    private var parser: RequestParser
    private var inbound: [UInt8] = []
    private var inboundStart = 0
    private var exchange = Exchange()
    private var closeAfterWrite = false
    private var readPaused = false
    private var writeInterest = false
    private var readWantsWrite = false
    /// EOF was read while a request was being answered; acted on once it is.
    private var peerHalfClosed = false
    /// A TLS write is waiting for readable input (a handshake message) before it can go on.
    private var writeWantsRead = false
    private var lingeredBytes = 0
    private var readsThisTurn = 0
    /// A plain socket's read shorter than this emptied the kernel's buffer: the next
    /// request waits for readiness instead of a read that would only say `EAGAIN` (a
    /// system call per request). 0 (TLS, which may hold decrypted bytes the socket no
    /// longer signals) always reads.
    var drainedBelow = 0
    private var socketDrained = false
    private var readPurpose = ReadPurpose.request
    private var shuttingDown = false

    init(configuration: HTTPServerConfiguration, remoteAddress: String, isSecure: Bool) {
        self.configuration = configuration
        self.remoteAddress = remoteAddress
        self.isSecure = isSecure
        self.parser = RequestParser(limits: configuration.limits)
        self.phase = isSecure ? .handshaking : .reading
    }

    /// Bytes received but not yet parsed (or buffered while a request is answered).
    var bufferedBytes: Int { inbound.count - inboundStart }

    // MARK: Entry points

    /// The first actions of a new connection (the read source is then activated).
    mutating func start(into actions: inout [Action]) {
        if isSecure {
            setDeadline(.handshake, after: configuration.tlsHandshakeTimeout, &actions)
        } else {
            // A fresh connection gets the header deadline from accept: silence is not free.
            setDeadline(.header, after: configuration.headerTimeout, &actions)
        }
    }

    mutating func handle(_ event: Event, into actions: inout [Action]) {
        switch event {
        case .readable: readable(&actions)
        case .writable: writable(&actions)
        case .handshakeFinished(let result): handshakeFinished(result, &actions)
        case .handshakeRefused:
            handshakeStepRunning = false
            close(&actions)
        case .read(let result, let bytes): readFinished(result, bytes, &actions)
        case .flushed: flushed(&actions)
        case .flushBlocked(let wantsWrite, let progressed): flushBlocked(wantsWrite: wantsWrite, progressed: progressed, &actions)
        case .flushFailed: close(&actions)
        case .responseReady(let response): deliver(response, &actions)
        case .dispatchRefused: answer(.overloaded, &actions)
        case .dispatchDropped:
            if phase == .processing { answer(.shuttingDown, &actions) }
        case .resumed(let step): resume(step, &actions)
        case .deadlineExpired: deadlineExpired(&actions)
        case .shutdown: beginShutdown(&actions)
        case .forceClose: close(&actions)
        }
    }

    /// Convenience for tests: one event, its actions.
    mutating func handle(_ event: Event) -> [Action] {
        var actions: [Action] = []
        handle(event, into: &actions)
        return actions
    }

    // MARK: Readiness

    private mutating func readable(_ actions: inout [Action]) {
        if writeWantsRead {
            writeWantsRead = false
            actions.append(.flush)
            actions.append(.then(.readableAfterFlush))
            return
        }
        readableAfterFlush(&actions)
    }

    private mutating func readableAfterFlush(_ actions: inout [Action]) {
        switch phase {
        case .handshaking: continueHandshake(&actions)
        case .reading: readRequests(&actions)
        case .lingering: discardInput(&actions)
        case .processing, .writing: readAhead(&actions)
        case .closed: break
        }
    }

    private mutating func writable(_ actions: inout [Action]) {
        switch phase {
        case .handshaking:
            continueHandshake(&actions)
        case .closed:
            break
        case .reading, .processing, .writing, .lingering:
            if readWantsWrite {
                readWantsWrite = false
                if phase == .reading { readRequests(&actions) } else if phase != .lingering { readAhead(&actions) }
            }
            actions.append(.flush)
        }
    }

    /// Handshake steps are public-key crypto (a millisecond or more each), so they run
    /// off the I/O path; meanwhile this connection's sources are quiet.
    private mutating func continueHandshake(_ actions: inout [Action]) {
        guard !handshakeStepRunning else { return }
        handshakeStepRunning = true
        pauseReading(&actions)
        setWriteInterest(false, &actions)
        actions.append(.startHandshakeStep)
    }

    private mutating func handshakeFinished(_ result: HandshakeResult, _ actions: inout [Action]) {
        handshakeStepRunning = false
        guard phase == .handshaking else { return }
        resumeReading(&actions)
        switch result {
        case .complete:
            setWriteInterest(false, &actions)
            phase = .reading
            setDeadline(.header, after: configuration.headerTimeout, &actions)
            readRequests(&actions)
        case .wantsRead:
            setWriteInterest(false, &actions)
        case .wantsWrite:
            setWriteInterest(true, &actions)
        case .failed:
            close(&actions)
        case .plaintextHTTP:
            // Say why in the client's own protocol rather than reset the connection.
            setWriteInterest(false, &actions)
            actions.append(.switchToPlaintext)
            phase = .reading
            answer(.plaintextOnTLSPort, &actions)
        }
    }

    // MARK: Reading requests

    private mutating func readRequests(_ actions: inout [Action]) {
        readsThisTurn = 0
        nextRequestRead(&actions)
    }

    private mutating func nextRequestRead(_ actions: inout [Action]) {
        guard phase == .reading else { return }
        if readsThisTurn == Self.readsPerTurn {
            // Yield to other connections; TLS may hold decrypted bytes the socket no
            // longer signals, so come back explicitly rather than wait for readiness.
            actions.append(.yield(.readRequests))
            return
        }
        readsThisTurn += 1
        read(.request, &actions)
    }

    private mutating func read(_ purpose: ReadPurpose, _ actions: inout [Action]) {
        readPurpose = purpose
        actions.append(.read)
    }

    private mutating func readFinished(_ result: TransportResult, _ bytes: UnsafeRawBufferPointer, _ actions: inout [Action]) {
        switch readPurpose {
        case .request:
            switch result {
            case .transferred:
                socketDrained = bytes.count < drainedBelow
                inbound.append(contentsOf: bytes)
                processInbound(&actions)
                nextRequestRead(&actions)
            case .wouldBlock(let wantsWrite):
                if wantsWrite { readWantsWriteReadiness(&actions) }
            case .closed:
                peerClosed(&actions)
            case .failed:
                close(&actions)
            }
        case .readAhead:
            switch result {
            case .transferred:
                socketDrained = bytes.count < drainedBelow
                inbound.append(contentsOf: bytes)
            case .wouldBlock(let wantsWrite):
                if wantsWrite { readWantsWriteReadiness(&actions) }
            case .closed:
                peerHalfClosed = true
                pauseReading(&actions)
            case .failed:
                close(&actions)
            }
        case .discard:
            guard phase == .lingering else { return }
            switch result {
            case .transferred(let count):
                lingeredBytes += count
                if lingeredBytes > configuration.lingerMaxBytes {
                    close(&actions)
                } else {
                    read(.discard, &actions)
                }
            case .wouldBlock:
                break
            case .closed, .failed:
                close(&actions)
            }
        }
    }

    private mutating func readWantsWriteReadiness(_ actions: inout [Action]) {
        readWantsWrite = true
        setWriteInterest(true, &actions)
    }

    /// Parses what is buffered until a request is complete, more bytes are needed, or an
    /// answer has been decided.
    private mutating func processInbound(_ actions: inout [Action]) {
        while phase == .reading {
            let start = inboundStart
            let (consumed, result) = inbound.withUnsafeBytes { bytes in
                parser.parse(UnsafeRawBufferPointer(rebasing: bytes[start...]))
            }
            inboundStart += consumed
            if !exchange.started && (parser.hasStartedMessage || inboundStart < inbound.count) {
                exchange.started = true
                actions.append(.markStarted)
            }
            switch result {
            case .needMoreData:
                compactInbound()
                updateReadDeadline(&actions)
                return
            case .headComplete(let head):
                headReceived(head, &actions)
            case .messageComplete(let head, let body):
                exchange.bodyBytes = body.count
                dispatch(HTTPRequest(head: head, body: body, remoteAddress: remoteAddress, isSecure: isSecure), &actions)
                return
            case .failed(let error):
                answer(error, &actions)
                return
            }
        }
    }

    private mutating func compactInbound() {
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
    private mutating func updateReadDeadline(_ actions: inout [Action]) {
        if parser.isReadingBody {
            if deadlineKind != .body { setDeadline(.body, after: configuration.bodyTimeout, &actions) }
        } else if parser.hasStartedMessage || inboundStart < inbound.count {
            if deadlineKind != .header { setDeadline(.header, after: configuration.headerTimeout, &actions) }
        }
    }

    private mutating func headReceived(_ head: RequestHead, _ actions: inout [Action]) {
        exchange.method = head.method
        exchange.path = head.path
        exchange.version = head.version
        exchange.keepAlive = head.wantsKeepAlive
        if parser.isReadingBody { setDeadline(.body, after: configuration.bodyTimeout, &actions) }
        guard let expectation = head.headers["Expect"] else { return }
        guard HTTPHeaders.namesMatch(expectation, "100-continue") else {
            answer(.unsupportedExpectation, &actions)
            return
        }
        // Invite the body only if it is wanted and not already on its way (RFC 9110 §10.1.1).
        if parser.isReadingBody && head.version.minor >= 1 && inboundStart == inbound.count {
            actions.append(.sendContinue)
            actions.append(.flush)
        }
    }

    /// While a request is being answered the read source stays armed and the next bytes
    /// are buffered, up to a bound: suspending and resuming a Dispatch source on every
    /// request costs a wake-up of Dispatch's manager thread each time. The source is
    /// paused only when the bound is reached or the peer has finished sending (EOF would
    /// otherwise keep a level-triggered source firing).
    private mutating func readAhead(_ actions: inout [Action]) {
        guard !peerHalfClosed, bufferedBytes < Self.readAheadLimit else {
            pauseReading(&actions)
            return
        }
        read(.readAhead, &actions)
    }

    private mutating func peerClosed(_ actions: inout [Action]) {
        peerHalfClosed = true
        // EOF stays readable forever on a level-triggered source; nothing more will come.
        pauseReading(&actions)
        // Requests already buffered still count: answer them before judging the rest.
        if phase == .reading { processInbound(&actions) }
        guard phase == .reading else { return }
        if parser.isInsideMessage || inboundStart < inbound.count {
            // The peer may have only half-closed; it can still read why it failed.
            answer(.incompleteMessage, &actions)
        } else {
            close(&actions)
        }
    }

    // MARK: Answering

    private mutating func dispatch(_ request: HTTPRequest, _ actions: inout [Action]) {
        phase = .processing
        actions.append(.clearDeadline)
        actions.append(.dispatch(request))
    }

    private mutating func deliver(_ response: HTTPResponse, _ actions: inout [Action]) {
        guard phase == .processing else { return }
        let close = !exchange.keepAlive || shuttingDown || response.headers.containsToken("close", in: "Connection")
        write(response, close: close, &actions)
    }

    /// Answers a protocol error with its problem document.
    private mutating func answer(_ error: HTTPError, _ actions: inout [Action]) {
        exchange.error = error
        if !exchange.started {
            exchange.started = true
            actions.append(.markStarted)
        }
        let close = error.closesConnection || !exchange.keepAlive || shuttingDown
        write(error.response, close: close, &actions)
    }

    private mutating func write(_ response: HTTPResponse, close: Bool, _ actions: inout [Action]) {
        phase = .writing
        closeAfterWrite = close
        let framing = Framing(
            closeConnection: close, keepAliveForHTTP10: exchange.version == .http1_0, omitBody: exchange.method == "HEAD")
        actions.append(.send(response, framing))
        setDeadline(.write, after: configuration.writeTimeout, &actions)
        actions.append(.flush)
    }

    private mutating func flushed(_ actions: inout [Action]) {
        setWriteInterest(false, &actions)
        if phase == .writing { responseWritten(&actions) }
    }

    private mutating func flushBlocked(wantsWrite: Bool, progressed: Bool, _ actions: inout [Action]) {
        if progressed && phase == .writing { setDeadline(.write, after: configuration.writeTimeout, &actions) }
        if wantsWrite {
            setWriteInterest(true, &actions)
        } else {
            // TLS needs to read before it can write; the armed read source brings us back.
            writeWantsRead = true
            resumeReading(&actions)
        }
    }

    private mutating func responseWritten(_ actions: inout [Action]) {
        actions.append(
            .completed(
                Summary(
                    method: exchange.method, path: exchange.path, requestBodyBytes: exchange.bodyBytes,
                    error: exchange.error)))
        exchange = Exchange()
        if closeAfterWrite {
            linger(&actions)
            return
        }
        phase = .reading
        setDeadline(.idle, after: configuration.idleTimeout, &actions)
        if !peerHalfClosed { resumeReading(&actions) }
        // Continue with pipelined bytes on a fresh turn of the queue, so a long pipeline
        // of quick answers does not recurse.
        actions.append(.yield(.nextRequest))
    }

    private mutating func resume(_ step: Step, _ actions: inout [Action]) {
        switch step {
        case .readRequests:
            if phase == .reading { readRequests(&actions) }
        case .nextRequest:
            guard phase == .reading else { return }
            processInbound(&actions)
            guard phase == .reading else { return }
            if peerHalfClosed {
                peerClosed(&actions)
            } else if socketDrained && bufferedBytes == 0 {
                // Readiness (reading is resumed) brings the next request.
                socketDrained = false
            } else {
                readRequests(&actions)
            }
        case .discardInput:
            if phase == .lingering { discardInput(&actions) }
        case .readableAfterFlush:
            readableAfterFlush(&actions)
        }
    }

    /// Half-close and discard input briefly: closing with unread bytes would make the
    /// kernel send a reset that can destroy the answer before the client reads it.
    private mutating func linger(_ actions: inout [Action]) {
        phase = .lingering
        actions.append(.shutdownWrite)
        inbound.removeAll(keepingCapacity: false)
        inboundStart = 0
        lingeredBytes = 0
        setDeadline(.linger, after: configuration.lingerTimeout, &actions)
        resumeReading(&actions)
        actions.append(.yield(.discardInput))
    }

    private mutating func discardInput(_ actions: inout [Action]) {
        guard phase == .lingering else { return }
        read(.discard, &actions)
    }

    // MARK: Deadlines and shutdown

    private mutating func setDeadline(_ kind: DeadlineKind, after duration: Duration, _ actions: inout [Action]) {
        deadlineKind = kind
        actions.append(.setDeadline(kind, duration))
    }

    private mutating func deadlineExpired(_ actions: inout [Action]) {
        switch deadlineKind {
        case .handshake, .idle, .write, .linger:
            close(&actions)
        case .header:
            guard phase == .reading else { return }
            if parser.isInsideMessage || inboundStart < inbound.count {
                answer(.headerTimeout, &actions)
            } else {
                close(&actions)
            }
        case .body:
            guard phase == .reading else { return }
            answer(.bodyTimeout, &actions)
        }
    }

    /// Graceful shutdown: idle connections go now; busy ones close after their answer.
    private mutating func beginShutdown(_ actions: inout [Action]) {
        shuttingDown = true
        switch phase {
        case .handshaking:
            close(&actions)
        case .reading where !(parser.isInsideMessage || inboundStart < inbound.count):
            close(&actions)
        default:
            break
        }
    }

    // MARK: Sources and closing

    private mutating func pauseReading(_ actions: inout [Action]) {
        guard !readPaused else { return }
        readPaused = true
        actions.append(.pauseReading)
    }

    private mutating func resumeReading(_ actions: inout [Action]) {
        guard readPaused else { return }
        readPaused = false
        actions.append(.resumeReading)
    }

    private mutating func setWriteInterest(_ wanted: Bool, _ actions: inout [Action]) {
        guard writeInterest != wanted else { return }
        writeInterest = wanted
        actions.append(.writeInterest(wanted))
    }

    private mutating func close(_ actions: inout [Action]) {
        guard phase != .closed else { return }
        phase = .closed
        actions.append(.clearDeadline)
        actions.append(.close)
    }
}
