import Foundation
import HTTPServer
import LayoutEngine
import Logging
import Testing
@testable import LayoutService

private let smallTree = #"{"bounds":{"width":390,"height":844},"root":{"type":"vstack","id":"screen","children":[{"type":"view","id":"a","size":{"width":100,"height":50}}]}}"#

func makeRequest(
    _ method: String, _ target: String, headers: HTTPHeaders = [:], body: String = ""
) -> HTTPRequest {
    var allHeaders = headers
    allHeaders.add("Host", "test")
    return HTTPRequest(
        head: RequestHead(method: method, target: target, version: .http1_1, headers: allHeaders), body: Array(body.utf8))
}

func makeService(_ configure: (inout LayoutServiceConfiguration) -> Void = { _ in }) -> LayoutService {
    var configuration = LayoutServiceConfiguration()
    configure(&configuration)
    return LayoutService(configuration: configuration, logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
}

struct RouteTests {
    let json: HTTPHeaders = ["Content-Type": "application/json"]

    @Test(arguments: ["/v1/layout", "/layout"])
    func layoutAnswersFramesWithServerTiming(_ path: String) throws {
        let response = makeService().handler(makeRequest("POST", path, headers: json, body: smallTree))
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == "application/json")
        let timing = try #require(response.headers["Server-Timing"])
        let phases = timing.split(separator: ",").map { $0.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } }
        #expect(phases == ["parse", "hash", "layout", "diff", "encode", "total"])
        #expect(response.headers["X-Layout-Cache"] == "miss")
        #expect(String(decoding: response.body, as: UTF8.self).contains(#""a":{"x":"#))
    }

    @Test func wrongMethodIs405WithAllow() {
        let response = makeService().handler(makeRequest("GET", "/v1/layout", headers: ["X-Request-Id": "r-1"]))
        #expect(response.status == 405)
        #expect(response.headers["Allow"] == "POST")
        #expect(response.headers["Content-Type"] == "application/problem+json")
        #expect(String(decoding: response.body, as: UTF8.self)
            == #"{"type":"about:blank","title":"Method Not Allowed","status":405,"detail":"GET is not allowed on /v1/layout","requestId":"r-1"}"#)
        let health = makeService().handler(makeRequest("POST", "/healthz", headers: json))
        #expect(health.headers["Allow"] == "GET, HEAD")
    }

    @Test func matchedRouteTravelsWithTheResponse() {
        let service = makeService()
        #expect(service.handler(makeRequest("GET", "/healthz")).annotations["route"] == "/healthz")
        #expect(service.handler(makeRequest("DELETE", "/v1/sessions/x")).annotations["route"] == "/v1/sessions/{id}")
        #expect(service.handler(makeRequest("GET", "/v1/layout")).annotations["route"] == "/v1/layout")
        #expect(service.handler(makeRequest("GET", "/wp-login.php")).annotations["route"] == "unmatched")
    }

    @Test func publicRoutesNeedNoKeyOthersDo() throws {
        let keys = try APIKeys(parsing: "k1 acme\n")
        let service = makeService { $0.apiKeys = keys }
        for path in ["/healthz", "/readyz", "/metrics", "/openapi.yaml"] {
            #expect(service.handler(makeRequest("GET", path)).status == 200, "\(path)")
        }
        // A public path's 405 needs no key either; a private path's and an unknown path's do.
        #expect(service.handler(makeRequest("POST", "/healthz", headers: json)).status == 405)
        for (method, path) in [("GET", "/v1/stats"), ("GET", "/v1/layout"), ("GET", "/nope"), ("DELETE", "/v1/sessions/a")] {
            let response = service.handler(makeRequest(method, path))
            #expect(response.status == 401, "\(method) \(path)")
            #expect(response.annotations["route"] != nil)
        }
        #expect(service.handler(makeRequest("GET", "/v1/stats", headers: ["Authorization": "Bearer k1"])).status == 200)
    }

    /// `--metrics-key` (issue 8): /metrics then needs that key, on the pool and on the I/O
    /// path alike; a tenant's API key is not it, and the probes stay open.
    @Test func metricsCanRequireAKey() throws {
        let keys = try APIKeys(parsing: "k1 acme\n")
        let service = makeService {
            $0.apiKeys = keys
            $0.metricsKey = "scrape-key"
        }
        let idle = WorkerLoad(inFlight: 0, capacity: 4)
        for (authorization, status) in [
            (nil, 401), ("Bearer k1", 401), ("Bearer scrape", 401), ("Bearer scrape-key junk", 401), ("Bearer scrape-key", 200),
        ] as [(String?, Int)] {
            let headers: HTTPHeaders = authorization.map { ["Authorization": $0] } ?? [:]
            let onPool = service.handler(makeRequest("GET", "/metrics", headers: headers))
            #expect(onPool.status == status, "\(authorization ?? "none")")
            var request = makeRequest("GET", "/metrics", headers: headers)
            #expect(service.immediateHandler(&request, idle)?.status == status, "\(authorization ?? "none")")
            if status == 401 {
                #expect(onPool.headers["WWW-Authenticate"]?.hasPrefix("Bearer realm=") == true)
                #expect(!String(decoding: onPool.body, as: UTF8.self).contains("layoutd_"))
            } else {
                #expect(String(decoding: onPool.body, as: UTF8.self).contains("# TYPE layoutd_"))
            }
        }
        #expect(service.handler(makeRequest("GET", "/healthz")).status == 200)
        // Without the option /metrics stays open (Prometheus scraping as before).
        #expect(makeService { $0.apiKeys = keys }.handler(makeRequest("GET", "/metrics")).status == 200)
    }

    @Test func sessionHeaderIsBoundedLikeTheBodysSession() {
        let service = makeService()
        let tree = #"{"bounds":{"width":10,"height":10},"root":{"type":"rect"}}"#
        for (header, status) in [("", 400), (String(repeating: "k", count: 257), 400), (String(repeating: "k", count: 256), 200)] {
            var headers = json
            headers.add("Layout-Session", header)
            #expect(service.handler(makeRequest("POST", "/v1/layout", headers: headers, body: tree)).status == status)
        }
    }

    @Test func unknownPathIs404() {
        #expect(makeService().handler(makeRequest("GET", "/nope")).status == 404)
    }

    @Test func headIsServedAsGet() {
        let response = makeService().handler(makeRequest("HEAD", "/healthz"))
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == "ok\n")
    }

    @Test(arguments: [nil, "text/plain", "application/x-www-form-urlencoded", "application/json; charset=latin1"])
    func nonJSONIs415(_ contentType: String?) {
        var headers: HTTPHeaders = [:]
        if let contentType { headers.add("Content-Type", contentType) }
        #expect(makeService().handler(makeRequest("POST", "/v1/layout", headers: headers, body: smallTree)).status == 415)
    }

    @Test func jsonWithCharsetIsAccepted() {
        for contentType in ["Application/JSON; charset=utf-8", "application/json;charset=\"UTF-8\"", "application/vnd.x+json"] {
            let headers: HTTPHeaders = ["Content-Type": contentType]
            #expect(makeService().handler(makeRequest("POST", "/v1/layout", headers: headers, body: smallTree)).status == 200)
        }
    }

    @Test func engineProblemsKeepTheirStatus() {
        let service = makeService { $0.decodeLimits = DecodeLimits(maxDepth: 1, maxNodes: 10) }
        let malformed = service.handler(makeRequest("POST", "/v1/layout", headers: json, body: #"{"bounds":"#))
        #expect(malformed.status == 400)
        #expect(malformed.headers["Content-Type"] == "application/problem+json")
        #expect(malformed.headers["Server-Timing"]?.hasPrefix("total;dur=") == true)
        let invalid = service.handler(makeRequest("POST", "/v1/layout", headers: json, body: #"{"bounds":{"width":1,"height":1},"root":{"type":"nonsense"}}"#))
        #expect(invalid.status == 422)
        let deep = service.handler(makeRequest("POST", "/v1/layout", headers: json, body: smallTree))
        #expect(deep.status == 413)
    }

    @Test func apiKeysGuardLayout() throws {
        let keys = try APIKeys(parsing: "# comment\nsecret-1 tenant-a\n\nsecret-2\ttenant-b # trailing\n")
        #expect(keys.count == 2)
        let service = makeService { $0.apiKeys = keys }
        let anonymous = service.handler(makeRequest("POST", "/v1/layout", headers: json, body: smallTree))
        #expect(anonymous.status == 401)
        #expect(anonymous.headers["WWW-Authenticate"] == #"Bearer realm="layoutd""#)
        var wrong = json
        wrong.add("Authorization", "Bearer secret-3")
        let refused = service.handler(makeRequest("POST", "/v1/layout", headers: wrong, body: smallTree))
        #expect(refused.status == 401)
        #expect(refused.headers["WWW-Authenticate"]?.contains("invalid_token") == true)
        // Unknown paths do not reveal themselves to anonymous clients.
        #expect(service.handler(makeRequest("GET", "/nope")).status == 401)
        for open in ["/healthz", "/readyz", "/metrics", "/openapi.yaml"] {
            #expect(service.handler(makeRequest("GET", open)).status == 200)
        }
        var right = json
        right.add("Authorization", "bearer secret-2")
        let accepted = service.handler(makeRequest("POST", "/v1/layout", headers: right, body: smallTree))
        #expect(accepted.status == 200)
        #expect(accepted.annotations["tenant"] == "tenant-b")
        #expect(keys.tenant(forKey: "secret-1") == "tenant-a")
        #expect(throws: APIKeys.LoadError.self) { try APIKeys(parsing: "only-one-word\n") }
    }

    @Test func readinessFlipsAtShutdown() {
        let service = makeService()
        #expect(service.handler(makeRequest("GET", "/readyz")).status == 200)
        service.markNotReady()
        let response = service.handler(makeRequest("GET", "/readyz"))
        #expect(response.status == 503)
        #expect(response.headers["Retry-After"] != nil)
        #expect(String(decoding: response.body, as: UTF8.self).contains(#""type":"urn:layoutd:problem:overloaded""#))
        #expect(service.handler(makeRequest("GET", "/healthz")).status == 200)
    }

    @Test func serverTimingMilliseconds() {
        #expect(LayoutEndpoint.milliseconds(1234.4) == "1.234")
        #expect(LayoutEndpoint.milliseconds(5) == "0.005")
        #expect(LayoutEndpoint.milliseconds(0) == "0.000")
    }

    /// The whole header, formatted without String appends: every phase, in the contract's
    /// order, milliseconds with three decimals (rounded at the microsecond's thousandth).
    @Test func serverTimingHeader() {
        let header = LayoutEndpoint.serverTiming(
            parse: 469.4, hash: 0, layout: 12_345_678.9, diff: 0.5, encode: 10, total: 100_000)
        #expect(
            header
                == "parse;dur=0.469, hash;dur=0.000, layout;dur=12345.679, diff;dur=0.001, encode;dur=0.010, total;dur=100.000")
        let negative = LayoutEndpoint.serverTiming(parse: -3, hash: .nan, layout: 1e20, diff: 0, encode: 0, total: 0)
        #expect(negative.hasPrefix("parse;dur=0.000, hash;dur=0.000, layout;dur=1000000000000.000, diff"))
    }
}
