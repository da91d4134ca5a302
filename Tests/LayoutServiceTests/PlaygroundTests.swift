import HTTPServer
import Testing
@testable import LayoutService

/// `GET /playground` (openapi.yaml): open, self-contained. Its behaviour in a browser is
/// tested in headless Chromium by Tests/playground/test_playground.py (.ci/render.sh).
struct PlaygroundTests {
    @Test func servesOneSelfContainedPageWithoutAKey() throws {
        let keys = try APIKeys(parsing: "key-a tenant-a\n")
        let service = makeService { $0.apiKeys = keys }
        let response = service.handler(makeRequest("GET", "/playground"))
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == "text/html; charset=utf-8")
        #expect(response.headers["Content-Security-Policy"]?.contains("default-src 'none'") == true)
        let page = String(decoding: response.body, as: UTF8.self)
        #expect(page.hasPrefix("<!doctype html>"))
        // Nothing fetched from elsewhere: no script or style sources, no URLs but this server's.
        #expect(!page.contains("<script src"))
        #expect(!page.contains("<link"))
        #expect(!page.contains("http://") && !page.contains("https://"))
        #expect(page.contains("/v1/layout?format=svg"))
        // The layouts it asks for still need the key.
        let layout = service.handler(makeRequest("POST", "/v1/layout", headers: ["Content-Type": "application/json"], body: "{}"))
        #expect(layout.status == 401)
    }
}
