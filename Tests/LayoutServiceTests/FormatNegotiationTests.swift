import HTTPServer
import Testing
@testable import LayoutService

/// `POST /v1/layout` answers SVG or the hierarchy dump on request (openapi.yaml).
struct FormatNegotiationTests {
    /// A 100×50 view centred in 390×844: (145, 397).
    static let tree = #"{"bounds":{"width":390,"height":844},"root":{"type":"view","id":"a","size":{"width":100,"height":50}}}"#

    func post(_ target: String, accept: String? = nil) -> HTTPResponse {
        var headers: HTTPHeaders = ["Content-Type": "application/json"]
        if let accept { headers.add("Accept", accept) }
        return makeService().handler(makeRequest("POST", target, headers: headers, body: Self.tree))
    }

    @Test(arguments: [("/v1/layout?format=svg", nil), ("/v1/layout", "image/svg+xml"), ("/v1/layout", "text/html, image/*;q=0.9")])
    func svgByQueryOrAccept(_ target: String, _ accept: String?) {
        let response = post(target, accept: accept)
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == "image/svg+xml")
        #expect(response.headers["Vary"] == "Accept")
        #expect(response.headers["Server-Timing"]?.hasPrefix("parse;dur=") == true)
        let body = String(decoding: response.body, as: UTF8.self)
        #expect(body.hasPrefix("<?xml"))
        #expect(body.contains(#"<rect x="145" y="397" width="100" height="50"/>"#))
    }

    @Test(arguments: [("/v1/layout?format=tree", nil), ("/v1/layout", "text/plain"), ("/v1/layout", "application/json;q=0.5, text/plain")])
    func treeByQueryOrAccept(_ target: String, _ accept: String?) {
        let response = post(target, accept: accept)
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == "text/plain; charset=utf-8")
        #expect(String(decoding: response.body, as: UTF8.self) == "view \"a\" (145, 397, 100×50) size=100×50\n")
    }

    @Test(arguments: [nil, "*/*", "application/json", "text/html", "image/svg+xml;q=0, */*"])
    func jsonOtherwise(_ accept: String?) {
        let response = post("/v1/layout", accept: accept)
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == "application/json")
    }

    @Test func queryWinsOverAccept() {
        #expect(post("/v1/layout?format=json", accept: "image/svg+xml").headers["Content-Type"] == "application/json")
    }

    @Test func unknownFormatIs400() {
        let response = post("/v1/layout?format=png")
        #expect(response.status == 400)
        #expect(String(decoding: response.body, as: UTF8.self).contains("unknown format 'png'"))
    }

    /// `guides` is a boolean parameter (openapi.yaml: true, false, 1, 0); anything else is
    /// a 400, like an unknown format, rather than silently "no guides".
    @Test func unknownGuidesIs400() {
        let response = post("/v1/layout?format=svg&guides=yes")
        #expect(response.status == 400)
        #expect(String(decoding: response.body, as: UTF8.self).contains("unknown guides 'yes'"))
    }

    @Test func guidesOnRequest() {
        let body = String(decoding: post("/v1/layout?format=svg&guides=true").body, as: UTF8.self)
        #expect(!body.contains("class=\"guide\""))  // a lone view is no stack: nothing to guide
        #expect(body.contains("class=\"node leaf view\""))
    }

    @Test func problemsStayJSON() {
        var headers: HTTPHeaders = ["Content-Type": "application/json"]
        headers.add("Accept", "image/svg+xml")
        let response = makeService().handler(makeRequest("POST", "/v1/layout", headers: headers, body: "{}"))
        #expect(response.status == 422)
        #expect(response.headers["Content-Type"] == "application/problem+json")
    }
}
