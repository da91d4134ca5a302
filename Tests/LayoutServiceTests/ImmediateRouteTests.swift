import Foundation
import HTTPServer
import Testing
import LayoutEngine
@testable import LayoutService

private let tree = #"{"bounds":{"width":390,"height":844},"root":{"type":"vstack","id":"screen","children":[{"type":"view","id":"a","size":{"width":100,"height":50}}]}}"#
private let json: HTTPHeaders = ["Content-Type": "application/json"]
private let idle = WorkerLoad(inFlight: 0, capacity: 4)
private let saturated = WorkerLoad(inFlight: 4, capacity: 4)

/// Which requests the service answers on the I/O path (no worker needed) and which it
/// leaves to the pool.
@Suite struct ImmediateRouteTests {
    @Test func probesAndDocumentsAreAnsweredImmediately() {
        let service = makeService()
        #expect(service.answerImmediately(makeRequest("GET", "/healthz"), saturated)?.status == 200)
        #expect(service.answerImmediately(makeRequest("GET", "/metrics"), saturated)?.status == 200)
        #expect(service.answerImmediately(makeRequest("GET", "/openapi.yaml"), saturated)?.status == 200)
        #expect(service.answerImmediately(makeRequest("GET", "/v1/stats"), saturated)?.status == 200)
        #expect(service.answerImmediately(makeRequest("GET", "/readyz"), idle)?.status == 200)
        // Readiness: no room in the layout pool means not ready, though alive.
        let notReady = service.answerImmediately(makeRequest("GET", "/readyz"), saturated)
        #expect(notReady?.status == 503)
        #expect(notReady?.headers["Retry-After"] == "1")
    }

    @Test func refusalsAreAnsweredImmediately() throws {
        let service = makeService()
        #expect(service.answerImmediately(makeRequest("GET", "/nowhere"), idle)?.status == 404)
        #expect(service.answerImmediately(makeRequest("GET", "/v1/layout"), idle)?.status == 405)
        #expect(service.answerImmediately(makeRequest("POST", "/v1/layout", headers: ["Content-Type": "text/plain"], body: tree), idle)?.status == 415)
        let keys = try APIKeys(parsing: "secret tenant-a\n")
        let guarded = makeService { $0.apiKeys = keys }
        #expect(guarded.answerImmediately(makeRequest("POST", "/v1/layout", headers: json, body: tree), idle)?.status == 401)
        // Probes stay open.
        #expect(guarded.answerImmediately(makeRequest("GET", "/healthz"), idle)?.status == 200)
    }

