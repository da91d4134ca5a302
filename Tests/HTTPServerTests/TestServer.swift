import Foundation
import HTTPServer
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

    var port: Int { server.port }

    init(_ configure: (inout HTTPServerConfiguration) -> Void = { _ in }) throws {
        var configuration = HTTPServerConfiguration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.workers = 2
        configure(&configuration)
        let log = self.log
        server = try HTTPServer(
            configuration: configuration,
            events: ServerEvents(requestCompleted: { record in log.records.withLock { $0.append(record) } }),
            handler: TestServer.echo)
        try server.start()
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
