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
    /// Web origins allowed to call the API from a browser (none by default).
    public var cors = CORSPolicy()
    /// When set, `/metrics` answers only `Authorization: Bearer <metricsKey>` (401
    /// otherwise); nil keeps it open to scrapers, like the probes.
    public var metricsKey: String?

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
        // Public: probes and scrapers need no key (openapi.yaml). The playground page is
        // static and holds nothing of any tenant; the layouts it asks for carry the key
        // typed into it.
        router.add("POST", "/v1/layout", immediate: layout.respondFromCache, layout.respond(to:tenant:))
        router.add("POST", "/layout", immediate: layout.respondFromCache, layout.respond(to:tenant:))
        router.add("GET", "/healthz", public: true, immediate: { _, _, _ in OperationalEndpoints.health() }) { _, _ in
            OperationalEndpoints.health()
        }
        router.add(
            "GET", "/readyz", public: true,
            immediate: { _, _, load in OperationalEndpoints.readiness(readiness.isReady, saturated: load.isSaturated) }
        ) { _, _ in OperationalEndpoints.readiness(readiness.isReady, saturated: false) }
        let metricsKey = configuration.metricsKey
        let scrape: @Sendable (HTTPRequest) -> HTTPResponse = { request in
            OperationalEndpoints.guarded(request, key: metricsKey) { OperationalEndpoints.metrics(metrics, runtime.statistics) }
        }
        router.add("GET", "/metrics", public: true, immediate: { request, _, _ in scrape(request) }) { request, _ in
            scrape(request)
        }
        router.add("GET", "/openapi.yaml", public: true, immediate: { _, _, _ in OperationalEndpoints.openAPI() }) { _, _ in
            OperationalEndpoints.openAPI()
        }
        router.add("GET", "/playground", public: true) { _, _ in PlaygroundEndpoint.page() }
        // Each tenant sees its own share; the shared measurement cache only on an open server.
        let openServer = configuration.apiKeys == nil
        let stats: @Sendable (String) -> HTTPResponse = { tenant in
            var figures = runtime.statistics(tenant: tenant)
            if openServer {
                let all = runtime.statistics
                (figures.measurementEntries, figures.measurementMaxBytes) = (all.measurementEntries, all.measurementMaxBytes)
                (figures.measurementHits, figures.measurementMisses) = (all.measurementHits, all.measurementMisses)
            }
            return OperationalEndpoints.stats(figures, measurements: openServer)
        }
        router.add("GET", "/v1/stats", immediate: { _, tenant, _ in stats(tenant) }) { _, tenant in stats(tenant) }
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
        self.cors = configuration.cors
    }

    private let apiKeys: APIKeys?
    private let cors: CORSPolicy

    /// The application for `HTTPServer`, on the worker pool: what `immediateHandler` left.
    /// CORS preflights, authentication, routing, and the request id on every answer
    /// (header, and member of problem documents).
    public var handler: HTTPHandler {
        { [router, metrics, apiKeys, cors] request in
            metrics.requestStarted()
            defer { metrics.requestFinished() }
            var request = request
            return Self.answer(&request, router: router, apiKeys: apiKeys, cors: cors, load: nil) ?? .problem(status: 500, detail: "the request got no answer")
        }
    }

    /// The application on the server's I/O path: health, readiness, metrics, OpenAPI,
    /// stats, cache hits and every refusal. nil sends the request to `handler`.
    public var immediateHandler: HTTPImmediateHandler {
        { [router, metrics, apiKeys, cors] request, load in
            metrics.requestStarted()
            defer { metrics.requestFinished() }
            return Self.answer(&request, router: router, apiKeys: apiKeys, cors: cors, load: load)
        }
    }

    /// One request's answer: on the I/O path (`load` given) nil when the route needs the
    /// worker pool; on the pool always an answer.
    private static func answer(
        _ request: inout HTTPRequest, router: Router, apiKeys: APIKeys?, cors: CORSPolicy, load: WorkerLoad?
    ) -> HTTPResponse? {
        var response: HTTPResponse
        if var preflight = cors.preflight(request) {
            preflight.annotations["route"] = router.resolve(request).label
            response = preflight
        } else {
            guard let routed = authenticateAndRoute(&request, router: router, apiKeys: apiKeys, load: load) else {
                return nil
            }
            response = routed
            cors.decorate(&response, origin: request.headers["Origin"])
        }
        let requestID = RequestID.accepting(request.headers[RequestID.headerName]) ?? RequestID.generate()
        response.headers.set(RequestID.headerName, requestID)
        response.annotations["request_id"] = requestID
        if response.headers["Content-Type"] == ProblemDocument.mediaType {
            response.body = RequestID.addingMember(requestID, toProblem: response.body)
        }
        return response
    }

    private static func authenticateAndRoute(
        _ request: inout HTTPRequest, router: Router, apiKeys: APIKeys?, load: WorkerLoad?
    ) -> HTTPResponse? {
        // The path is matched once; its route travels with the response to the log and
        // metrics. A non-public route (or an unknown path) needs a key before anything is
        // answered: without one a client learns nothing, not even which paths exist.
        let resolution = router.resolve(request)
        var tenant = "-"
        if let apiKeys, !resolution.isPublic {
            let authorization = request.headers["Authorization"]
            guard let known = apiKeys.tenant(forAuthorization: authorization) else {
                let challenge = authorization == nil ? #"Bearer realm="layoutd""# : #"Bearer realm="layoutd", error="invalid_token""#
                var refused = HTTPResponse.problem(
                    status: 401, detail: "missing or unknown API key", extraHeaders: ["WWW-Authenticate": challenge])
                refused.annotations["route"] = resolution.label
                return refused
            }
            tenant = known
        }
        var response: HTTPResponse
        if let load {
            guard let immediate = resolution.respondImmediately(to: &request, tenant: tenant, load: load) else { return nil }
            response = immediate
        } else {
            response = resolution.respond(to: request, tenant: tenant)
        }
        response.annotations["tenant"] = tenant
        response.annotations["route"] = resolution.label
        return response
    }

    /// Feeds metrics and writes one log line per request (never the body).
    public var events: ServerEvents {
        let metrics = self.metrics
        let logger = self.logger
        return ServerEvents(
            connectionOpened: { metrics.connectionOpened() },
            connectionClosed: { metrics.connectionClosed() },
            bytesReceived: { metrics.received($0) },
            bytesSent: { metrics.sent($0) },
            requestCompleted: { record in
                // Set by the handler; requests the HTTP layer refused before the handler
                // saw them (malformed, too large, server full) have no route.
                let route = record.annotations["route"] ?? "unmatched"
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
                // The HTTP layer answers protocol errors itself, before the application
                // sees a request: such lines get an id of their own, so every line has one.
                if metadata["request_id"] == nil { metadata["request_id"] = "\(RequestID.generate())" }
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
