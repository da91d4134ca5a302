import HTTPServer
import LayoutEngine
import Logging
import Synchronization

/// What the service needs beyond the HTTP server's own configuration.
public struct LayoutServiceConfiguration: Sendable {
    /// Limits, cache and session bounds of the engine.
    public var runtime = RuntimeConfiguration()
    public var decodeLimits: DecodeLimits {
        get { runtime.limits }
        set { runtime.limits = newValue }
    }
    /// nil: the service is open to anyone (and says so in the log at start).
    public var apiKeys: APIKeys?

    public init() {}
}

/// The glue: routes of API.md §1 and §7 on top of `HTTPServer`, metrics and request logs.
public final class LayoutService: Sendable {
    public let metrics: ServiceMetrics
    /// The engine with its caches and sessions, shared by every request.
    public let runtime: LayoutRuntime
    private let router: Router
    private let logger: Logger
    private let readiness = Readiness()

    public init(configuration: LayoutServiceConfiguration = LayoutServiceConfiguration(), logger: Logger) {
        let metrics = ServiceMetrics()
        self.metrics = metrics
        self.logger = logger
        let runtime = LayoutRuntime(configuration: configuration.runtime)
        self.runtime = runtime
        let layout = LayoutEndpoint(runtime: runtime, metrics: metrics)
        let readiness = self.readiness
        var router = Router()
        router.add("POST", "/v1/layout", layout.respond(to:tenant:))
        router.add("POST", "/layout", layout.respond(to:tenant:))
        router.add("GET", "/healthz") { _, _ in OperationalEndpoints.health() }
        router.add("GET", "/readyz") { _, _ in OperationalEndpoints.readiness(readiness.isReady) }
        router.add("GET", "/metrics") { _, _ in OperationalEndpoints.metrics(metrics, runtime.statistics) }
        router.add("GET", "/openapi.yaml") { _, _ in OperationalEndpoints.openAPI() }
        router.add("GET", "/v1/stats") { _, _ in OperationalEndpoints.stats(runtime.statistics) }
        router.add("GET", "/v1/fonts") { _, _ in
            HTTPResponse(
                status: 200, headers: ["Content-Type": "application/json"],
                body: FontsDocument.encode(runtime.configuration.textMeasurer))
        }
        router.add("DELETE", prefix: "/v1/sessions/") { request, tenant in
            OperationalEndpoints.deleteSession(request, tenant: tenant, runtime: runtime)
        }
        self.router = router
        self.apiKeys = configuration.apiKeys
    }

    private let apiKeys: APIKeys?

    /// Routes anyone may call, so probes and scrapers need no key (openapi.yaml).
    static let openPaths: Set<String> = ["/healthz", "/readyz", "/metrics", "/openapi.yaml"]

    /// The application for `HTTPServer`.
    public var handler: HTTPHandler {
        { [router, metrics, apiKeys] request in
            metrics.requestStarted()
            defer { metrics.requestFinished() }
            // Authentication before routing: without a key, a client learns nothing,
            // not even which paths exist.
            var tenant = "-"
            if let apiKeys, !Self.openPaths.contains(request.path) {
                let authorization = request.headers["Authorization"]
                guard let known = apiKeys.tenant(forAuthorization: authorization) else {
                    let challenge = authorization == nil ? #"Bearer realm="layoutd""# : #"Bearer realm="layoutd", error="invalid_token""#
                    return .problem(
                        status: 401, detail: "missing or unknown API key", extraHeaders: ["WWW-Authenticate": challenge])
                }
                tenant = known
            }
            var response = router.respond(to: request, tenant: tenant)
            response.annotations["tenant"] = tenant
            return response
        }
    }

    /// Feeds metrics and writes one log line per request (never the body).
    public var events: ServerEvents {
        let metrics = self.metrics
        let router = self.router
        let logger = self.logger
        return ServerEvents(
            connectionOpened: { metrics.connectionOpened() },
            connectionClosed: { metrics.connectionClosed() },
            bytesReceived: { metrics.received($0) },
            bytesSent: { metrics.sent($0) },
            requestCompleted: { record in
                let route = router.label(for: record.path)
                metrics.requestCompleted(route: route, status: record.status, duration: record.duration)
                var metadata: Logger.Metadata = [
                    "method": "\(record.method)", "path": "\(record.path)", "status": "\(record.status)",
                    "request_bytes": "\(record.requestBodyBytes)", "response_bytes": "\(record.responseBytes)",
                    "duration_ms": "\(LayoutEndpoint.milliseconds(Double(record.duration.totalNanoseconds) / 1000))",
                    "remote": "\(record.remoteAddress)",
                ]
                if let error = record.error { metadata["error"] = "\(error.problemSlug)" }
                for (key, value) in record.annotations { metadata[key] = "\(value)" }
                logger.info("request", metadata: metadata)
            })
    }

    /// `/readyz` answers 503 from now on (call when shutdown begins).
    public func markNotReady() {
        readiness.isReady = false
    }
}

/// Shared, thread-safe readiness flag (an `Atomic` cannot be captured by copy).
final class Readiness: Sendable {
    private let flag = Atomic<Bool>(true)

    var isReady: Bool {
        get { flag.load(ordering: .acquiring) }
        set { flag.store(newValue, ordering: .releasing) }
    }
}