    @Test func onlyACachedLayoutIsAnsweredImmediately() {
        let service = makeService()
        let request = makeRequest("POST", "/v1/layout", headers: json, body: tree)
        #expect(service.answerImmediately(request, idle) == nil)
        let miss = service.handler(request)
        #expect(miss.headers["X-Layout-Cache"] == "miss")
        guard let hit = service.answerImmediately(request, saturated) else {
            Issue.record("a repeated body should be answered from the cache")
            return
        }
        #expect(hit.status == 200)
        #expect(hit.headers["X-Layout-Cache"] == "hit")
        #expect(hit.annotations["cache"] == "hit")
        // The same frames as the miss: everything before the cache and metrics members.
        let frames = { (body: [UInt8]) in String(decoding: body, as: UTF8.self).components(separatedBy: #","cache":"#)[0] }
        #expect(frames(hit.body) == frames(miss.body))
        #expect(service.runtime.statistics.cacheHits == 1)
        // Session requests and other tenants' bodies need the engine.
        var session = json
        session.set("Layout-Session", "s1")
        #expect(service.answerImmediately(makeRequest("POST", "/v1/layout", headers: session, body: tree), idle) == nil)
    }

    @Test func aLargeBodyIsLookedUpOnThePool() {
        let service = makeService()
        // Trailing whitespace keeps the JSON valid and makes the body larger than the limit.
        let large = makeRequest(
            "POST", "/v1/layout", headers: json, body: tree + String(repeating: " ", count: LayoutEndpoint.immediateLookupLimit))
        #expect(service.handler(large).headers["X-Layout-Cache"] == "miss")
        #expect(service.answerImmediately(large, idle) == nil)
        #expect(service.handler(large).headers["X-Layout-Cache"] == "hit")
    }

    /// A body the I/O path looked up and missed is hashed once: its key rides on the
    /// request to the pool, which stores the layout under it.
    @Test func aMissHandsTheBodyKeyToThePool() {
        let service = makeService()
        var request = makeRequest("POST", "/v1/layout", headers: json, body: tree)
        #expect(service.immediateHandler(&request, idle) == nil)
        guard let key = request.context as? LayoutCache.BodyKey else {
            Issue.record("a miss on the I/O path should leave the body's key for the pool")
            return
        }
        #expect(key == service.runtime.bodyKey(Array(tree.utf8), tenant: "-"))
        #expect(service.handler(request).headers["X-Layout-Cache"] == "miss")
        #expect(service.answerImmediately(makeRequest("POST", "/v1/layout", headers: json, body: tree), idle)?.status == 200)
    }

    /// A connection's memo lets a byte-identical body reuse the previous key; a body of
    /// the same length with one byte changed, or another tenant, must not.
    @Test func theConnectionMemoReusesAKeyOnlyForTheSameBytes() throws {
        let keys = try APIKeys(parsing: "key-a tenant-a\nkey-b tenant-b\n")
        let service = makeService { $0.apiKeys = keys }
        let memo = ConnectionMemo()
        func ask(_ body: String, key: String) -> (HTTPResponse?, LayoutCache.BodyKey?) {
            var headers = json
            headers.set("Authorization", "Bearer \(key)")
            var request = makeRequest("POST", "/v1/layout", headers: headers, body: body)
            request.connectionMemo = memo
            let answer = service.immediateHandler(&request, idle)
            return (answer, request.context as? LayoutCache.BodyKey)
        }
        // Same length as `tree`, one digit changed: another layout.
        let twin = tree.replacingOccurrences(of: #""width":100"#, with: #""width":101"#)
        #expect(twin.utf8.count == tree.utf8.count && twin != tree)
        let (first, firstKey) = ask(tree, key: "key-a")
        #expect(first == nil && firstKey != nil)
        var laidOut = makeRequest("POST", "/v1/layout", headers: ["Content-Type": "application/json", "Authorization": "Bearer key-a"], body: tree)
        laidOut.context = firstKey
        #expect(service.handler(laidOut).headers["X-Layout-Cache"] == "miss")
        // The same bytes again: a hit, through the remembered key.
        let (hit, _) = ask(tree, key: "key-a")
        #expect(hit?.headers["X-Layout-Cache"] == "hit")
        // One byte differs: not the remembered key, and not in the cache.
        let (twinAnswer, twinKey) = ask(twin, key: "key-a")
        #expect(twinAnswer == nil)
        #expect(twinKey != nil && twinKey != firstKey)
        // The same bytes from another tenant: that tenant's key, not in the cache.
        _ = ask(tree, key: "key-a")
        let (foreign, foreignKey) = ask(tree, key: "key-b")
        #expect(foreign == nil)
        #expect(foreignKey != nil && foreignKey != firstKey)
    }

    /// The runtime takes the handed key as it is (no second hash): a layout stored under a
    /// key is found by that key. (A key from another body is a caller's bug; this shows
    /// the key is not recomputed.)
    @Test func theRuntimeStoresUnderTheHandedKey() {
        let service = makeService()
        let runtime = service.runtime
        let other = Array(#"{"bounds":{"width":10,"height":10},"root":{"type":"view","id":"x"}}"#.utf8)
        let handed = runtime.bodyKey(other, tenant: "t")
        guard case .success(let laidOut) = runtime.layout(Array(tree.utf8), tenant: "t", bodyKey: handed) else {
            Issue.record("the tree should lay out")
            return
        }
        #expect(!laidOut.cacheHit)
        #expect(runtime.cachedLayout(handed)?.cacheHit == true)
        #expect(runtime.cachedLayout(Array(tree.utf8), tenant: "t") == nil)
        // A key of another tenant is not taken: the body is hashed for this one.
        let foreign = runtime.bodyKey(Array(tree.utf8), tenant: "u")
        _ = runtime.layout(Array(tree.utf8), tenant: "v", bodyKey: foreign)
        #expect(runtime.cachedLayout(Array(tree.utf8), tenant: "v") != nil)
        #expect(runtime.cachedLayout(Array(tree.utf8), tenant: "u") == nil)
    }
}

extension LayoutService {
    /// The immediate handler on a copy of the request.
    fileprivate func answerImmediately(_ request: HTTPRequest, _ load: WorkerLoad) -> HTTPResponse? {
        var request = request
        return immediateHandler(&request, load)
    }
}
