import HTTPServer
import LayoutEngine

/// The small routes of API.md §7 that operators and load balancers use.
enum OperationalEndpoints {
    /// The process is alive and answering.
    static func health() -> HTTPResponse {
        HTTPResponse(status: 200, contentType: "text/plain; charset=utf-8", body: "ok\n")
    }

    /// Accepting work; 503 once shutdown has begun so balancers drain the instance, and
    /// while the layout pool has no room (a new layout would get 503 too).
    static func readiness(_ ready: Bool, saturated: Bool) -> HTTPResponse {
        guard ready else {
            return .problem(
                status: 503, type: ProblemDocument.typePrefix + "overloaded", title: "Service unavailable",
                detail: "the server is draining", extraHeaders: ["Retry-After": "1"])
        }
        guard !saturated else {
            return .problem(
                status: 503, type: ProblemDocument.typePrefix + "overloaded", title: "Service unavailable",
                detail: "every layout worker is busy and the queue is full", extraHeaders: ["Retry-After": "1"])
        }
        return HTTPResponse(status: 200, contentType: "text/plain; charset=utf-8", body: "ok\n")
    }

    static func metrics(_ metrics: ServiceMetrics, _ statistics: RuntimeStatistics) -> HTTPResponse {
        metrics.update(statistics)
        return HTTPResponse(
            status: 200, headers: ["Content-Type": "text/plain; version=0.0.4; charset=utf-8"], body: metrics.render())
    }

    /// `answer()` if `key` is nil or the request carries `Authorization: Bearer <key>`
    /// (compared in constant time); 401 otherwise.
    static func guarded(_ request: HTTPRequest, key: String?, _ answer: () -> HTTPResponse) -> HTTPResponse {
        guard let key else { return answer() }
        let authorization = request.headers["Authorization"]
        if let authorization, APIKeys(tenantsByKey: [key: "metrics"]).tenant(forAuthorization: authorization) != nil {
            return answer()
        }
        let challenge = authorization == nil ? #"Bearer realm="layoutd""# : #"Bearer realm="layoutd", error="invalid_token""#
        return .problem(status: 401, detail: "missing or unknown metrics key", extraHeaders: ["WWW-Authenticate": challenge])
    }

    /// `GET /v1/stats`: the caller's share of the layout cache and its sessions, as JSON;
    /// with `measurements`, also the measurement cache every tenant shares (only on an
    /// open server, whose one tenant is everyone).
    static func stats(_ statistics: RuntimeStatistics, measurements: Bool) -> HTTPResponse {
        let hitRate = (statistics.hitRate * 10_000).rounded() / 10_000
        let body = """
            {"cache":{"entries":\(statistics.cacheEntries),"bytes":\(statistics.cacheBytes),\
            "hits":\(statistics.cacheHits),"misses":\(statistics.cacheMisses),\
            "evictions":\(statistics.cacheEvictions),"hitRate":\(hitRate)},\
            "sessions":{"live":\(statistics.sessions)}
            """
        let shared = """
            ,"measurements":{"entries":\(statistics.measurementEntries),"maxBytes":\(statistics.measurementMaxBytes),\
            "hits":\(statistics.measurementHits),\
            "misses":\(statistics.measurementMisses)}
            """
        return HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Array((body + (measurements ? shared : "") + "}").utf8))
    }

    /// `DELETE /v1/sessions/{id}`: 204, or 404 when the tenant has no such session.
    static func deleteSession(_ request: HTTPRequest, tenant: String, runtime: LayoutRuntime) -> HTTPResponse {
        let encoded = request.path.dropFirst("/v1/sessions/".count)
        // One path segment: a raw "/" is another path, but an encoded one (%2F) is part
        // of the key, as openapi.yaml says ("percent-encoded as a path segment").
        guard !encoded.contains("/"), let session = String(encoded).removingPercentEncodingSafely else {
            return .problem(status: 404, detail: "There is no resource at \(request.path).")
        }
        guard runtime.deleteSession(tenant: tenant, session: session) else {
            return .problem(status: 404, detail: "There is no session '\(session)'.")
        }
        return HTTPResponse(status: 204, headers: [:], body: [])
    }

    static func openAPI() -> HTTPResponse {
        HTTPResponse(status: 200, headers: ["Content-Type": "application/yaml"], body: openAPIBytes)
    }

    /// Encoded once: the document is served on the I/O path.
    private static let openAPIBytes = Array(OpenAPIDocument.yaml.utf8)
}

extension String {
    /// RFC 3986 percent-decoding (no Foundation); nil for a malformed escape or bad UTF-8.
    var removingPercentEncodingSafely: String? {
        var bytes: [UInt8] = []
        var iterator = utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(Self.hexValue), let low = iterator.next().flatMap(Self.hexValue)
            else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
