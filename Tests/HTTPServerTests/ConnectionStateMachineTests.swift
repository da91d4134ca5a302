import Testing
@testable import HTTPServer

/// The connection's decisions, event by event, without sockets: each row feeds one event
/// and lists the actions the machine must ask for, in order.
@Suite struct ConnectionStateMachineTests {
    typealias Machine = ConnectionStateMachine

    /// One event and the actions expected for it, written compactly.
    struct Step {
        var event: Input
        var expected: [String]
        init(_ event: Input, _ expected: [String]) {
            self.event = event
            self.expected = expected
        }
    }

    enum Input {
        case readable, writable
        case bytes(String)
        case wouldBlock(wantsWrite: Bool)
        case eof
        case flushed
        case flushBlocked(wantsWrite: Bool)
        case response(Int, close: Bool)
        case refused
        case resumed(Machine.Step)
        case deadline
        case shutdown
        case handshake(HandshakeResult)
    }

    static func configuration() -> HTTPServerConfiguration {
        var configuration = HTTPServerConfiguration()
        configuration.lingerMaxBytes = 10
        return configuration
    }

    /// Runs the rows against a fresh machine; the first row's expectations are the start actions.
    func run(secure: Bool = false, start: [String], _ steps: [Step], sourceLocation: SourceLocation = #_sourceLocation) {
        var machine = Machine(configuration: Self.configuration(), remoteAddress: "127.0.0.1:1", isSecure: secure)
        var actions: [Machine.Action] = []
        machine.start(into: &actions)
        #expect(actions.map(describe) == start, sourceLocation: sourceLocation)
        for (index, step) in steps.enumerated() {
            let got = feed(step.event, to: &machine).map(describe)
            #expect(got == step.expected, "row \(index)", sourceLocation: sourceLocation)
        }
    }

    func feed(_ input: Input, to machine: inout Machine) -> [Machine.Action] {
        switch input {
        case .readable: return machine.handle(.readable)
        case .writable: return machine.handle(.writable)
        case .bytes(let text):
            let bytes = Array(text.utf8)
            return bytes.withUnsafeBytes { machine.handle(.read(.transferred(bytes.count), bytes: $0)) }
        case .wouldBlock(let wantsWrite): return machine.handle(.read(.wouldBlock(wantsWrite: wantsWrite), bytes: .init(start: nil, count: 0)))
        case .eof: return machine.handle(.read(.closed, bytes: .init(start: nil, count: 0)))
        case .flushed: return machine.handle(.flushed)
        case .flushBlocked(let wantsWrite): return machine.handle(.flushBlocked(wantsWrite: wantsWrite, progressed: true))
        case .response(let status, let close):
            var response = HTTPResponse(status: status, contentType: "text/plain", body: "x")
            if close { response.headers.set("Connection", "close") }
            return machine.handle(.responseReady(response))
        case .refused: return machine.handle(.dispatchRefused)
        case .resumed(let step): return machine.handle(.resumed(step))
        case .deadline: return machine.handle(.deadlineExpired)
        case .shutdown: return machine.handle(.shutdown)
        case .handshake(let result): return machine.handle(.handshakeFinished(result))
        }
    }

    func describe(_ action: Machine.Action) -> String {
        switch action {
        case .read: "read"
        case .flush: "flush"
        case .send(let response, let framing):
            "send \(response.status)" + (framing.closeConnection ? " close" : "") + (framing.omitBody ? " head" : "")
        case .sendContinue: "send 100"
        case .startHandshakeStep: "handshake"
        case .dispatch(let request): "dispatch \(request.method) \(request.path) \(request.body.count)"
        case .pauseReading: "pause"
        case .resumeReading: "resume"
        case .writeInterest(let wanted): wanted ? "want write" : "no write"
        case .setDeadline(let kind, _): "deadline \(kind)"
        case .clearDeadline: "no deadline"
        case .markStarted: "started"
        case .completed(let summary): "completed \(summary.method) \(summary.path)" + (summary.error.map { " \($0.status)" } ?? "")
        case .yield(let step): "yield \(step)"
        case .then(let step): "then \(step)"
        case .switchToPlaintext: "plaintext"
        case .shutdownWrite: "shutdown write"
        case .close: "close"
        }
    }

    static let get = "GET /hello HTTP/1.1\r\nHost: t\r\n\r\n"

