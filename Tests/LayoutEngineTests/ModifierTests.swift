import Testing

@testable import LayoutEngine

/// Modifiers, derived by hand from the modifier rules of SWIFTUI-RULES.md.
@Suite struct ModifierTests {
    @Test func paddingForms() throws {
        // A rect fills what it is offered: offered 100×50 less the insets.
        let cases: [(String, Rect)] = [
            ("10", rect(10, 10, 80, 30)),
            (#"{"top":8,"horizontal":12}"#, rect(12, 8, 76, 42)),  // bottom unspecified = 0
            ("true", rect(16, 16, 68, 18)),  // SwiftUI's default padding(): 16
            (#""10%""#, rect(10, 5, 80, 40)),  // 10% of 100 wide, of 50 tall
            (#"{"all":4,"leading":10}"#, rect(10, 4, 86, 42)),  // a single edge beats all
        ]
        for (padding, expected) in cases {
            let f = try frames(
                request(#"{"type":"rect","id":"r","modifiers":[{"padding":\#(padding)}]}"#, width: "100", height: "50"))
            expectFrame(f["r"], expected, "padding \(padding)")
        }
    }

    @Test func paddingAroundRigidViewGrowsIt() throws {
        // view 20×10 padded 5 → 30×20, centred in 100×100 at (35, 40); the view at (40, 45).
        let f = try frames(
            request(#"{"type":"view","id":"v","size":{"width":20,"height":10},"modifiers":[{"padding":5}]}"#, width: "100", height: "100"))
        expectFrame(f["v"], rect(40, 45, 20, 10))
    }

    @Test func fixedFrameAlignment() throws {
        // view 20×10 in a 100×50 frame, root bounds 100×50.
        let cases: [(String, Rect)] = [
            ("topLeading", rect(0, 0, 20, 10)), ("center", rect(40, 20, 20, 10)),
            ("bottomTrailing", rect(80, 40, 20, 10)), ("top", rect(40, 0, 20, 10)),
            ("trailing", rect(80, 20, 20, 10)),
        ]
        for (alignment, expected) in cases {
            let f = try frames(
                request(
                    #"{"type":"view","id":"v","size":{"width":20,"height":10},"modifiers":[{"frame":{"width":100,"height":50,"alignment":"\#(alignment)"}}]}"#,
                    width: "100", height: "50"))
            expectFrame(f["v"], expected, "\(alignment)")
        }
    }

    @Test func fixedFrameOnOneAxisAdoptsTheChildOnTheOther() throws {
        // rect.frame(height: 30) offered 200×100: width adopts the rect's (200), height 30.
        let f = try frames(request(#"{"type":"rect","id":"r","modifiers":[{"frame":{"height":30}}]}"#, width: "200", height: "100"))
        expectFrame(f["r"], rect(0, 35, 200, 30))
    }

    @Test func maxWidthInfinityFillsTheProposal() throws {
        // Text("Hi") at 10pt (20×10) .frame(maxWidth: .infinity, alignment: .leading) in 300×100:
        // the frame takes min(∞, max(20, 300)) = 300; height adopts the text's 10; text at x 0.
        let f = try frames(
            request(
                #"{"type":"text","id":"t","text":"Hi","font":{"size":10},"modifiers":[{"frame":{"maxWidth":"infinity","alignment":"leading"}}]}"#,
                width: "300", height: "100"))
        expectFrame(f["t"], rect(0, 45, 20, 10))
    }

    @Test func minMaxFrameClampsTheProposal() throws {
        // rect.frame(minWidth: 50, maxWidth: 80) offered 200 → 80; offered 20 → 50.
        for (width, expected) in [("200", 80.0), ("20", 50.0)] {
            let f = try frames(
                request(
                    #"{"type":"rect","id":"r","modifiers":[{"frame":{"minWidth":50,"maxWidth":80}}]}"#, width: width,
                    height: "10", extra: #","alignment":"leading""#))
            expectFrame(f["r"], rect(0, 0, expected, 10), "offered \(width)")
        }
    }

    @Test func idealWidthAnswersAnUnspecifiedProposal() throws {
        // rect.frame(idealWidth: 70) with the width unspecified: the rect is proposed 70.
        let f = try frames(
            request(#"{"type":"rect","id":"r","modifiers":[{"frame":{"idealWidth":70}}]}"#, width: "null", height: "10"))
        expectFrame(f["r"], rect(0, 0, 70, 10))
    }

    @Test func fixedSizeStopsWrapping() throws {
        // Text("Hello world") at 10pt is 110 wide in one line. In .frame(width: 50) it wraps to
        // "Hello" / "world" (50×20), centred in 200×100 at (75, 40).
        let wrapped = try frames(
            request(
                #"{"type":"text","id":"t","text":"Hello world","font":{"size":10},"modifiers":[{"frame":{"width":50}}]}"#,
                width: "200", height: "100"))
        expectFrame(wrapped["t"], rect(75, 40, 50, 20))
        // With .fixedSize(horizontal: true) inside the frame: one line 110×10, centred in the
        // 50-wide frame at x 75 + (50 - 110) / 2 = 45; the frame is 10 tall at y 45.
        let fixed = try frames(
            request(
                #"{"type":"text","id":"t","text":"Hello world","font":{"size":10},"modifiers":[{"fixedSize":{"horizontal":true}},{"frame":{"width":50}}]}"#,
                width: "200", height: "100"))
        expectFrame(fixed["t"], rect(45, 45, 110, 10))
    }

    @Test func offsetMovesTheFrameOnly() throws {
        // HStack(spacing 0) { a 10×10 offset (5, -4), b 10×10 } in null bounds: b stays at x 10.
        let f = try frames(
            request(
                #"{"type":"hstack","spacing":0,"children":[{"type":"view","id":"a","size":{"width":10,"height":10},"modifiers":[{"offset":{"x":5,"y":-4}}]},{"type":"view","id":"b","size":{"width":10,"height":10}}]}"#,
                width: "null", height: "null"))
        expectFrame(f["a"], rect(5, -4, 10, 10))
        expectFrame(f["b"], rect(10, 0, 10, 10))
    }

    @Test func positionCentresOnThePoint() throws {
        // view 20×20 .position(x: 50, y: 30) in 200×100: position takes all 200×100; the
        // view is centred on (50, 30): (40, 20).
        let f = try frames(
            request(#"{"type":"view","id":"v","size":{"width":20,"height":20},"modifiers":[{"position":{"x":50,"y":30}}]}"#, width: "200", height: "100"))
        expectFrame(f["v"], rect(40, 20, 20, 20))
    }

    @Test func backgroundAndOverlayTakeTheViewsSize() throws {
        // view 40×20 with background rect (proposed 40×20 → fills) and overlay view 10×10
        // aligned bottomTrailing, in 100×100: view at (30, 40); overlay at (60, 50).
        let f = try frames(
            request(
                #"{"type":"view","id":"v","size":{"width":40,"height":20},"modifiers":[{"background":{"content":{"type":"rect"}}},{"overlay":{"content":{"type":"view","size":{"width":10,"height":10}},"alignment":"bottomTrailing"}}]}"#,
                width: "100", height: "100"))
        expectFrame(f["v"], rect(30, 40, 40, 20))
        expectFrame(f["v/background"], rect(30, 40, 40, 20))
        expectFrame(f["v/overlay"], rect(60, 50, 10, 10))
    }

    @Test func aspectRatioWithoutRatioUsesTheIdealRatio() throws {
        // resizable image ideal 40×20 (ratio 2) .aspectRatio(fit) offered 100×100 → 100×50.
        let f = try frames(
            request(
                #"{"type":"image","id":"i","size":{"width":40,"height":20},"resizable":true,"modifiers":[{"aspectRatio":{}}]}"#,
                width: "100", height: "100"))
        expectFrame(f["i"], rect(0, 25, 100, 50))
    }

    @Test func nonResizableImageIsRigid() throws {
        let f = try frames(request(#"{"type":"image","id":"i","size":{"width":40,"height":20}}"#, width: "100", height: "100"))
        expectFrame(f["i"], rect(30, 40, 40, 20))
    }

    @Test func modifiersApplyInnermostFirst() throws {
        // rect.padding(10).frame(width: 50, height: 50) vs rect.frame(50, 50).padding(10), in null bounds.
        let inner = try frames(
            request(#"{"type":"rect","id":"r","modifiers":[{"padding":10},{"frame":{"width":50,"height":50}}]}"#, width: "null", height: "null"))
        expectFrame(inner["r"], rect(10, 10, 30, 30))  // the 50×50 frame offers 50, padding leaves 30
        let outer = try frames(
            request(#"{"type":"rect","id":"r","modifiers":[{"frame":{"width":50,"height":50}},{"padding":10}]}"#, width: "null", height: "null"))
        expectFrame(outer["r"], rect(10, 10, 50, 50))  // 70×70 in all, the rect 50×50 inside
    }
}
