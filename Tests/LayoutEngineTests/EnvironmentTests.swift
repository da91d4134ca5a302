import Testing

@testable import LayoutEngine

/// Layout direction, pixel rounding, safe area, root alignment and output coordinates.
@Suite struct EnvironmentTests {
    @Test func rightToLeftMirrorsStacksAndAlignment() throws {
        // HStack(spacing 0) { a 10×10, b 20×10 } aligned leading in 100×10. LTR: a at 0, b at 10.
        // RTL: leading is the right edge and the stack runs right to left: a at 90, b at 70.
        let base = #"{"type":"hstack","spacing":0,"children":[{"type":"view","id":"a","size":{"width":10,"height":10}},{"type":"view","id":"b","size":{"width":20,"height":10}}]}"#
        let ltr = try frames(request(base, width: "100", height: "10", extra: #","alignment":"leading""#))
        expectFrame(ltr["a"], rect(0, 0, 10, 10))
        expectFrame(ltr["b"], rect(10, 0, 20, 10))
        let rtl = try frames(
            request(
                base, width: "100", height: "10",
                extra: #","alignment":"leading","environment":{"layoutDirection":"rtl"}"#))
        expectFrame(rtl["a"], rect(90, 0, 10, 10))
        expectFrame(rtl["b"], rect(70, 0, 20, 10))
    }

    @Test func rightToLeftMirrorsLeadingPadding() throws {
        // rect.padding(.leading, 30) in 100×10: LTR x 30..100; RTL the padding is on the right.
        let f = try frames(
            request(
                #"{"type":"rect","id":"r","modifiers":[{"padding":{"leading":30}}]}"#, width: "100", height: "10",
                extra: #","environment":{"layoutDirection":"rtl"}"#))
        expectFrame(f["r"], rect(0, 0, 70, 10))
    }

    @Test func displayScaleRoundsEdges() throws {
        // Three rects share 100: edges 0, 33.33, 66.67, 100. At scale 2 the edges round to
        // 0, 33.5, 66.5, 100, so the widths are 33.5, 33, 33.5.
        let f = try frames(
            request(
                #"{"type":"hstack","spacing":0,"children":[{"type":"rect","id":"a"},{"type":"rect","id":"b"},{"type":"rect","id":"c"}]}"#,
                width: "100", height: "10", extra: #","environment":{"displayScale":2}"#))
        expectFrame(f["a"], rect(0, 0, 33.5, 10))
        expectFrame(f["b"], rect(33.5, 0, 33, 10))
        expectFrame(f["c"], rect(66.5, 0, 33.5, 10))
    }

    @Test func safeAreaInsetsTheRootUnlessIgnored() throws {
        let insets = #","environment":{"safeAreaInsets":{"top":47,"bottom":34,"leading":0,"trailing":0}}"#
        let inset = try frames(request(#"{"type":"rect","id":"r"}"#, extra: insets))
        expectFrame(inset["r"], rect(0, 47, 390, 763))
        let ignoring = try frames(request(#"{"type":"rect","id":"r","modifiers":[{"ignoresSafeArea":true}]}"#, extra: insets))
        expectFrame(ignoring["r"], rect(0, 0, 390, 844))
    }

    @Test func rootAlignmentInTheBounds() throws {
        let cases: [(String, Rect)] = [
            ("bottomTrailing", rect(90, 90, 10, 10)), ("topLeading", rect(0, 0, 10, 10)),
            ("center", rect(45, 45, 10, 10)), ("top", rect(45, 0, 10, 10)),
        ]
        for (alignment, expected) in cases {
            let f = try frames(
                request(
                    #"{"type":"view","id":"v","size":{"width":10,"height":10}}"#, width: "100", height: "100",
                    extra: #","alignment":"\#(alignment)""#))
            expectFrame(f["v"], expected, "\(alignment)")
        }
        // An unspecified axis puts the root at 0 on it.
        let open = try frames(request(#"{"type":"view","id":"v","size":{"width":10,"height":10}}"#, width: "null", height: "100"))
        expectFrame(open["v"], rect(0, 45, 10, 10))
    }

    @Test func parentCoordinates() throws {
        let json = request(
            #"{"type":"vstack","id":"s","children":[{"type":"view","id":"v","size":{"width":10,"height":10},"modifiers":[{"padding":5}]}]}"#,
            width: "100", height: "100", extra: #","options":{"coordinates":"parent"}"#)
        let body = try uncachedRuntime.layout(Array(json.utf8)).get().body
        let text = String(decoding: body, as: UTF8.self)
        // The stack is 20×20 at (40, 40); the view sits 5 in from the stack's corner.
        #expect(text.contains(#""s":{"x":40,"y":40,"width":20,"height":20}"#))
        #expect(text.contains(#""v":{"x":5,"y":5,"width":10,"height":10}"#))
    }

    @Test func textWrapsAtSpacesAndHonoursLineLimit() throws {
        // "aa bb cc" at 10pt in a 55-wide frame: "aa bb" (50) fits, "cc" wraps → 50×20.
        let wrapped = try frames(
            request(#"{"type":"text","id":"t","text":"aa bb cc","font":{"size":10},"modifiers":[{"frame":{"width":55,"alignment":"leading"}}]}"#,
                width: "55", height: "100"))
        expectFrame(wrapped["t"], rect(0, 40, 50, 20))
        let limited = try frames(
            request(#"{"type":"text","id":"t","text":"aa bb cc","font":{"size":10},"lineLimit":1,"modifiers":[{"frame":{"width":55,"alignment":"leading"}}]}"#,
                width: "55", height: "100"))
        expectFrame(limited["t"], rect(0, 45, 50, 10))
        // U+200B is a zero-width break opportunity; a word longer than the line overflows.
        let zeroWidth = try frames(
            request(#"{"type":"text","id":"t","text":"aaaa\u200Bbb","font":{"size":10,"lineHeight":12}}"#,
                width: "30", height: "100", extra: #","alignment":"topLeading""#))
        expectFrame(zeroWidth["t"], rect(0, 0, 40, 24))
    }
}
