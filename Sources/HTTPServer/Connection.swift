import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// One client connection's I/O: sockets, Dispatch sources, the handshake and worker
/// pools, and deadlines on the clock. Every decision is `ConnectionStateMachine`'s; this
/// class performs its actions and feeds their outcomes back.
///
/// Every property is touched only on its shard's I/O thread (readiness and the sweep
/// are delivered there, and workers hop back to it), which is why the class can be
/// `@unchecked Sendable` without locks.
final class Connection: @unchecked Sendable {
    typealias Machine = ConnectionStateMachine

    let id: Int
    let remoteAddress: String
    private let fd: Int32
    /// TLS, or plain; replaced by plain only to answer a plaintext client on a TLS port.
    private var transport: any Transport
    private let core: ServerCore
    private let shard: IOShard
    private let interest: any SocketInterest

    private var machine: Machine
    /// Actions still to perform, in reverse order (the next one last), reused across events.
    private var pending: [Machine.Action] = []
    private var outbound: [UInt8] = []
    private var outboundStart = 0
    private var readSuspended = false
    private var releaseAfterHandshakeStep = false
    private var deadline: UInt64?
    private var started: ContinuousClock.Instant?
    private var pendingStatus = 0
    private var pendingAnnotations: Annotations = [:]
    private var responseBytes = 0
    /// Kept across this connection's requests by the immediate handler.
    private let memo = ConnectionMemo()

    init(id: Int, fd: Int32, remoteAddress: String, transport: any Transport, isSecure: Bool, core: ServerCore, shard: IOShard) {
        self.id = id
        self.fd = fd
        self.remoteAddress = remoteAddress
        self.transport = transport
        self.core = core
        self.shard = shard
        self.machine = Machine(configuration: core.configuration, remoteAddress: remoteAddress, isSecure: isSecure)
        self.interest = shard.makeInterest(fd: fd)
        if !isSecure { machine.drainedBelow = shard.scratch.count }
    }

    var phase: Machine.Phase { machine.phase }

    func start() {
        let base = pending.count
        machine.start(into: &pending)
        performPending(from: base)
        interest.activate(
            onReadable: { [self] in handle(.readable) }, onWritable: { [self] in handle(.writable) },
            onCancelled: { [self] in interestCancelled() })
        if readSuspended { interest.setReading(false) }
    }

    /// Called by the server's sweep timer.
    func checkDeadline(now: UInt64) {
        guard let deadline, now >= deadline else { return }
        self.deadline = nil
        handle(.deadlineExpired)
    }

    /// Graceful shutdown: idle connections go now; busy ones close after their answer.
    func beginShutdown() {
        // Bytes that arrived before shutdown but were not read yet (their read event still
        // queued) are a request begun: read them now, so it is finished, not cut off.
        if !readSuspended, machine.phase == .reading { handle(.readable) }
        handle(.shutdown)
    }

    /// Closes at once (forced shutdown).
    func close() {
        handle(.forceClose)
    }

    // MARK: Running the machine

    private func handle(_ event: Machine.Event) {
        let base = pending.count
        machine.handle(event, into: &pending)
        performPending(from: base)
    }

    /// Performs the actions from `base` on, depth first: an action's own events are
    /// handled, and their actions performed, before the next action of its batch.
    private func performPending(from base: Int) {
        reversePending(from: base)
        while pending.count > base, let action = pending.popLast() {
            let mark = pending.count
            perform(action)
            if pending.count > mark { reversePending(from: mark) }
        }
    }

    /// Reverses `pending[start...]` in place (reversing through an array slice copied it:
    /// this runs a few times per request).
    private func reversePending(from start: Int) {
        pending.withUnsafeMutableBufferPointer { actions in
            guard start < actions.count else { return }
            actions[start...].reverse()
        }
    }

