import Testing

@testable import LayoutEngine

/// The flex style decoder's errors (API.md §3.2, §6) and flex mixed with SwiftUI nodes.
@Suite struct FlexTests {
    @Test(arguments: [
        (#"{"type":"flex","style":{"flexDirecton":"row"}}"#, "/root/style/flexDirecton", "unknown flex style property"),
        (#"{"type":"flex","style":{"justifyContent":"safe space-between"}}"#, "/root/style/justifyContent", "takes one of"),
        (#"{"type":"flex","style":{"alignItems":"anchor-center"}}"#, "/root/style/alignItems", "unknown value 'anchor-center'"),
        (#"{"type":"flex","style":{"flex":-1}}"#, "/root/style/flex", "must not be negative"),
        (#"{"type":"flex","style":{"flex":"initial"}}"#, "/root/style/flex", "flex must be a number"),
        (#"{"type":"flex","style":{"width":"wide"}}"#, "/root/style/width", "must be a number"),
        (#"{"type":"flex","style":{"flexGrow":-1}}"#, "/root/style/flexGrow", "must not be negative"),
        (#"{"type":"flex","style":{"padding":"auto"}}"#, "/root/style/padding", "must be a number or \"N%\""),
        (#"{"type":"flex","style":{"borderTopWidth":"10%"}}"#, "/root/style/borderTopWidth", "number of points"),
        (#"{"type":"flex","style":{"aspectRatio":0}}"#, "/root/style/aspectRatio", "greater than 0"),
        (#"{"type":"flex","style":{"alignItems":"auto"}}"#, "/root/style/alignItems", "unknown value 'auto'"),
        (#"{"type":"flex","style":[]}"#, "/root/style", "must be an object"),
        (
            #"{"type":"flex","children":[{"type":"text","text":"a","style":{"marginTop":true}}]}"#,
            "/root/children/0/style/marginTop", "must be a number"
        ),
    ])
    func invalidStyleIsRefusedAtItsPointer(root: String, pointer: String, message: String) throws {
        let p = try #require(problem(request(root)))
        #expect(p.status == 422)
        #expect(p.errors.first?.pointer == pointer, "\(p.errors)")
        #expect(p.detail.contains(message) || p.errors.contains { $0.detail.contains(message) }, "\(p.detail)")
    }

    @Test func styleWithoutAFlexParentIsRefused() throws {
        let p = try #require(
            problem(request(#"{"type":"vstack","children":[{"type":"rect","style":{"flexGrow":1}}]}"#)))
        #expect(p.status == 422)
        #expect(p.errors.first?.pointer == "/root/children/0/style")
    }

    @Test func anyNodeIsAFlexItemMeasuredByItsOwnRules() throws {
        let frames = try frames(
            request(
                #"{"type":"flex","id":"f","style":{"width":200,"height":50},"children":[{"type":"view","id":"v","size":{"width":30,"height":20}},{"type":"rect","id":"r","style":{"flexGrow":1}}]}"#,
                width: "500", height: "500", extra: #","alignment":"topLeading""#))
        expectFrame(frames["f"], rect(0, 0, 200, 50))
        expectFrame(frames["v"], rect(0, 0, 30, 50))
        expectFrame(frames["r"], rect(30, 0, 170, 50))
    }

    @Test func flexInAStackFillsTheWidthAndFitsItsHeight() throws {
        let frames = try frames(
            request(
                #"{"type":"vstack","spacing":0,"children":[{"type":"flex","id":"f","children":[{"type":"flex","id":"a","style":{"width":10,"height":30}}]}]}"#,
                width: "300", height: "400"))
        #expect(frames["f"]?.width == 300)
        #expect(frames["f"]?.height == 30)
    }

    @Test func explicitLtrInsideAnRtlRequestStaysLtr() throws {
        let body = request(
            #"{"type":"flex","id":"f","style":{"direction":"ltr","width":100,"height":10},"children":[{"type":"flex","id":"a","style":{"width":10}}]}"#,
            width: "500", height: "500",
            extra: #","alignment":"topLeading","environment":{"layoutDirection":"rtl"}"#)
        let frames = try frames(body)
        expectFrame(frames["f"], rect(400, 0, 100, 10))
        expectFrame(frames["a"], rect(400, 0, 10, 10))
    }

    @Test func displayNoneGetsNoFrame() throws {
        let frames = try frames(
            request(
                #"{"type":"flex","id":"f","children":[{"type":"flex","id":"gone","style":{"display":"none"},"children":[{"type":"text","id":"inner","text":"x"}]}]}"#))
        #expect(frames["gone"] == nil)
        #expect(frames["inner"] == nil)
        #expect(frames["f"] != nil)
    }
}

extension FlexTests {
    /// A deep chain of flex containers lays out. The flex recursion takes about 7 KB of
    /// stack per level in release builds (so the decoder's 512 levels need about 4 MB,
    /// within the 8 MB of a default thread) but about 20 KB in debug builds, where the
    /// tests run: hence 200 levels here.
    @Test func deepFlexChainLaysOut() throws {
        let depth = 200
        var json = #"{"type":"flex","style":{"width":10,"height":10}}"#
        for _ in 1..<depth { json = #"{"type":"flex","style":{"flexGrow":1},"children":["# + json + "]}" }
        let frames = try frames(request(json, width: "500", height: "null", extra: #","alignment":"topLeading""#))
        #expect(frames.count == depth)
        #expect(frames["root"]?.height == 10)
    }
}

extension FlexTests {
    /// SwiftUI modifiers on a flex item apply: its frame is its content frame inside
    /// them, and a background gets a frame.
    @Test func modifiersOnAFlexItemApply() throws {
        let frames = try frames(
            request(
                #"{"type":"flex","id":"f","style":{"width":200,"height":50,"alignItems":"flex-start"},"children":[{"type":"view","id":"v","size":{"width":30,"height":20},"modifiers":[{"padding":5},{"background":{"content":{"type":"rect","id":"bg"}}}]}]}"#,
                width: "500", height: "500", extra: #","alignment":"topLeading""#))
        expectFrame(frames["v"], rect(5, 5, 30, 20))
        expectFrame(frames["bg"], rect(0, 0, 40, 30))
    }
}
