import HTTPServer

/// Method-and-path dispatch with the answers RFC 9110 asks for: 404 for an unknown
/// path, 405 with `Allow` for a known path and the wrong method, HEAD served as GET.
struct Router: Sendable {
    /// A handler gets the request and the tenant it was authenticated as.
    typealias Handler = @Sendable (HTTPRequest, String) -> HTTPResponse
    /// The route's answer on the server's I/O path, if it can give one without real work
    /// (nil: the request goes on to `Handler` on the worker pool).
    typealias ImmediateHandler = @Sendable (HTTPRequest, String, WorkerLoad) -> HTTPResponse?

    struct Route: Sendable {
        let method: String
        let path: String
        /// The path is a prefix (`/v1/sessions/` matches `/v1/sessions/{id}`).
        let isPrefix: Bool
        let handle: Handler
        let immediate: ImmediateHandler?

        func matches(_ requestPath: String) -> Bool {
            isPrefix ? requestPath.hasPrefix(path) && requestPath.count > path.count : requestPath == path
        }
    }

    private var routes: [Route] = []

    mutating func add(
        _ method: String, _ path: String, immediate: ImmediateHandler? = nil, _ handle: @escaping Handler
    ) {
        routes.append(Route(method: method, path: path, isPrefix: false, handle: handle, immediate: immediate))
    }

    mutating func add(_ method: String, prefix: String, _ handle: @escaping Handler) {
        routes.append(Route(method: method, path: prefix, isPrefix: true, handle: handle, immediate: nil))
    }

    /// The route label for metrics: the route's path (a prefix route's with `{id}`) when it
    /// is a route, else `unmatched`, so scanners cannot blow up label cardinality.
    func label(for path: String) -> String {
        guard let route = routes.first(where: { $0.matches(path) }) else { return "unmatched" }
        return route.isPrefix ? route.path + "{id}" : route.path
    }

    func respond(to request: HTTPRequest, tenant: String) -> HTTPResponse {
        switch match(request) {
        case .route(let route): route.handle(request, tenant)
        case .answer(let response): response
        }
    }

    /// The answer on the I/O path: a route's immediate answer, or a 404/405, or nil when
    /// the route needs the worker pool.
    func respondImmediately(to request: HTTPRequest, tenant: String, load: WorkerLoad) -> HTTPResponse? {
        switch match(request) {
        case .route(let route): route.immediate?(request, tenant, load)
        case .answer(let response): response
        }
    }

    private enum Match {
        case route(Route)
        /// No route takes the request: 404 or 405.
        case answer(HTTPResponse)
    }

    private func match(_ request: HTTPRequest) -> Match {
        let path = request.path
        let method = request.method == "HEAD" ? "GET" : request.method
        // The common case first, without building the candidate list.
        if let route = routes.first(where: { $0.method == method && $0.matches(path) }) { return .route(route) }
        let candidates = routes.filter { $0.matches(path) }
        guard !candidates.isEmpty else {
            return .answer(.problem(status: 404, detail: "There is no resource at \(path)."))
        }
        var allowed = candidates.map(\.method)
        if allowed.contains("GET") { allowed.append("HEAD") }
        return .answer(
            .problem(
                status: 405, detail: "\(request.method) is not allowed on \(path)",
                extraHeaders: ["Allow": allowed.joined(separator: ", ")]))
    }
}
