import HTTPServer

/// Method-and-path dispatch with the answers RFC 9110 asks for: 404 for an unknown
/// path, 405 with `Allow` for a known path and the wrong method, HEAD served as GET.
/// The path is matched once per request: the `Resolution` says whether the route is
/// public and carries its metrics label to the response.
struct Router: Sendable {
    /// A handler gets the request and the tenant it was authenticated as.
    typealias Handler = @Sendable (HTTPRequest, String) -> HTTPResponse
    /// The route's answer on the server's I/O path, if it can give one without real work
    /// (nil: the request goes on to `Handler` on the worker pool).
    /// It may leave a `context` on the request for `Handler`.
    typealias ImmediateHandler = @Sendable (inout HTTPRequest, String, WorkerLoad) -> HTTPResponse?

    struct Route: Sendable {
        let method: String
        let path: String
        /// The path is a prefix (`/v1/sessions/` matches `/v1/sessions/{id}`).
        let isPrefix: Bool
        /// Anyone may call it without an API key (probes, scrapers, the contract).
        let isPublic: Bool
        let handle: Handler
        let immediate: ImmediateHandler?

        func matches(_ requestPath: String) -> Bool {
            isPrefix ? requestPath.hasPrefix(path) && requestPath.count > path.count : requestPath == path
        }

        /// The route label for metrics: the path, a prefix route's with `{id}`.
        var label: String { isPrefix ? path + "{id}" : path }
    }

    /// What a request's method and path resolved to.
    enum Resolution: Sendable {
        case route(Route)
        /// The path exists with other methods; `label` is its metrics label.
        case methodNotAllowed(allowed: [String], label: String, isPublic: Bool)
        case notFound

        /// No key needed: a public route, or the 405 of a path whose routes are all public.
        var isPublic: Bool {
            switch self {
            case .route(let route): route.isPublic
            case .methodNotAllowed(_, _, let isPublic): isPublic
            case .notFound: false
            }
        }

        /// The metrics label: a route's path, or `unmatched` for unknown paths, so that
        /// scanners cannot blow up label cardinality.
        var label: String {
            switch self {
            case .route(let route): route.label
            case .methodNotAllowed(_, let label, _): label
            case .notFound: "unmatched"
            }
        }

        func respond(to request: HTTPRequest, tenant: String) -> HTTPResponse {
            switch self {
            case .route(let route): route.handle(request, tenant)
            case .methodNotAllowed(let allowed, _, _): Self.methodNotAllowed(request, allowed: allowed)
            case .notFound: Self.notFound(request)
            }
        }

        /// The answer on the I/O path: a route's immediate answer, or the 404/405, or nil
        /// when the route needs the worker pool.
        func respondImmediately(to request: inout HTTPRequest, tenant: String, load: WorkerLoad) -> HTTPResponse? {
            switch self {
            case .route(let route): route.immediate?(&request, tenant, load)
            case .methodNotAllowed(let allowed, _, _): Self.methodNotAllowed(request, allowed: allowed)
            case .notFound: Self.notFound(request)
            }
        }

        private static func methodNotAllowed(_ request: HTTPRequest, allowed: [String]) -> HTTPResponse {
            .problem(
                status: 405, detail: "\(request.method) is not allowed on \(request.path)",
                extraHeaders: ["Allow": allowed.joined(separator: ", ")])
        }

        private static func notFound(_ request: HTTPRequest) -> HTTPResponse {
            .problem(status: 404, detail: "There is no resource at \(request.path).")
        }
    }

    private var routes: [Route] = []

    mutating func add(
        _ method: String, _ path: String, public isPublic: Bool = false, immediate: ImmediateHandler? = nil,
        _ handle: @escaping Handler
    ) {
        routes.append(
            Route(method: method, path: path, isPrefix: false, isPublic: isPublic, handle: handle, immediate: immediate))
    }

    mutating func add(_ method: String, prefix: String, public isPublic: Bool = false, _ handle: @escaping Handler) {
        routes.append(Route(method: method, path: prefix, isPrefix: true, isPublic: isPublic, handle: handle, immediate: nil))
    }

    func resolve(_ request: HTTPRequest) -> Resolution {
        let path = request.path
        let method = request.method == "HEAD" ? "GET" : request.method
        // The common case first, without building the candidate list.
        if let route = routes.first(where: { $0.method == method && $0.matches(path) }) { return .route(route) }
        let candidates = routes.filter { $0.matches(path) }
        guard let first = candidates.first else { return .notFound }
        var allowed = candidates.map(\.method)
        if allowed.contains("GET") { allowed.append("HEAD") }
        return .methodNotAllowed(allowed: allowed, label: first.label, isPublic: candidates.allSatisfy(\.isPublic))
    }
}