    /// A plain socket's short read emptied it: after the answer, the next request waits
    /// for readiness (no `read` that would only say EAGAIN). A full-buffer read might have
    /// left bytes behind, so it reads again; so does a machine without the bound (TLS).
    @Test func shortReadOnAPlainSocketWaitsForReadiness() {
        for (bound, expected) in [(64, [String]()), (10, ["read"]), (0, ["read"])] {
            var machine = Machine(configuration: Self.configuration(), remoteAddress: "127.0.0.1:1", isSecure: false)
            machine.drainedBelow = bound
            var actions: [Machine.Action] = []
            machine.start(into: &actions)
            for step in Self.served { _ = feed(step.event, to: &machine) }
            #expect(feed(.resumed(.nextRequest), to: &machine).map(describe) == expected, "bound \(bound)")
            // Readiness still reads.
            #expect(feed(.readable, to: &machine).map(describe) == ["read"], "bound \(bound)")
        }
    }
    static let served: [Step] = [
        Step(.readable, ["read"]),
        Step(.bytes(get), ["started", "no deadline", "dispatch GET /hello 0"]),
        Step(.response(200, close: false), ["send 200", "deadline write", "flush"]),
        Step(.flushed, ["completed GET /hello", "deadline idle", "yield nextRequest"]),
    ]

    @Test func keepAliveRequestIsDispatchedAnsweredAndReadAgain() {
        run(start: ["deadline header"], Self.served + [
            Step(.resumed(.nextRequest), ["read"]),
            Step(.wouldBlock(wantsWrite: false), []),
        ])
    }

    @Test func pipelinedRequestWaitsForTheFirstAnswer() {
        run(start: ["deadline header"], [
            Step(.readable, ["read"]),
            Step(.bytes(Self.get + "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\n\r\nok"), ["started", "no deadline", "dispatch GET /hello 0"]),
            // Bytes arriving meanwhile are read ahead, not parsed.
            Step(.readable, ["read"]),
            Step(.bytes("GET /x HTTP/1.1\r\n"), []),
            Step(.response(200, close: false), ["send 200", "deadline write", "flush"]),
            Step(.flushed, ["completed GET /hello", "deadline idle", "yield nextRequest"]),
            Step(.resumed(.nextRequest), ["started", "deadline body", "no deadline", "dispatch POST /echo 2"]),
        ])
    }

    @Test func connectionCloseFromTheApplicationLingersThenCloses() {
        run(start: ["deadline header"], [
            Step(.readable, ["read"]),
            Step(.bytes(Self.get), ["started", "no deadline", "dispatch GET /hello 0"]),
            Step(.response(200, close: true), ["send 200 close", "deadline write", "flush"]),
            Step(.flushed, ["completed GET /hello", "shutdown write", "deadline linger", "yield discardInput"]),
            Step(.resumed(.discardInput), ["read"]),
            // Up to lingerMaxBytes (10) are discarded, then the connection closes.
            Step(.bytes("12345"), ["read"]),
            Step(.bytes("678901"), ["no deadline", "close"]),
        ])
    }

    @Test func silenceAtTheHeaderDeadlineClosesWithoutAnswer() {
        run(start: ["deadline header"], [Step(.deadline, ["no deadline", "close"])])
    }

    @Test func partialHeadAtTheHeaderDeadlineGets408() {
        run(start: ["deadline header"], [
            Step(.readable, ["read"]),
            Step(.bytes("GET /hello HTTP/1.1\r\nHo"), ["started", "read"]),
            Step(.wouldBlock(wantsWrite: false), []),
            Step(.deadline, ["send 408 close", "deadline write", "flush"]),
            Step(.flushed, ["completed - - 408", "shutdown write", "deadline linger", "yield discardInput"]),
        ])
    }

    @Test func bodyStartsTheBodyDeadline() {
        run(start: ["deadline header"], [
            Step(.readable, ["read"]),
            Step(.bytes("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nab"), ["started", "deadline body", "read"]),
            Step(.deadline, ["send 408 close", "deadline write", "flush"]),
        ])
    }

    @Test func endOfStreamInsideAMessageGets400() {
        run(start: ["deadline header"], [
            Step(.readable, ["read"]),
            Step(.bytes("GET /hello HTTP/1.1\r\n"), ["started", "read"]),
            Step(.eof, ["pause", "send 400 close", "deadline write", "flush"]),
        ])
    }

    @Test func endOfStreamBetweenRequestsCloses() {
        run(start: ["deadline header"], Self.served + [
            Step(.resumed(.nextRequest), ["read"]),
            Step(.eof, ["pause", "no deadline", "close"]),
        ])
    }

    @Test func protocolErrorIsAnsweredAndCloses() {
        run(start: ["deadline header"], [
            Step(.readable, ["read"]),
            Step(.bytes("GET /hello HTTP/2.0\r\nHost: t\r\n\r\n"), ["started", "send 505 close", "deadline write", "flush"]),
        ])
    }

