import Foundation
import HTTPServer
import Logging
import Synchronization

/// A real server on an ephemeral loopback port with a small echo application:
/// - `GET|HEAD /hello` → 200 "hello"
/// - `POST /echo` → 200 with the request body
/// - `GET /v1/layout` → 405 with `Allow: POST` (how the glue answers a wrong method)
/// - `GET /slow?ms=N` → 200 after N ms on the worker
/// - anything else → 404 problem
final class TestServer: Sendable {
    let server: HTTPServer
    let log = RecordLog()
    /// How many `/slow` requests a worker has begun, so a test can wait for one
    /// to be running rather than guess with a sleep (a loaded CI machine is slow).
    let slowStarted = SlowCounter()

    var port: Int { server.port }

    init(_ configure: (inout HTTPServerConfiguration) -> Void = { _ in }) throws {
        var configuration = HTTPServerConfiguration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.workers = 2
        configure(&configuration)
        let log = self.log
        let slowStarted = self.slowStarted
        server = try HTTPServer(
            configuration: configuration,
            events: ServerEvents(requestCompleted: { record in log.records.withLock { $0.append(record) } }),
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }), handler: { request in
                if request.path == "/slow" { slowStarted.count.withLock { $0 += 1 } }
                return TestServer.echo(request)
            })
        try server.start()
    }

    /// Waits (up to 5 s) until `count` `/slow` requests have reached a worker.
    func waitForSlowRequests(_ count: Int = 1) -> Bool {
        for _ in 0..<500 {
            if slowStarted.count.withLock({ $0 }) >= count { return true }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return false
    }

    deinit { server.shutdown(gracePeriod: .seconds(2)) }

    @Sendable static func echo(_ request: HTTPRequest) -> HTTPResponse {
        switch (request.method, request.path) {
        case ("GET", "/hello"), ("HEAD", "/hello"):
            return HTTPResponse(status: 200, contentType: "text/plain", body: "hello")
        case ("POST", "/echo"):
            var response = HTTPResponse(status: 200, headers: ["Content-Type": "application/octet-stream"], body: request.body)
            response.annotations["route"] = "echo"
            return response
        case (_, "/v1/layout") where request.method != "POST":
            return .problem(status: 405, detail: "use POST", extraHeaders: ["Allow": "POST"])
        case ("GET", "/slow"):
            let milliseconds = request.query.flatMap { Int($0.split(separator: "=").last ?? "") } ?? 100
            usleep(UInt32(milliseconds * 1000))
            return HTTPResponse(status: 200, contentType: "text/plain", body: "slow")
        default:
            return .problem(status: 404, detail: "no route")
        }
    }
}

/// Request records the server reported, for assertions on the events hook.
final class RecordLog: Sendable {
    let records = Mutex<[RequestRecord]>([])
}

final class SlowCounter: Sendable {
    let count = Mutex<Int>(0)
}
