import Foundation
import Logging
import Synchronization
import Testing
@testable import HTTPServer

/// Connections are spread over several serial I/O queues, so answers given on the I/O
/// path (health, cache hits) run on more than one core at once.
@Suite struct IOShardTests {
    /// Two connections' immediate handlers meet: each waits (bounded) until both are
    /// inside at the same time. On one serial queue the first would wait alone and time
    /// out before the second could start.
    @Test func twoConnectionsAreAnsweredAtTheSameTimeOnTwoQueues() throws {
        let inside = Mutex(0)
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        configuration.ioQueues = 2
        let server = try HTTPServer(
            configuration: configuration,
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }),
            immediate: { _, _ in
                inside.withLock { $0 += 1 }
                // Blocking here is what a handler must never do; it is the probe.
                var met = false
                for _ in 0..<500 where !met {
                    met = inside.withLock { $0 } >= 2
                    if !met { Thread.sleep(forTimeInterval: 0.01) }
                }
                return HTTPResponse(status: 200, contentType: "text/plain", body: met ? "together" : "alone")
            },
            handler: { _ in HTTPResponse(status: 500, contentType: "text/plain", body: "not here") })
        try server.start()
        defer { server.shutdown(gracePeriod: .seconds(2)) }

        // Accepted in turn, the two connections land on different queues.
        let clients = try (0..<2).map { _ in try RawClient(port: server.port, receiveTimeout: 10) }
        for _ in 0..<500 where server.openConnections < 2 { Thread.sleep(forTimeInterval: 0.01) }
        for client in clients { client.send("GET /meet HTTP/1.1\r\nHost: test\r\n\r\n") }
        for client in clients {
            let response = try client.readResponse()
            #expect(response.status == 200)
            #expect(response.bodyText == "together")
        }
    }
}