    /// Performs one action; events it produces go straight into `pending`.
    private func perform(_ action: Machine.Action) {
        switch action {
        case .read:
            let result = transport.read(into: shard.scratch)
            var count = 0
            if case .transferred(let transferred) = result {
                count = transferred
                core.events.bytesReceived(transferred)
            }
            machine.handle(.read(result, bytes: UnsafeRawBufferPointer(rebasing: shard.scratch[..<count])), into: &pending)
        case .flush:
            machine.handle(flush(), into: &pending)
        case .send(let response, let framing):
            HTTPResponseEncoder.encode(
                response, date: shard.currentDate(), serverName: core.configuration.serverName,
                closeConnection: framing.closeConnection, keepAliveForHTTP10: framing.keepAliveForHTTP10,
                omitBody: framing.omitBody, into: &outbound)
            pendingStatus = response.status
            pendingAnnotations = response.annotations
        case .sendContinue:
            outbound.append(contentsOf: HTTPResponseEncoder.continueResponse)
        case .startHandshakeStep:
            startHandshakeStep()
        case .dispatch(let request):
            dispatch(request)
        case .pauseReading:
            guard !readSuspended else { return }
            readSuspended = true
            interest.setReading(false)
        case .resumeReading:
            readSuspended = false
            interest.setReading(true)
        case .writeInterest(let wanted):
            interest.setWriting(wanted)
        case .setDeadline(_, let duration):
            deadline = MonotonicClock.now() &+ duration.nanoseconds
        case .clearDeadline:
            deadline = nil
        case .markStarted:
            started = ContinuousClock.now
        case .completed(let summary):
            record(summary)
        case .yield(let step):
            shard.async { [self] in handle(.resumed(step)) }
        case .then(let step):
            machine.handle(.resumed(step), into: &pending)
        case .switchToPlaintext:
            transport.release()
            transport = PlainTransport(fd: fd)
            machine.drainedBelow = shard.scratch.count
        case .shutdownWrite:
            transport.shutdownWrite()
        case .close:
            closeNow()
        }
    }

    // MARK: I/O

    private func flush() -> Machine.Event {
        var progressed = false
        while outboundStart < outbound.count {
            let result = outbound.withUnsafeBytes { bytes in
                transport.write(UnsafeRawBufferPointer(rebasing: bytes[outboundStart...]))
            }
            switch result {
            case .transferred(let count):
                outboundStart += count
                responseBytes += count
                core.events.bytesSent(count)
                progressed = true
            case .wouldBlock(let wantsWrite):
                return .flushBlocked(wantsWrite: wantsWrite, progressed: progressed)
            case .closed, .failed:
                return .flushFailed
            }
        }
        outbound.removeAll(keepingCapacity: true)
        outboundStart = 0
        return .flushed
    }

    /// Handshake steps run on the handshake pool; nothing else touches the `SSL` meanwhile.
    private func startHandshakeStep() {
        let transport = self.transport
        let shard = self.shard
        let submitted = core.handshakePool.submit {
            let result = transport.handshake()
            shard.async { self.handshakeStepFinished(result) }
        }
        if !submitted { machine.handle(.handshakeRefused, into: &pending) }
    }

    private func handshakeStepFinished(_ result: HandshakeResult) {
        if releaseAfterHandshakeStep {
            // Closed while the step ran: the descriptor and SSL were kept alive for it.
            transport.release()
            Glibc.close(fd)
            return
        }
        handle(.handshakeFinished(result))
    }

    /// What needs no real work is answered here, on the I/O path; the rest goes to the pool.
    private func dispatch(_ request: HTTPRequest) {
        var examined = request
        examined.connectionMemo = memo
        if let immediate = core.immediateHandler, let response = immediate(&examined, core.pool.load) {
            machine.handle(.responseReady(response), into: &pending)
            return
        }
        examined.connectionMemo = nil  // the memo never leaves this connection's thread
        let request = examined
        let handler = core.handler
        let shard = self.shard
        let accepted = core.pool.submit(
            { [self] in
                let response = handler(request)
                shard.async { self.handle(.responseReady(response)) }
            },
            // Called when shutdown's grace runs out before a worker took it.
            onDrop: { [self] in shard.async { self.handle(.dispatchDropped) } })
        if !accepted { machine.handle(.dispatchRefused, into: &pending) }
    }

    private func record(_ summary: Machine.Summary) {
        let started = self.started ?? ContinuousClock.now
        core.events.requestCompleted(
            RequestRecord(
                method: summary.method, path: summary.path, status: pendingStatus,
                requestBodyBytes: summary.requestBodyBytes, responseBytes: responseBytes,
                duration: ContinuousClock.now - started, remoteAddress: remoteAddress, error: summary.error,
                annotations: pendingAnnotations))
        pendingAnnotations = [:]
        responseBytes = 0
        self.started = nil
    }

    // MARK: Closing

    private func closeNow() {
        deadline = nil
        shard.connectionClosed(self)
        interest.cancel()
    }

    /// The descriptor is closed only once no event can arrive any more, so none is
    /// delivered for a number the kernel may already have reused.
    private func interestCancelled() {
        guard !machine.handshakeStepRunning else {
            releaseAfterHandshakeStep = true
            return
        }
        transport.release()
        Glibc.close(fd)
    }
}
