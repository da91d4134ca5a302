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
        // Routes with an `immediate` answer are served on the I/O path, never waiting
        // behind layouts in the worker pool (a liveness probe must not time out under load).
        router.add("POST", "/v1/layout", immediate: layout.respondFromCache, layout.respond(to:tenant:))
        router.add("POST", "/layout", immediate: layout.respondFromCache, layout.respond(to:tenant:))
        router.add("GET", "/healthz", immediate: { _, _, _ in OperationalEndpoints.health() }) { _, _ in
            OperationalEndpoints.health()
        }
        router.add(
            "GET", "/readyz",
            immediate: { _, _, load in OperationalEndpoints.readiness(readiness.isReady, saturated: load.isSaturated) }
        ) { _, _ in OperationalEndpoints.readiness(readiness.isReady, saturated: false) }
        router.add("GET", "/metrics", immediate: { _, _, _ in OperationalEndpoints.metrics(metrics, runtime.statistics) }) {
            _, _ in OperationalEndpoints.metrics(metrics, runtime.statistics)
        }
        router.add("GET", "/openapi.yaml", immediate: { _, _, _ in OperationalEndpoints.openAPI() }) { _, _ in
            OperationalEndpoints.openAPI()
        }
        router.add("GET", "/v1/stats", immediate: { _, _, _ in OperationalEndpoints.stats(runtime.statistics) }) { _, _ in
            OperationalEndpoints.stats(runtime.statistics)
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

    /// The application for `HTTPServer`, on the worker pool: what `immediateHandler` left.
    public var handler: HTTPHandler {
        { [router, metrics, apiKeys] request in
            metrics.requestStarted()
            defer { metrics.requestFinished() }
            let tenant: String
            switch Self.authenticate(request, apiKeys) {
            case .success(let known): tenant = known
            case .failure(let refusal): return refusal.response
            }
            var response = router.respond(to: request, tenant: tenant)
            response.annotations["tenant"] = tenant
            return response
        }
    }

    /// The application on the server's I/O path: health, readiness, metrics, OpenAPI,
    /// stats, cache hits and every refusal. nil sends the request to `handler`.
    public var immediateHandler: HTTPImmediateHandler {
        { [router, metrics, apiKeys] request, load in
            let tenant: String
            switch Self.authenticate(request, apiKeys) {
            case .success(let known): tenant = known
            case .failure(let refusal): return refusal.response
            }
            metrics.requestStarted()
            defer { metrics.requestFinished() }
            guard var response = router.respondImmediately(to: request, tenant: tenant, load: load) else { return nil }
            response.annotations["tenant"] = tenant
            return response
        }
    }

    private struct Refusal: Error {
        let response: HTTPResponse
    }

    /// Authentication before routing: without a key, a client learns nothing, not even
    /// which paths exist. The tenant, or the 401 to answer.
    private static func authenticate(_ request: HTTPRequest, _ apiKeys: APIKeys?) -> Result<String, Refusal> {
        guard let apiKeys, !openPaths.contains(request.path) else { return .success("-") }
        let authorization = request.headers["Authorization"]
        guard let known = apiKeys.tenant(forAuthorization: authorization) else {
            let challenge = authorization == nil ? #"Bearer realm="layoutd""# : #"Bearer realm="layoutd", error="invalid_token""#
            return .failure(
                Refusal(
                    response: .problem(
                        status: 401, detail: "missing or unknown API key", extraHeaders: ["WWW-Authenticate": challenge])))
        }
        return .success(known)
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
                // The line's fields are built only when the line will be written.
                guard logger.logLevel <= .info else { return }
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
