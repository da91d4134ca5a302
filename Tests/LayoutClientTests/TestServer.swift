import Foundation
import HTTPServer
import LayoutClient
import LayoutService
import Logging
import Synchronization

/// The real service behind the real HTTP server, in-process on a free loopback port.
/// `intercept` may answer a request itself (to force a 503); otherwise the service does.
final class TestServer: Sendable {
    let service: LayoutService
    let server: HTTPServer
    let connectionsOpened = Counter()
    let layoutRequests = Counter()

    init(
        apiKeys: APIKeys? = nil, tls: TLSConfiguration? = nil,
        intercept: (@Sendable (HTTPRequest) -> HTTPResponse?)? = nil
    ) throws {
        let logger = Logger(label: "client-test", factory: { _ in SwiftLogNoOpLogHandler() })
        var serviceConfiguration = LayoutServiceConfiguration()
        serviceConfiguration.apiKeys = apiKeys
        let service = LayoutService(configuration: serviceConfiguration, logger: logger)
        self.service = service
        var configuration = HTTPServerConfiguration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.tls = tls
        var events = service.events
        let opened = events.connectionOpened
        let connectionsOpened = self.connectionsOpened
        events.connectionOpened = {
            connectionsOpened.increment()
            opened()
        }
        let handler = service.handler
        let layoutRequests = self.layoutRequests
        server = try HTTPServer(configuration: configuration, events: events, logger: logger) { request in
            if request.path == "/v1/layout" { layoutRequests.increment() }
            return intercept?(request) ?? handler(request)
        }
        try server.start()
    }

    var url: URL { URL(string: "http://127.0.0.1:\(server.port)") ?? URL(fileURLWithPath: "/") }

    func client(retry: RetryPolicy = RetryPolicy(), apiKey: String? = nil, timeout: Double = 20) -> LayoutClient {
        LayoutClient(configuration: LayoutClientConfiguration(baseURL: url, apiKey: apiKey, timeout: timeout, retry: retry))
    }

    func stop() { server.shutdown(gracePeriod: .seconds(1)) }
}

/// A count shared with the server's threads.
final class Counter: Sendable {
    private let atomic = Atomic<Int>(0)
    func increment() { atomic.add(1, ordering: .relaxed) }
    var value: Int { atomic.load(ordering: .relaxed) }
}
