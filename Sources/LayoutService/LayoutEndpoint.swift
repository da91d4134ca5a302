import HTTPServer
import LayoutEngine

/// `POST /v1/layout` (and its alias `/layout`): check the media type, run the engine,
/// and report its phases in `Server-Timing`. Authentication happened in the service.
struct LayoutEndpoint: Sendable {
    let runtime: LayoutRuntime
    let metrics: ServiceMetrics

    func respond(to request: HTTPRequest, tenant: String) -> HTTPResponse {
        guard Self.isJSON(request.headers["Content-Type"]) else {
            return .problem(status: 415, detail: "Content-Type must be application/json")
        }
        return respond(to: request.body, tenant: tenant, session: request.headers["Layout-Session"])
    }

    /// On the I/O path: a refused media type, or a byte-identical body laid out before
    /// (no session). nil when the engine has real work to do.
    func respondFromCache(to request: HTTPRequest, tenant: String, load: WorkerLoad) -> HTTPResponse? {
        guard Self.isJSON(request.headers["Content-Type"]) else {
            return .problem(status: 415, detail: "Content-Type must be application/json")
        }
        guard request.headers["Layout-Session"] == nil else { return nil }
        let started = ContinuousClock.now
        return runtime.cachedLayout(request.body, tenant: tenant).map { success($0, started: started) }
    }

    private func respond(to body: [UInt8], tenant: String, session: String?) -> HTTPResponse {
        let started = ContinuousClock.now
        switch runtime.layout(body, tenant: tenant, sessionHeader: session) {
        case .success(let layout):
            return success(layout, started: started)
        case .failure(let problem):
            let totalMicros = Double((ContinuousClock.now - started).totalNanoseconds) / 1000
            return HTTPResponse(
                status: problem.status,
                headers: ["Content-Type": ProblemDocument.mediaType, "Server-Timing": "total;dur=\(Self.milliseconds(totalMicros))"],
                body: problem.encoded())
        }
    }

    /// A layout's response, with its phases in `Server-Timing` and the metrics.
    private func success(_ layout: RuntimeResponse, started: ContinuousClock.Instant) -> HTTPResponse {
        let totalMicros = Double((ContinuousClock.now - started).totalNanoseconds) / 1000
        let phases = [
            ("parse", layout.metrics.parseMicros), ("hash", layout.metrics.hashMicros),
            ("layout", layout.metrics.layoutMicros), ("diff", layout.metrics.diffMicros),
            ("encode", layout.metrics.encodeMicros),
        ]
        for (phase, micros) in phases { metrics.layoutPhase(phase, micros: micros) }
        // Every phase of the contract is listed; phases a request skipped (a cache hit
        // skips layout; a request without a session skips diff) report dur=0.
        let timing = (phases + [("total", totalMicros)])
            .map { "\($0.0);dur=\(Self.milliseconds($0.1))" }.joined(separator: ", ")
        let cache = layout.cacheHit ? "hit" : "miss"
        var response = HTTPResponse(
            status: 200,
            headers: ["Content-Type": "application/json", "Server-Timing": timing, "X-Layout-Cache": cache],
            body: layout.body)
        response.annotations["cache"] = cache
        return response
    }

    /// `application/json` (or a `+json` type), with no charset or UTF-8: JSON is UTF-8
    /// (RFC 8259 §8.1) and the engine reads nothing else.
    static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        if contentType == "application/json" { return true }
        let parts = contentType.split(separator: ";").map {
            $0.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined().lowercased()
        }
        guard let mediaType = parts.first,
            mediaType == "application/json" || (mediaType.hasPrefix("application/") && mediaType.hasSuffix("+json"))
        else { return false }
        for parameter in parts.dropFirst() where parameter.hasPrefix("charset=") {
            let charset = parameter.dropFirst("charset=".count).filter { $0 != "\"" }
            guard charset == "utf-8" || charset == "utf8" else { return false }
        }
        return true
    }

    /// Milliseconds with three decimals, without Foundation's formatter.
    static func milliseconds(_ micros: Double) -> String {
        let thousandths = Int((max(0, micros)).rounded())
        let fraction = String(thousandths % 1000)
        return "\(thousandths / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
