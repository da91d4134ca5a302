import HTTPServer
import LayoutEngine

/// `POST /v1/layout` (and its alias `/layout`): authenticate, check the media type, run
/// the engine, and report its phases in `Server-Timing`.
struct LayoutEndpoint: Sendable {
    let pipeline: LayoutPipeline
    let apiKeys: APIKeys?
    let metrics: ServiceMetrics

    func respond(to request: HTTPRequest) -> HTTPResponse {
        // Authentication first: an anonymous client learns nothing about the request's shape.
        var tenant = "-"
        if let apiKeys {
            guard let known = apiKeys.tenant(forAuthorization: request.headers["Authorization"]) else {
                return .problem(
                    status: 401, detail: "Send `Authorization: Bearer <key>` with a valid API key.",
                    extraHeaders: ["WWW-Authenticate": #"Bearer realm="layoutd""#])
            }
            tenant = known
        }
        guard Self.isJSON(request.headers["Content-Type"]) else {
            return .problem(status: 415, detail: "The request body must be application/json.")
        }
        var response = respond(to: request.body)
        response.annotations["tenant"] = tenant
        return response
    }

    private func respond(to body: [UInt8]) -> HTTPResponse {
        let started = ContinuousClock.now
        switch pipeline.run(body) {
        case .success(let layout):
            let totalMicros = Double((ContinuousClock.now - started).totalNanoseconds) / 1000
            metrics.layoutPhase("parse", micros: layout.metrics.parseMicros)
            metrics.layoutPhase("layout", micros: layout.metrics.layoutMicros)
            metrics.layoutPhase("encode", micros: layout.metrics.encodeMicros)
            let timing = [
                ("parse", layout.metrics.parseMicros), ("layout", layout.metrics.layoutMicros),
                ("encode", layout.metrics.encodeMicros), ("total", totalMicros),
            ].map { "\($0.0);dur=\(Self.milliseconds($0.1))" }.joined(separator: ", ")
            var response = HTTPResponse(
                status: 200,
                headers: ["Content-Type": "application/json", "Server-Timing": timing, "X-Layout-Cache": "miss"],
                body: layout.body)
            response.annotations["cache"] = "miss"
            return response
        case .failure(let problem):
            let totalMicros = Double((ContinuousClock.now - started).totalNanoseconds) / 1000
            return HTTPResponse(
                status: problem.status,
                headers: ["Content-Type": ProblemDocument.mediaType, "Server-Timing": "total;dur=\(Self.milliseconds(totalMicros))"],
                body: problem.encoded())
        }
    }

    /// `application/json` or any `+json` type, parameters (charset) allowed.
    static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let mediaType = contentType.split(separator: ";", maxSplits: 1).first.map {
            $0.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined().lowercased()
        } ?? ""
        return mediaType == "application/json" || (mediaType.hasPrefix("application/") && mediaType.hasSuffix("+json"))
    }

    /// Milliseconds with three decimals, without Foundation's formatter.
    static func milliseconds(_ micros: Double) -> String {
        let thousandths = Int((max(0, micros)).rounded())
        let fraction = String(thousandths % 1000)
        return "\(thousandths / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
