import Foundation
import Synchronization
import Testing
@testable import HTTPServer

private let host = "Host: test\r\n"

/// The behaviours every I/O model must keep, run under each (`--io-model`). The rest of
/// the HTTP suites run under the default model.
@Suite struct IOModelTests {
    @Test(arguments: IOModel.allCases)
    func keepAliveAndPipeliningAnswerInOrder(model: IOModel) throws {
        let server = try TestServer { $0.ioModel = model }
        let client = try RawClient(port: server.port)
        // Three pipelined requests in one segment, each answered by a worker: the answers
        // come back to the connection's I/O thread and go out strictly in order.
        client.send(
            "POST /echo HTTP/1.1\r\n\(host)Content-Length: 3\r\n\r\none"
                + "GET /hello HTTP/1.1\r\n\(host)\r\n"
                + "POST /echo HTTP/1.1\r\n\(host)Content-Length: 5\r\n\r\nthree")
        #expect(try client.readResponse().bodyText == "one")
        #expect(try client.readResponse().bodyText == "hello")
        #expect(try client.readResponse().bodyText == "three")
        // Still open for another round.
        client.send("GET /hello HTTP/1.1\r\n\(host)\r\n")
        #expect(try client.readResponse().status == 200)
    }

    @Test(arguments: IOModel.allCases)
    func headerDeadlineCutsASlowClient(model: IOModel) throws {
        let server = try TestServer {
            $0.ioModel = model
            $0.headerTimeout = .milliseconds(400)
        }
        let client = try RawClient(port: server.port)
        let start = Date()
        client.send("GET /hello HTTP/1.1\r\n\(host)X-Slow: ")
        let response = try client.readResponse()
        #expect(response.status == 408)
        // The sweep runs every 40 ms here: a tenth of the shortest deadline.
        #expect(Date().timeIntervalSince(start) >= 0.35)
        #expect(client.isClosedByPeer())
    }

    @Test(arguments: IOModel.allCases)
    func largeResponseToASlowReaderIsWrittenWhole(model: IOModel) throws {
        let server = try TestServer { $0.ioModel = model }
        let client = try RawClient(port: server.port, receiveTimeout: 10)
        // 4 MiB echoed back: more than the socket buffers hold, so the write blocks and
        // must resume on writability.
        let body = String(repeating: "0123456789abcdef", count: 256 * 1024)
        client.send("POST /echo HTTP/1.1\r\n\(host)Content-Length: \(body.utf8.count)\r\n\r\n\(body)")
        Thread.sleep(forTimeInterval: 0.3)
        let response = try client.readResponse()
        #expect(response.status == 200)
        #expect(response.body.count == body.utf8.count)
        #expect(response.bodyText == body)
    }

    @Test(arguments: IOModel.allCases)
    func gracefulShutdownFinishesInFlightAndClosesIdle(model: IOModel) throws {
        let server = try TestServer { $0.ioModel = model }
        let idle = try RawClient(port: server.port)
        idle.send("GET /hello HTTP/1.1\r\n\(host)\r\n")
        _ = try idle.readResponse()
        let busy = try RawClient(port: server.port)
        busy.send("GET /slow?ms=400 HTTP/1.1\r\n\(host)\r\n")
        #expect(server.waitForSlowRequests())
        server.server.shutdown(gracePeriod: .seconds(5))
        let response = try busy.readResponse()
        #expect(response.status == 200)
        #expect(response.header("Connection") == "close")
        #expect(idle.isClosedByPeer())
        #expect(server.server.openConnections == 0)
    }

    @Test(arguments: IOModel.allCases)
    func manyConnectionsAcrossShards(model: IOModel) throws {
        let server = try TestServer {
            $0.ioModel = model
            $0.ioQueues = 2
        }
        let clients = try (0..<64).map { _ in try RawClient(port: server.port) }
        for (index, client) in clients.enumerated() {
            client.send("POST /echo HTTP/1.1\r\n\(host)Content-Length: \(String(index).utf8.count)\r\n\r\n\(index)")
        }
        for (index, client) in clients.enumerated() {
            #expect(try client.readResponse().bodyText == String(index))
        }
        for client in clients { client.shutdownWrite() }
        for client in clients { #expect(client.isClosedByPeer()) }
        for _ in 0..<300 where server.server.openConnections > 0 { Thread.sleep(forTimeInterval: 0.01) }
        #expect(server.server.openConnections == 0)
    }
}

/// The epoll model's loop thread itself.
@Suite struct EventLoopTests {
    /// Blocks posted from other threads run on the loop thread, in the order posted, and
    /// stopping runs what was posted before it returns.
    @Test func postedBlocksRunInOrderOnTheLoopThread() throws {
        let loop = try EventLoop(label: "test.late")
        let seen = Mutex<[Int]>([])
        let onLoop = Mutex(0)
        let sweeps = Mutex(0)
        try loop.start(sweepInterval: 5_000_000) { sweeps.withLock { $0 += 1 } }
        for value in 0..<1000 {
            loop.post {
                seen.withLock { $0.append(value) }
                if loop.isOnLoopThread { onLoop.withLock { $0 += 1 } }
            }
        }
        // Sweeps come every 5 ms; wait (up to 5 s, for a loaded machine) until a few ran.
        for _ in 0..<500 where sweeps.withLock({ $0 }) < 3 { Thread.sleep(forTimeInterval: 0.01) }
        loop.stopAndJoin()
        #expect(seen.withLock { $0 } == Array(0..<1000))
        #expect(onLoop.withLock { $0 } == 1000)
        #expect(sweeps.withLock { $0 } >= 3)
    }

    /// After the loop has stopped, a late block (a handshake step finishing) still runs,
    /// on the fallback queue.
    @Test func blocksPostedAfterStopStillRun() throws {
        let loop = try EventLoop(label: "test.late")
        try loop.start(sweepInterval: 50_000_000) {}
        loop.stopAndJoin()
        let ran = DispatchSemaphore(value: 0)
        loop.post { ran.signal() }
        #expect(ran.wait(timeout: .now() + 5) == .success)
    }
}
