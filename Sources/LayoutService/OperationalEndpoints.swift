import HTTPServer

/// The small routes of API.md §7 that operators and load balancers use.
enum OperationalEndpoints {
    /// The process is alive and answering.
    static func health() -> HTTPResponse {
        HTTPResponse(status: 200, contentType: "text/plain; charset=utf-8", body: "ok\n")
    }

    /// Accepting work; 503 once shutdown has begun so balancers drain the instance.
    static func readiness(_ ready: Bool) -> HTTPResponse {
        guard ready else {
            return .problem(
                status: 503, type: ProblemDocument.typePrefix + "overloaded", title: "Service unavailable",
                detail: "the server is draining", extraHeaders: ["Retry-After": "1"])
        }
        // A full worker pool answers 503 before this runs, so "ready" also means "has room".
        return HTTPResponse(status: 200, contentType: "text/plain; charset=utf-8", body: "ok\n")
    }

    static func metrics(_ metrics: ServiceMetrics) -> HTTPResponse {
        HTTPResponse(
            status: 200, headers: ["Content-Type": "text/plain; version=0.0.4; charset=utf-8"], body: metrics.render())
    }

    static func openAPI() -> HTTPResponse {
        HTTPResponse(status: 200, headers: ["Content-Type": "application/yaml"], body: Array(OpenAPIDocument.yaml.utf8))
    }
}
