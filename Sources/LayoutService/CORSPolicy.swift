import HTTPServer

/// Which web origins may call the API from a browser (`--cors-origin`). Empty (the
/// default): none; the server sends no CORS headers and browsers keep pages on other
/// origins from reading its answers. Server-to-server clients never need CORS.
public struct CORSPolicy: Sendable, Equatable {
    /// Exact origins (`https://app.example.com`), or `*` for any.
    public var origins: [String]

    public init(origins: [String] = []) {
        self.origins = origins
    }

    /// The origins of a `--cors-origin` value: comma-separated, spaces ignored.
    public init(parsing text: String) {
        origins = text.split(separator: ",").map { String($0.filter { $0 != " " }) }.filter { !$0.isEmpty }
    }

    public var isEnabled: Bool { !origins.isEmpty }

    static let allowedMethods = "GET, HEAD, POST, DELETE"
    static let allowedHeaders = "Authorization, Content-Type, Layout-Session, X-Request-Id"
    /// Response headers a page's script may read beyond the CORS-safelisted ones.
    static let exposedHeaders = "X-Request-Id, X-Layout-Cache, Server-Timing, Retry-After, WWW-Authenticate"
    /// How long a browser may reuse a preflight answer, seconds.
    static let maxAge = "600"

    /// The `Access-Control-Allow-Origin` value for a request's `Origin`, or nil when that
    /// origin is not allowed.
    func allowedOrigin(_ origin: String?) -> String? {
        guard let origin, isEnabled else { return nil }
        if origins.contains("*") { return "*" }
        return origins.contains(origin) ? origin : nil
    }

    /// A CORS preflight (Fetch standard §3.2.2): `OPTIONS` with `Origin` and
    /// `Access-Control-Request-Method`. Answered here, before authentication, since
    /// browsers never send credentials on a preflight. nil: not a preflight this policy
    /// answers (it then goes to the router, which answers `405` for `OPTIONS`).
    func preflight(_ request: HTTPRequest) -> HTTPResponse? {
        guard request.method == "OPTIONS", request.headers["Access-Control-Request-Method"] != nil,
            let allowed = allowedOrigin(request.headers["Origin"])
        else { return nil }
        return HTTPResponse(
            status: 204,
            headers: [
                "Access-Control-Allow-Origin": allowed, "Access-Control-Allow-Methods": Self.allowedMethods,
                "Access-Control-Allow-Headers": Self.allowedHeaders, "Access-Control-Max-Age": Self.maxAge,
                "Vary": "Origin, Access-Control-Request-Method, Access-Control-Request-Headers",
            ])
    }

    /// The headers an actual (non-preflight) response gets for an allowed origin.
    func decorate(_ response: inout HTTPResponse, origin: String?) {
        guard isEnabled else { return }
        // Whether the answer depends on Origin must be visible to caches either way.
        response.headers.set("Vary", "Origin")
        guard let allowed = allowedOrigin(origin) else { return }
        response.headers.set("Access-Control-Allow-Origin", allowed)
        response.headers.set("Access-Control-Expose-Headers", Self.exposedHeaders)
    }
}
