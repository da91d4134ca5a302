import Foundation
import Testing
@testable import HTTPServer

private let host = "Host: test\r\n"

@Suite struct ConnectionLifecycleTests {
    @Test func slowlorisIsCutAtTheHeaderDeadline() throws {
        let server = try TestServer { $0.headerTimeout = .seconds(1) }
        let client = try RawClient(port: server.port)
        let start = Date()
        client.send("GET /hello HTTP/1.1\r\n\(host)")
        // Trickle one header byte every 100 ms; progress must not extend the deadline.
        var sent = 0
        for byte in Array("X-Slow: ".utf8) + Array(repeating: UInt8(ascii: "z"), count: 40) {
            guard client.send([byte]) else { break }
            sent += 1
            Thread.sleep(forTimeInterval: 0.1)
            if Date().timeIntervalSince(start) > 1.6 { break }
        }
        let response = try client.readResponse()
        let elapsed = Date().timeIntervalSince(start)
        #expect(response.status == 408)
        #expect(response.header("Connection") == "close")
        #expect(elapsed >= 0.9 && elapsed < 3)
        #expect(client.isClosedByPeer())
    }

    @Test func silentConnectionIsClosedWithoutAnswer() throws {
        let server = try TestServer { $0.headerTimeout = .milliseconds(300) }
        let client = try RawClient(port: server.port)
        #expect(client.isClosedByPeer(within: 3))
    }

    @Test func idleKeepAliveConnectionIsClosed() throws {
        let server = try TestServer { $0.idleTimeout = .milliseconds(300) }
        let client = try RawClient(port: server.port)
        client.send("GET /hello HTTP/1.1\r\n\(host)\r\n")
        #expect(try client.readResponse().status == 200)
        #expect(client.isClosedByPeer(within: 3))
    }

