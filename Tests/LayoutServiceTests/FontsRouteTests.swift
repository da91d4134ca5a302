import Foundation
import HTTPServer
import LayoutEngine
import Testing
import TextShaping

@testable import LayoutService

/// `GET /v1/fonts` and layout in real fonts through the service.
struct FontsRouteTests {
    @Test func fontsListsFamiliesStylesAndWeights() throws {
        let library = try FontLibrary()
        let service = makeService { $0.runtime.textMeasurer = library }
        let response = service.handler(makeRequest("GET", "/v1/fonts"))
        #expect(response.status == 200)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        #expect(document["default"] as? String == "DejaVu Sans")
        let families = try #require(document["families"] as? [[String: Any]])
        let dejaVu = try #require(families.first { $0["name"] as? String == "DejaVu Sans" })
        let faces = try #require(dejaVu["faces"] as? [[String: Any]])
        #expect(faces.contains { $0["style"] as? String == "Bold" && $0["weight"] as? Int == 700 && $0["italic"] as? Bool == false })
        #expect(families.contains { $0["name"] as? String == "Ahem" })
    }

    @Test func layoutMeasuresARealFont() throws {
        // DejaVu Sans "HH" at 20: 2 × 1540/2048 × 20 = 30.078125 wide (hmtx), 23.28125 tall (hhea).
        let library = try FontLibrary()
        let service = makeService { $0.runtime.textMeasurer = library }
        let body = #"{"bounds":{"width":390,"height":844},"alignment":"topLeading","root":{"type":"text","id":"t","text":"HH","font":{"family":"DejaVu Sans","size":20}}}"#
        let response = service.handler(makeRequest("POST", "/v1/layout", headers: ["Content-Type": "application/json"], body: body))
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self).contains(#""t":{"x":0,"y":0,"width":30.078125"#))
    }
}
