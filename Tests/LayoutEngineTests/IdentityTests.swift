import Testing

@testable import LayoutEngine

/// API.md §4: ids given, derived from the parent and index, or made by containers.
@Suite struct IdentityTests {
    @Test func everyNodeGetsOneFrameUnderItsId() throws {
        let f = try frames(
            request(
                #"""
                {"type":"vstack","children":[
                  {"type":"hstack","children":[{"type":"rect"},{"type":"rect","id":"named"}]},
                  {"type":"view","size":{"width":1,"height":1},"modifiers":[{"background":{"content":{"type":"rect"}}},{"overlay":{"content":{"type":"rect","id":"mine"}}},{"background":{"content":{"type":"rect"}}}]},
                  {"type":"zstack","id":"z","children":[{"type":"rect"}]}]}
                """#))
        let expected: Set<String> = [
            "root", "root/0", "root/0/0", "named", "root/1", "root/1/background", "mine", "root/1/background2", "z",
            "z/0",
        ]
        #expect(Set(f.keys) == expected)
    }
}

/// Numbers in responses: shortest text that reads back to the same Double.
@Suite struct NumberFormattingTests {
    @Test(arguments: [
        (0.5, "0.5"), (-1.25, "-1.25"), (33.5, "33.5"), (0.0625, "0.0625"), (100.0, "100"), (-0.0, "0"),
        (0.1, "0.1"), (1e-5, "1e-05"), (33.333333333333336, "33.333333333333336"), (1234.5678, "1234.5678"),
        (0.007, "0.007"), (-0.03, "-0.03"),
    ])
    func shortestRoundTrip(value: Double, text: String) {
        var writer = JSONWriter()
        writer.number(value)
        let written = String(decoding: writer.bytes, as: UTF8.self)
        #expect(written == text)
        #expect(Double(written) == value)
    }
}