    @Test func twoHundredConcurrentClients() throws {
        let server = try TestServer { $0.maxInFlightRequests = 1024 }
        let clients = try (0..<200).map { _ in try RawClient(port: server.port) }
        for (index, client) in clients.enumerated() {
            client.send("POST /echo HTTP/1.1\r\n\(host)Content-Length: \(String(index).utf8.count)\r\n\r\n\(index)")
        }
        for (index, client) in clients.enumerated() {
            let response = try client.readResponse()
            #expect(response.status == 200)
            #expect(response.bodyText == String(index))
        }
        // Each connection is still alive for a second round.
        for client in clients { client.send("GET /hello HTTP/1.1\r\n\(host)\r\n") }
        for client in clients { #expect(try client.readResponse().bodyText == "hello") }
    }

    @Test func overloadAnswers503WithRetryAfter() throws {
        let server = try TestServer {
            $0.workers = 1
            $0.maxInFlightRequests = 1
        }
        let busy = try RawClient(port: server.port)
        busy.send("GET /slow?ms=600 HTTP/1.1\r\n\(host)\r\n")
        #expect(server.waitForSlowRequests())
        let refused = try RawClient(port: server.port)
        refused.send("GET /hello HTTP/1.1\r\n\(host)\r\n")
        let response = try refused.readResponse()
        #expect(response.status == 503)
        #expect(response.header("Retry-After") == "1")
        #expect(try busy.readResponse().status == 200)
        // The refused connection was kept: the request had been read completely. The
        // worker frees its slot just after handing the answer back, so allow a moment.
        var status = 0
        for _ in 0..<50 where status != 200 {
            refused.send("GET /hello HTTP/1.1\r\n\(host)\r\n")
            status = try refused.readResponse().status
            if status != 200 { Thread.sleep(forTimeInterval: 0.02) }
        }
        #expect(status == 200)
    }

    @Test func connectionsBeyondTheLimitGet503() throws {
        let server = try TestServer { $0.maxConnections = 2 }
        let first = try RawClient(port: server.port)
        let second = try RawClient(port: server.port)
        first.send("GET /hello HTTP/1.1\r\n\(host)\r\n")
        second.send("GET /hello HTTP/1.1\r\n\(host)\r\n")
        _ = try first.readResponse()
        _ = try second.readResponse()
        let third = try RawClient(port: server.port)
        let response = try third.readResponse()
        #expect(response.status == 503)
        #expect(third.isClosedByPeer())
    }

    @Test func gracefulShutdownFinishesInFlightAndClosesIdle() throws {
        let server = try TestServer()
        let idle = try RawClient(port: server.port)
        idle.send("GET /hello HTTP/1.1\r\n\(host)\r\n")
        _ = try idle.readResponse()
        let busy = try RawClient(port: server.port)
        busy.send("GET /slow?ms=500 HTTP/1.1\r\n\(host)\r\n")
        #expect(server.waitForSlowRequests())

        let start = Date()
        server.server.shutdown(gracePeriod: .seconds(5))
        let elapsed = Date().timeIntervalSince(start)

        let response = try busy.readResponse()
        #expect(response.status == 200)
        #expect(response.header("Connection") == "close")
        #expect(idle.isClosedByPeer())
        #expect(elapsed < 3)
        #expect(throws: (any Error).self) { _ = try RawClient(port: server.port) }
    }

    @Test func shutdownForceClosesAfterGracePeriod() throws {
        let server = try TestServer()
        let busy = try RawClient(port: server.port)
        busy.send("GET /slow?ms=3000 HTTP/1.1\r\n\(host)\r\n")
        // The request must be on a worker (not queued, which would be answered 503).
        #expect(server.waitForSlowRequests())
        let start = Date()
        server.server.shutdown(gracePeriod: .milliseconds(200))
        // Waiting for the handler would take about 3 s; force-closing takes the grace.
        #expect(Date().timeIntervalSince(start) < 2)
        #expect(busy.isClosedByPeer())
    }

    @Test func requestStillQueuedWhenGraceRunsOutGets503() throws {
        let server = try TestServer { $0.workers = 1 }
        let busy = try RawClient(port: server.port)
        busy.send("GET /slow?ms=1500 HTTP/1.1\r\n\(host)\r\n")
        #expect(server.waitForSlowRequests())
        let queued = try RawClient(port: server.port)
        queued.send("GET /hello HTTP/1.1\r\n\(host)\r\n")
        for _ in 0..<200 where server.server.requestsInFlight < 2 { Thread.sleep(forTimeInterval: 0.01) }
        #expect(server.server.requestsInFlight == 2)

        server.server.shutdown(gracePeriod: .milliseconds(200))
        let response = try queued.readResponse()
        #expect(response.status == 503)
        #expect(response.header("Connection") == "close")
        #expect(response.header("Retry-After") == "1")
        #expect(response.bodyText.contains("shutting down"))
        #expect(queued.isClosedByPeer())
        // The request a worker was running cannot be answered; it is closed.
        #expect(busy.isClosedByPeer())
    }

    @Test func terminationSignalStopsTheServer() throws {
        let server = try TestServer()
        let signals = TerminationSignals()
        let busy = try RawClient(port: server.port)
        busy.send("GET /slow?ms=300 HTTP/1.1\r\n\(host)\r\n")
        Thread.sleep(forTimeInterval: 0.05)
        kill(getpid(), SIGTERM)
        #expect(signals.wait() == SIGTERM)
        server.server.shutdown(gracePeriod: .seconds(5))
        #expect(try busy.readResponse().status == 200)
    }

    @Test func bindsEphemeralPortAndRefusesSecondStart() throws {
        let server = try TestServer()
        #expect(server.port > 0)
        #expect(throws: ServerError.self) { try server.server.start() }
    }
}

@Test func shutdownBeforeStartReturns() throws {
    var configuration = HTTPServerConfiguration()
    configuration.port = 0
    let server = try HTTPServer(configuration: configuration) { _ in HTTPResponse(status: 200) }
    server.shutdown(gracePeriod: .milliseconds(10))
    server.waitUntilStopped()
}
