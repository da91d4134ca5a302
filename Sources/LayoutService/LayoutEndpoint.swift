import HTTPServer
import LayoutEngine
import LayoutRender

/// `POST /v1/layout` (and its alias `/layout`): check the media type, run the engine,
/// and report its phases in `Server-Timing`. Authentication happened in the service.
struct LayoutEndpoint: Sendable {
    let runtime: LayoutRuntime
    let metrics: ServiceMetrics

    func respond(to request: HTTPRequest, tenant: String) -> HTTPResponse {
        guard Self.isJSON(request.headers["Content-Type"]) else {
            return .problem(status: 415, detail: "Content-Type must be application/json")
        }
        let session = request.headers["Layout-Session"]
        // The header obeys the body's rule for `session` (openapi.yaml, SessionKey).
        if let session, session.isEmpty || session.unicodeScalars.count > 256 {
            return .problem(status: 400, detail: "Layout-Session must be 1 to 256 characters long")
        }
        let format: ResponseFormat
        switch ResponseFormat.negotiate(query: request.query, accept: request.headers.values(for: "Accept")) {
        case .success(let chosen): format = chosen
        case .failure(let unknown): return .problem(status: 400, detail: unknown.detail)
        }
        return respond(to: request.body, tenant: tenant, session: session, format: format)
    }

    private func respond(to body: [UInt8], tenant: String, session: String?, format: ResponseFormat) -> HTTPResponse {
        let started = ContinuousClock.now
        switch runtime.layout(body, tenant: tenant, sessionHeader: session, inspect: format != .json) {
        case .success(let layout):
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
            let (contentType, bytes) = Self.render(layout, as: format)
            var response = HTTPResponse(
                status: 200,
                headers: [
                    "Content-Type": contentType, "Server-Timing": timing, "X-Layout-Cache": cache, "Vary": "Accept",
                ],
                body: bytes)
            response.annotations["cache"] = cache
            return response
        case .failure(let problem):
            let totalMicros = Double((ContinuousClock.now - started).totalNanoseconds) / 1000
            return HTTPResponse(
                status: problem.status,
                headers: ["Content-Type": ProblemDocument.mediaType, "Server-Timing": "total;dur=\(Self.milliseconds(totalMicros))"],
                body: problem.encoded())
        }
    }

    /// The body in the chosen format: the JSON as the runtime encoded it, or a picture of
    /// the layout it kept for inspection.
    static func render(_ layout: RuntimeResponse, as format: ResponseFormat) -> (String, [UInt8]) {
        guard let inspection = layout.inspection else { return ("application/json", layout.body) }
        switch format {
        case .json: return ("application/json", layout.body)
        case .svg(let guides):
            return (
                ResponseFormat.svgMediaType,
                Array(SVGRenderer.render(inspection, options: SVGOptions(alignmentGuides: guides)).utf8)
            )
        case .tree: return (ResponseFormat.treeMediaType, Array(HierarchyDump.render(inspection).utf8))
        }
    }

    /// `application/json` (or a `+json` type), with no charset or UTF-8: JSON is UTF-8
    /// (RFC 8259 §8.1) and the engine reads nothing else.
    static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
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