    @Test func fullPoolAnswers503AndKeepsTheConnection() {
        run(start: ["deadline header"], [
            Step(.readable, ["read"]),
            Step(.bytes(Self.get), ["started", "no deadline", "dispatch GET /hello 0"]),
            Step(.refused, ["send 503", "deadline write", "flush"]),
            Step(.flushed, ["completed GET /hello 503", "deadline idle", "yield nextRequest"]),
        ])
    }

    @Test func expectContinueInvitesTheBody() {
        run(start: ["deadline header"], [
            Step(.readable, ["read"]),
            Step(
                .bytes("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\nExpect: 100-continue\r\n\r\n"),
                ["started", "deadline body", "send 100", "flush", "read"]),
            Step(.flushed, []),
            Step(.bytes("ok"), ["no deadline", "dispatch POST /echo 2"]),
        ])
    }

    @Test func headRequestOmitsTheBody() {
        run(start: ["deadline header"], [
            Step(.readable, ["read"]),
            Step(.bytes("HEAD /hello HTTP/1.1\r\nHost: t\r\n\r\n"), ["started", "no deadline", "dispatch HEAD /hello 0"]),
            Step(.response(200, close: false), ["send 200 head", "deadline write", "flush"]),
        ])
    }

    @Test func manyReadsYieldToOtherConnections() {
        let trickle = (1..<Machine.readsPerTurn).map { _ in Step(.bytes("x"), ["read"]) }
        run(start: ["deadline header"], [Step(.readable, ["read"]), Step(.bytes("G"), ["started", "read"])] + trickle.dropLast() + [
            Step(.bytes("x"), ["yield readRequests"]),
            Step(.resumed(.readRequests), ["read"]),
        ])
    }

    @Test func shutdownClosesIdleConnectionsAndClosesBusyOnesAfterTheAnswer() {
        run(start: ["deadline header"], [Step(.shutdown, ["no deadline", "close"])])
        run(start: ["deadline header"], [
            Step(.readable, ["read"]),
            Step(.bytes(Self.get), ["started", "no deadline", "dispatch GET /hello 0"]),
            Step(.shutdown, []),
            Step(.response(200, close: false), ["send 200 close", "deadline write", "flush"]),
        ])
    }

    @Test func slowReaderKeepsTheWriteDeadlineMoving() {
        run(start: ["deadline header"], [
            Step(.readable, ["read"]),
            Step(.bytes(Self.get), ["started", "no deadline", "dispatch GET /hello 0"]),
            Step(.response(200, close: false), ["send 200", "deadline write", "flush"]),
            Step(.flushBlocked(wantsWrite: true), ["deadline write", "want write"]),
            Step(.writable, ["flush"]),
            Step(.flushed, ["no write", "completed GET /hello", "deadline idle", "yield nextRequest"]),
            Step(.deadline, ["no deadline", "close"]),
        ])
    }

    @Test func tlsHandshakeRunsOffThePathThenReads() {
        run(secure: true, start: ["deadline handshake"], [
            Step(.readable, ["pause", "handshake"]),
            // Readiness while the step runs changes nothing.
            Step(.writable, []),
            Step(.handshake(.wantsWrite), ["resume", "want write"]),
            Step(.writable, ["pause", "no write", "handshake"]),
            Step(.handshake(.complete), ["resume", "deadline header", "read"]),
        ])
    }

    @Test func plaintextClientOnTheTLSPortIsAnsweredInPlaintext() {
        run(secure: true, start: ["deadline handshake"], [
            Step(.readable, ["pause", "handshake"]),
            Step(.handshake(.plaintextHTTP), ["resume", "plaintext", "started", "send 400 close", "deadline write", "flush"]),
            Step(.flushed, ["completed - - 400", "shutdown write", "deadline linger", "yield discardInput"]),
        ])
    }

    @Test func failedHandshakeCloses() {
        run(secure: true, start: ["deadline handshake"], [
            Step(.readable, ["pause", "handshake"]),
            Step(.handshake(.failed), ["resume", "no deadline", "close"]),
        ])
    }

    @Test func tlsWriteWaitingForInputFlushesWhenReadable() {
        run(start: ["deadline header"], [
            Step(.readable, ["read"]),
            Step(.bytes(Self.get), ["started", "no deadline", "dispatch GET /hello 0"]),
            Step(.response(200, close: false), ["send 200", "deadline write", "flush"]),
            Step(.flushBlocked(wantsWrite: false), ["deadline write"]),
            Step(.readable, ["flush", "then readableAfterFlush"]),
        ])
    }
}
