import Glibc
import HTTPServer
import LayoutService
import Logging
import Testing
@testable import LoadGenerator

/// A short bounded load against the real server, in-process on a free port.
@Suite(.serialized) struct EndToEndTests {
    let server: HTTPServer

    init() throws {
        let logger = Logger(label: "load-test", factory: { _ in SwiftLogNoOpLogHandler() })
        let service = LayoutService(logger: logger)
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        server = try HTTPServer(configuration: configuration, events: service.events, logger: logger, immediate: service.immediateHandler,
            handler: service.handler)
        try server.start()
    }

    func configuration(requests: Int, connections: Int) -> LoadConfiguration {
        var configuration = LoadConfiguration(target: TargetURL(host: "127.0.0.1", port: server.port, path: "/v1/layout"))
        configuration.requests = requests
        configuration.duration = 60  // a safety bound; the count ends the run
        configuration.connections = connections
        configuration.nodeCount = 30
        configuration.corpusSize = 16
        configuration.repeatRatio = 0.5
        return configuration
    }

    @Test func boundedLoadCountsAddUp() throws {
        let summary = LoadRunner.run(configuration(requests: 200, connections: 4))
        server.shutdown(gracePeriod: .seconds(1))
        #expect(summary.requests == 200)
        #expect(summary.responses == 200)
        #expect(summary.failures == 0, "\(summary.errors)")
        #expect(summary.statuses == ["200": 200])
        #expect(summary.cache.hits + summary.cache.misses + summary.cache.withoutHeader == 200)
        #expect(summary.cache.repeatsSent + summary.cache.newTreesSent == 200)
        #expect(summary.cache.repeatsSent > 50)
        // Keep-alive: one connection per client for the whole run.
        #expect(summary.connectionsOpened == 4)
        #expect(summary.latencyMs.p50 > 0 && summary.latencyMs.p50 <= summary.latencyMs.max)
        #expect(summary.bytesSent > 0 && summary.bytesReceived > 0)
        #expect(summary.session == nil)
        // A count-bounded run generates its trees before the clock starts.
        #expect(summary.client.treesGeneratedDuringRun == 0)
        #expect(summary.client.treesPregenerated >= summary.cache.newTreesSent)
    }

    @Test func sessionModeCountsAddUp() throws {
        var configuration = configuration(requests: 100, connections: 2)
        configuration.sessions = true
        let summary = LoadRunner.run(configuration)
        server.shutdown(gracePeriod: .seconds(1))
        #expect(summary.responses == 100 && summary.failures == 0, "\(summary.errors)")
        let session = try #require(summary.session)
        #expect(session.fullRequests + session.patches == 100)
        // Every patch was accepted or fell back; a server without sessions gets no patch at all.
        let fallbacks = session.patchFallbacks.values.reduce(0, +)
        #expect(session.patches >= session.patchesAccepted + fallbacks)
        if session.fullWithoutTreeHash == session.fullRequests {
            #expect(session.patches == 0 && summary.statuses == ["200": 100])
        }
    }

    @Test func aDeadlineEndsTheRun() throws {
        var configuration = configuration(requests: 1, connections: 2)
        configuration.requests = nil
        configuration.duration = 0.5
        let started = ContinuousClock.now
        let summary = LoadRunner.run(configuration)
        server.shutdown(gracePeriod: .seconds(1))
        #expect(ContinuousClock.now - started < .seconds(5))
        #expect(summary.responses > 0 && summary.failures == 0)
    }

    @Test func aDeadServerGivesErrorsNotAHang() throws {
        // A port held by a socket that never listens: connections are refused, and no
        // other test's server can be given the same port while this test runs.
        let holder = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(holder) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(holder, raw, length) == 0 && getsockname(holder, raw, &length) == 0
            }
        }
        try #require(holder >= 0 && bound)
        var configuration = configuration(requests: 20, connections: 2)
        configuration.target = TargetURL(host: "127.0.0.1", port: Int(UInt16(bigEndian: address.sin_port)), path: "/v1/layout")
        configuration.fetchServerStats = false
        let summary = LoadRunner.run(configuration)
        #expect(summary.responses == 0)
        #expect(summary.failures == 20)
        #expect(summary.errors.keys.allSatisfy { $0.hasPrefix("connect") })
    }
}
