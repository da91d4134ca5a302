import HTTPServer

/// The small routes of API.md §7 that operators and load balancers use.
enum OperationalEndpoints {
    /// The process is alive and answering.
    static func health() -> HTTPResponse {
        HTTPResponse(status: 200, contentType: "application/json", body: #"{"status":"ok"}"#)
    }

    /// Accepting work; 503 once shutdown has begun so balancers drain the instance.
    static func readiness(_ ready: Bool) -> HTTPResponse {
        guard ready else {
            return .problem(status: 503, detail: "The service is shutting down.", extraHeaders: ["Retry-After": "1"])
        }
        return HTTPResponse(status: 200, contentType: "application/json", body: #"{"status":"ready"}"#)
    }

    static func metrics(_ metrics: ServiceMetrics) -> HTTPResponse {
        HTTPResponse(
            status: 200, headers: ["Content-Type": "text/plain; version=0.0.4; charset=utf-8"], body: metrics.render())
    }

    static func openAPI() -> HTTPResponse {
        HTTPResponse(status: 200, headers: ["Content-Type": "application/yaml"], body: Array(OpenAPIDocument.yaml.utf8))
    }
}
