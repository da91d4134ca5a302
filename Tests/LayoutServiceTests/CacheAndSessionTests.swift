import Foundation
import HTTPServer
import Logging
import Testing

@testable import LayoutEngine
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
        // Each tenant sees its own figures (issue 8): tenant-a one miss and one hit,
        // tenant-b its one miss; the measurement cache, shared by both, neither.
        let stats = try send("GET", "/v1/stats", key: "key-a")
        #expect(stats.status == 200)
        #expect(stats.body.contains(#""entries":1,"#))
        #expect(stats.body.contains(#""hits":1,"misses":1,"evictions":0,"hitRate":0.5}"#))
        #expect(!stats.body.contains("measurements"))
        let theirs = try send("GET", "/v1/stats", key: "key-b")
        #expect(theirs.body.contains(#""hits":0,"misses":1,"evictions":0,"hitRate":0.0}"#))
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

    @Test func sessionKeysWithSlashesAndSpacesAreDeletedPercentEncoded() throws {
        _ = try send(key: "key-a", body: Self.tree, headers: ["Layout-Session: team/a b"])
        #expect(try send("DELETE", "/v1/sessions/team/a%20b", key: "key-a").status == 404)
        #expect(try send("DELETE", "/v1/sessions/team%2Fa%20b", key: "key-a").status == 204)
        #expect(try send("DELETE", "/v1/sessions/team%2Fa%20b", key: "key-a").status == 404)
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

/// Sessions are evicted within a tenant before another tenant at or under its fair share
/// loses any (issue 8: with `--max-sessions 5`, tenant B's new sessions evicted A's).
@Suite struct TenantFairnessTests {
    static let tree = Array(CacheAndSessionTests.tree.utf8)

    @Test func tenantBCannotEvictTenantAsSession() throws {
        var configuration = RuntimeConfiguration()
        configuration.maxSessions = 5
        let runtime = LayoutRuntime(configuration: configuration)
        _ = try runtime.layout(Self.tree, tenant: "a", sessionHeader: "a-1").get()
        for index in 1...8 { _ = try runtime.layout(Self.tree, tenant: "b", sessionHeader: "b-\(index)").get() }
        // A holds 1 of 5, under its fair share of 2.5: B's traffic evicted only B's own.
        #expect(runtime.sessions.usage(of: "a").sessions == 1)
        #expect(runtime.sessions.usage(of: "b").sessions == 4)
        #expect(runtime.sessions.state(for: SessionStore.Key(tenant: "a", session: "a-1")) != nil)
        #expect(runtime.sessions.state(for: SessionStore.Key(tenant: "b", session: "b-8")) != nil)
        #expect(runtime.sessions.state(for: SessionStore.Key(tenant: "b", session: "b-4")) == nil)
        // A tenant over its share loses its oldest first: A's five new sessions evict B's
        // least recent until A holds the most, then A's own.
        for index in 2...6 { _ = try runtime.layout(Self.tree, tenant: "a", sessionHeader: "a-\(index)").get() }
        #expect(runtime.sessions.count == 5)
        #expect(runtime.sessions.usage(of: "b").sessions == 2)
        #expect(runtime.sessions.usage(of: "a").sessions == 3)
    }

    /// The layout cache is fair the same way (issue 8: its LRU was global, so one
    /// tenant's stream of new trees evicted every other tenant's layouts).
    @Test func tenantBCannotEvictTenantAsCachedLayouts() throws {
        var configuration = RuntimeConfiguration()
        configuration.cacheEntries = 6
        let runtime = LayoutRuntime(configuration: configuration)
        func tree(width: Int) -> [UInt8] {
            Array(CacheAndSessionTests.tree.replacingOccurrences(of: #""width":100,"#, with: #""width":\#(width),"#).utf8)
        }
        for width in [201, 202] { _ = try runtime.layout(tree(width: width), tenant: "a").get() }
        for width in 301...310 { _ = try runtime.layout(tree(width: width), tenant: "b").get() }
        // A holds 2 of 6, under its fair share of 3: B's ten layouts evicted only B's own.
        let a = runtime.statistics(tenant: "a")
        let b = runtime.statistics(tenant: "b")
        #expect((a.cacheEntries, a.cacheEvictions) == (2, 0))
        #expect((b.cacheEntries, b.cacheEvictions) == (4, 6))
        #expect(runtime.statistics.cacheEntries == 6)
        for width in [201, 202] { #expect(runtime.cachedLayout(tree(width: width), tenant: "a") != nil) }
        #expect(runtime.cachedLayout(tree(width: 310), tenant: "b") != nil)
        #expect(runtime.cachedLayout(tree(width: 306), tenant: "b") == nil)
        // B's newest four survive; A, once over its share, loses its own oldest first.
        for width in 203...206 { _ = try runtime.layout(tree(width: width), tenant: "a").get() }
        #expect(runtime.statistics(tenant: "a").cacheEntries == 3)
        #expect(runtime.statistics(tenant: "b").cacheEntries == 3)
        #expect(runtime.cachedLayout(tree(width: 201), tenant: "a") == nil)
    }

    @Test func sessionsAreBoundedInBytes() throws {
        let one = SessionState.estimateBytes(body: Self.tree, tree: try RequestDecoder.decode(Self.tree).tree, record: true)
        var configuration = RuntimeConfiguration()
        configuration.sessionBytes = 3 * one + one / 2
        let runtime = LayoutRuntime(configuration: configuration)
        for index in 1...5 { _ = try runtime.layout(Self.tree, tenant: "a", sessionHeader: "s\(index)").get() }
        // Room for three of these sessions by bytes, though the count bound is 10,000.
        #expect(runtime.sessions.count == 3)
        #expect(runtime.sessions.bytes == 3 * one)
    }
}
