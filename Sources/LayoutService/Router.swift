import HTTPServer

/// Method-and-path dispatch with the answers RFC 9110 asks for: 404 for an unknown
/// path, 405 with `Allow` for a known path and the wrong method, HEAD served as GET.
struct Router: Sendable {
    /// A handler gets the request and the tenant it was authenticated as.
    typealias Handler = @Sendable (HTTPRequest, String) -> HTTPResponse

    struct Route: Sendable {
        let method: String
        let path: String
        /// The path is a prefix (`/v1/sessions/` matches `/v1/sessions/{id}`).
        let isPrefix: Bool
        let handle: Handler

        func matches(_ requestPath: String) -> Bool {
            isPrefix ? requestPath.hasPrefix(path) && requestPath.count > path.count : requestPath == path
        }
    }

    private var routes: [Route] = []

    mutating func add(_ method: String, _ path: String, _ handle: @escaping Handler) {
        routes.append(Route(method: method, path: path, isPrefix: false, handle: handle))
    }

    mutating func add(_ method: String, prefix: String, _ handle: @escaping Handler) {
        routes.append(Route(method: method, path: prefix, isPrefix: true, handle: handle))
    }

    /// The route label for metrics: the route's path (a prefix route's with `{id}`) when it
    /// is a route, else `unmatched`, so scanners cannot blow up label cardinality.
    func label(for path: String) -> String {
        guard let route = routes.first(where: { $0.matches(path) }) else { return "unmatched" }
        return route.isPrefix ? route.path + "{id}" : route.path
    }

    func respond(to request: HTTPRequest, tenant: String) -> HTTPResponse {
        let path = request.path
        let candidates = routes.filter { $0.matches(path) }
        guard !candidates.isEmpty else {
            return .problem(status: 404, detail: "There is no resource at \(path).")
        }
        let method = request.method == "HEAD" ? "GET" : request.method
        if let route = candidates.first(where: { $0.method == method }) {
            return route.handle(request, tenant)
        }
        var allowed = candidates.map(\.method)
        if allowed.contains("GET") { allowed.append("HEAD") }
        return .problem(
            status: 405, detail: "\(request.method) is not allowed on \(path)",
            extraHeaders: ["Allow": allowed.joined(separator: ", ")])
    }
}
