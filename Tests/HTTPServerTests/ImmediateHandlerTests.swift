import Foundation
import Logging
import Synchronization
import Testing
@testable import HTTPServer

private let host = "Host: test\r\n"

/// The paths the pool's handler saw, in order.
final class PoolLog: Sendable {
    let paths = Mutex<[String]>([])
}

/// Requests an immediate handler answers never wait for the worker pool.
@Suite struct ImmediateHandlerTests {
    /// A pool whose jobs block until the test opens the gate, and an immediate handler
    /// answering `/healthz` always and `/readyz` with 503 while the pool is saturated.
    final class GatedServer: Sendable {
        let server: HTTPServer
        let gate = DispatchSemaphore(value: 0)
        let handledOnPool = PoolLog()

        init(workers: Int, capacity: Int) throws {
            var configuration = HTTPServerConfiguration()
            configuration.port = 0
            configuration.workers = workers
            configuration.maxInFlightRequests = capacity
            let gate = self.gate
            let handledOnPool = self.handledOnPool
            server = try HTTPServer(
                configuration: configuration,
                logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }),
                immediate: { request, load in
                    switch request.path {
                    case "/healthz": HTTPResponse(status: 200, contentType: "text/plain", body: "ok")
                    case "/readyz": HTTPResponse(status: load.isSaturated ? 503 : 200, contentType: "text/plain", body: "\(load.inFlight)")
                    default: nil
                    }
                },
                handler: { request in
                    handledOnPool.paths.withLock { $0.append(request.path) }
                    if request.path == "/block" { gate.wait() }
                    return HTTPResponse(status: 200, contentType: "text/plain", body: "done")
                })
            try server.start()
        }

        deinit { server.shutdown(gracePeriod: .seconds(2)) }
    }

    @Test func healthIsAnsweredWhileEveryWorkerIsBlocked() throws {
        let gated = try GatedServer(workers: 2, capacity: 2)
        let blocked = try (0..<2).map { _ in try RawClient(port: gated.server.port) }
        for client in blocked { client.send("GET /block HTTP/1.1\r\n\(host)\r\n") }
        // Both workers hold a request (a bounded wait: the requests are on their way).
        for _ in 0..<1000 where gated.handledOnPool.paths.withLock({ $0.count }) < 2 { Thread.sleep(forTimeInterval: 0.01) }
        #expect(gated.server.requestsInFlight == 2)

        let probe = try RawClient(port: gated.server.port, receiveTimeout: 2)
        probe.send("GET /healthz HTTP/1.1\r\n\(host)\r\n")
        #expect(try probe.readResponse().status == 200)
        // Readiness sees the saturated pool; ordinary work is refused meanwhile.
        probe.send("GET /readyz HTTP/1.1\r\n\(host)\r\n")
        let ready = try probe.readResponse()
        #expect(ready.status == 503)
        #expect(ready.bodyText == "2")
        probe.send("GET /other HTTP/1.1\r\n\(host)\r\n")
        #expect(try probe.readResponse().status == 503)
        // Nothing but the blocked requests reached the pool, and they are still unanswered.
        #expect(gated.handledOnPool.paths.withLock { $0 } == ["/block", "/block"])

        gated.gate.signal()
        gated.gate.signal()
        for client in blocked { #expect(try client.readResponse().bodyText == "done") }
        var status = 0
        for _ in 0..<100 where status != 200 {
            probe.send("GET /readyz HTTP/1.1\r\n\(host)\r\n")
            status = try probe.readResponse().status
            if status != 200 { Thread.sleep(forTimeInterval: 0.01) }
        }
        #expect(status == 200)
    }

    @Test func requestsTheImmediateHandlerLeavesGoToThePool() throws {
        let gated = try GatedServer(workers: 1, capacity: 4)
        let client = try RawClient(port: gated.server.port)
        client.send("GET /other HTTP/1.1\r\n\(host)\r\nGET /healthz HTTP/1.1\r\n\(host)\r\nGET /other HTTP/1.1\r\n\(host)\r\n")
        // Pipelined answers stay in order, whichever path produced them.
        #expect(try client.readResponse().bodyText == "done")
        #expect(try client.readResponse().bodyText == "ok")
        #expect(try client.readResponse().bodyText == "done")
        #expect(gated.handledOnPool.paths.withLock { $0 } == ["/other", "/other"])
    }
}
