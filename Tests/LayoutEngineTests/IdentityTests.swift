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
