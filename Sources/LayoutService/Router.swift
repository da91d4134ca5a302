import HTTPServer

/// Method-and-path dispatch with the answers RFC 9110 asks for: 404 for an unknown
/// path, 405 with `Allow` for a known path and the wrong method, HEAD served as GET.
struct Router: Sendable {
    struct Route: Sendable {
        let method: String
        let path: String
        let handle: @Sendable (HTTPRequest) -> HTTPResponse
    }

    private var routes: [Route] = []

    mutating func add(_ method: String, _ path: String, _ handle: @escaping @Sendable (HTTPRequest) -> HTTPResponse) {
        routes.append(Route(method: method, path: path, handle: handle))
    }

    /// The route label for metrics: the path when it is a route, else `unmatched`, so
    /// scanners cannot blow up label cardinality.
    func label(for path: String) -> String {
        routes.contains { $0.path == path } ? path : "unmatched"
    }

    func respond(to request: HTTPRequest) -> HTTPResponse {
        let path = request.path
        let candidates = routes.filter { $0.path == path }
        guard !candidates.isEmpty else {
            return .problem(status: 404, detail: "There is no resource at \(path).")
        }
        let method = request.method == "HEAD" ? "GET" : request.method
        if let route = candidates.first(where: { $0.method == method }) {
            return route.handle(request)
        }
        var allowed = candidates.map(\.method)
        if allowed.contains("GET") { allowed.append("HEAD") }
        return .problem(
            status: 405, detail: "\(request.method) is not allowed on \(path)",
            extraHeaders: ["Allow": allowed.joined(separator: ", ")])
    }
}
