import HTTPServer
import LayoutEngine

/// `POST /v1/layout` (and its alias `/layout`): check the media type, run the engine,
/// and report its phases in `Server-Timing`. Authentication happened in the service.
struct LayoutEndpoint: Sendable {
    let pipeline: LayoutPipeline
    let metrics: ServiceMetrics

    func respond(to request: HTTPRequest) -> HTTPResponse {
        guard Self.isJSON(request.headers["Content-Type"]) else {
            return .problem(status: 415, detail: "Content-Type must be application/json")
        }
        return respond(to: request.body)
    }

    private func respond(to body: [UInt8]) -> HTTPResponse {
        let started = ContinuousClock.now
        switch pipeline.run(body) {
        case .success(let layout):
            let totalMicros = Double((ContinuousClock.now - started).totalNanoseconds) / 1000
            metrics.layoutPhase("parse", micros: layout.metrics.parseMicros)
            metrics.layoutPhase("layout", micros: layout.metrics.layoutMicros)
            metrics.layoutPhase("encode", micros: layout.metrics.encodeMicros)
            // Every phase of the contract is listed; those the engine does not run yet
            // (hash, diff) report dur=0, as openapi.yaml specifies for phases skipped.
            let timing = [
                ("parse", layout.metrics.parseMicros), ("hash", 0), ("layout", layout.metrics.layoutMicros),
                ("diff", 0), ("encode", layout.metrics.encodeMicros), ("total", totalMicros),
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
