import Foundation
import HTTPServer
import Logging
import Testing

@testable import LayoutService

/// The layout cache, sessions and tenants over real HTTP, with curl as the client.
@Suite struct CacheAndSessionTests {
    let service: LayoutService
    let server: HTTPServer
    let base: String

    static let tree =
        #"{"bounds":{"width":100,"height":100},"root":{"type":"hstack","id":"row","children":[{"type":"view","id":"a","size":{"width":10,"height":10}}]}}"#

    init() throws {
        let keys = try APIKeys(parsing: "key-a tenant-a\nkey-b tenant-b\n")
        service = makeService { $0.apiKeys = keys }
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        server = try HTTPServer(
            configuration: configuration, events: service.events,
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }),
            immediate: service.immediateHandler, handler: service.handler)
        try server.start()
        base = "http://127.0.0.1:\(server.port)"
    }

    /// Status line, headers and body of one curl request.
    func send(
        _ method: String = "POST", _ path: String = "/v1/layout", key: String, body: String? = nil,
        headers: [String] = []
    ) throws -> (status: Int, headers: String, body: String) {
        var arguments = ["-s", "-i", "-X", method, "-H", "Authorization: Bearer \(key)"]
        for header in headers { arguments += ["-H", header] }
        if let body { arguments += ["-H", "Content-Type: application/json", "--data-binary", body] }
        arguments.append(base + path)
        let (_, output) = try runTool("curl", arguments)
        let parts = output.components(separatedBy: "\r\n\r\n")
        let head = parts.first ?? ""
        let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
        return (status, head, parts.dropFirst().joined(separator: "\r\n\r\n"))
    }

    @Test func repeatedLayoutIsACacheHitForTheSameTenantOnly() throws {
        let first = try send(key: "key-a", body: Self.tree)
        #expect(first.status == 200)
        #expect(first.headers.contains("X-Layout-Cache: miss"))
        let second = try send(key: "key-a", body: Self.tree)
        #expect(second.headers.contains("X-Layout-Cache: hit"))
        #expect(second.body.contains(#""cache":"hit""#))
        // Another tenant never sees tenant-a's cached result.
        let other = try send(key: "key-b", body: Self.tree)
        #expect(other.headers.contains("X-Layout-Cache: miss"))
        let stats = try send("GET", "/v1/stats", key: "key-a")
        #expect(stats.status == 200)
        #expect(stats.body.contains(#""hits":1,"misses":2"#))
        #expect(stats.body.contains(#""hitRate":0.3333"#))
    }

    @Test func sessionsBelongToTheirTenant() throws {
        let first = try send(key: "key-a", body: Self.tree, headers: ["Layout-Session: phone-1"])
        #expect(first.status == 200)
        #expect(first.body.contains(#""diff":{"baseline":null"#))
        let second = try send(key: "key-a", body: Self.tree, headers: ["Layout-Session: phone-1"])
        #expect(second.body.contains(#""unchanged":2"#))
        #expect(!second.body.contains(#""baseline":null"#))
        // tenant-b cannot delete tenant-a's session, and its own is new.
        #expect(try send("DELETE", "/v1/sessions/phone-1", key: "key-b").status == 404)
        let theirs = try send(key: "key-b", body: Self.tree, headers: ["Layout-Session: phone-1"])
        #expect(theirs.body.contains(#""baseline":null"#))
        #expect(try send("DELETE", "/v1/sessions/phone-1", key: "key-a").status == 204)
        #expect(try send("DELETE", "/v1/sessions/phone-1", key: "key-a").status == 404)
        let fresh = try send(key: "key-a", body: Self.tree, headers: ["Layout-Session: phone-1"])
        #expect(fresh.body.contains(#""baseline":null"#))
    }

    @Test func disagreeingSessionKeysAre400() throws {
        let body = Self.tree.replacingOccurrences(of: #""root":"#, with: #""session":"x","root":"#)
        let response = try send(key: "key-a", body: body, headers: ["Layout-Session: y"])
        #expect(response.status == 400)
    }

    @Test func metricsExposeTheCache() throws {
        _ = try send(key: "key-a", body: Self.tree)
        _ = try send(key: "key-a", body: Self.tree)
        let metrics = try send("GET", "/metrics", key: "key-a")
        #expect(metrics.body.contains("layoutd_cache_hits_total 1"))
        #expect(metrics.body.contains("layoutd_cache_entries 1"))
    }
}
