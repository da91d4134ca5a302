import HTTPServer

/// `GET /playground`: one self-contained page (Playground/playground.html) that edits a
/// request and shows its SVG, timing, diff and problems. Open like `/openapi.yaml`.
enum PlaygroundEndpoint {
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; connect-src 'self'"

    static func page() -> HTTPResponse {
        HTTPResponse(
            status: 200,
            headers: [
                "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-cache",
                // Nothing but the page itself and requests to this server.
                "Content-Security-Policy": contentSecurityPolicy, "X-Content-Type-Options": "nosniff",
            ],
            body: PackageResources.playground_html)
    }
}
