import Testing

@testable import LayoutEngine

/// Stacks, derived by hand from the stack rules of SWIFTUI-RULES.md.
@Suite struct StackTests {
    @Test func vstackOrdersByFlexibilityAndPlacesInDeclarationOrder() throws {
        // VStack (spacing 8) in 390×844: bar = HStack{rect, spacer, view 50×50}, text "Hello wide
        // world" (16 Ahem glyphs at 10pt = 160×10) padded 16, rect.frame(width:100), view 20×20.
        // Available 844 - 3·8 = 820. Flexibilities: text 0 (42 tall), view 0, bar ∞ (min 50),
        // rect ∞ (min 0). Order: text, view, bar (larger minimum first), rect.
        // text ← 820/4 = 205 → 42; view ← 778/3 → 20; bar ← 758/2 = 379; rect ← 379.
        let f = try frames(
            request(
                #"""
                {"type":"vstack","id":"screen","children":[
                 {"type":"hstack","id":"bar","spacing":0,"children":[{"type":"rect","id":"a"},{"type":"spacer","id":"sp"},{"type":"view","id":"b","size":{"width":50,"height":50}}]},
                 {"type":"text","id":"t","text":"Hello wide world","font":{"size":10},"modifiers":[{"padding":16}]},
                 {"type":"rect","id":"r","modifiers":[{"frame":{"width":100}}]},
                 {"type":"view","id":"v","size":{"width":20,"height":20}}]}
                """#))
        expectFrame(f["bar"], rect(0, 0, 390, 379))
        expectFrame(f["t"], rect(115, 379 + 8 + 16, 160, 10))  // padded box 192 wide, centred: 99 + 16
        expectFrame(f["r"], rect(145, 379 + 8 + 42 + 8, 100, 379))
        expectFrame(f["v"], rect(185, 437 + 379 + 8, 20, 20))
        // In the bar (390 × 379, spacing 0): the spacer's priority is lowest, so a and b share
        // 390 - 8 (the spacer's minimum): b (rigid) ← 191 → 50, a ← 332; the spacer gets 8.
        expectFrame(f["a"], rect(0, 0, 332, 379))
        expectFrame(f["sp"], rect(332, 189.5, 8, 0))
        expectFrame(f["b"], rect(340, 164.5, 50, 50))
    }

    @Test func layoutPriorityGroupsTakeSpaceFirst() throws {
        // HStack(spacing 0) in 300: A.layoutPriority(1), B.frame(minWidth: 50).
        // A's group gets 300 - 50 (B's minimum) = 250; B then gets the 50 left.
        let f = try frames(
            request(
                #"{"type":"hstack","spacing":0,"children":[{"type":"rect","id":"A","modifiers":[{"layoutPriority":1}]},{"type":"rect","id":"B","modifiers":[{"frame":{"minWidth":50}}]}]}"#,
                width: "300", height: "10"))
        expectFrame(f["A"], rect(0, 0, 250, 10))
        expectFrame(f["B"], rect(250, 0, 50, 10))
    }

    @Test func unspecifiedProposalGivesIdealSizesAndPlacementFillsHeight() throws {
        // HStack(spacing 0) { Text("Hi") at 20pt (40×20), Rectangle() } with bounds null × null:
        // every child is proposed nil: text 40×20, rect 10×10 (its ideal). Stack 50×20.
        // Rule 6: children are then placed with the stack's height proposed, so the rect
        // is offered 10×20 and fills it.
        let f = try frames(
            request(
                #"{"type":"hstack","id":"s","spacing":0,"children":[{"type":"text","id":"t","text":"Hi","font":{"size":20}},{"type":"rect","id":"r"}]}"#,
                width: "null", height: "null"))
        expectFrame(f["s"], rect(0, 0, 50, 20))
        expectFrame(f["t"], rect(0, 0, 40, 20))
        expectFrame(f["r"], rect(40, 0, 10, 20))
    }

    @Test func alignmentTopAndBottom() throws {
        // HStack(alignment: .top, spacing: 0) { 10×10, 10×30 } → the short one at y 0;
        // .bottom → at y 20. Bounds null: stack at (0,0).
        for (alignment, y) in [("top", 0.0), ("bottom", 20.0), ("center", 10.0)] {
            let f = try frames(
                request(
                    #"{"type":"hstack","alignment":"\#(alignment)","spacing":0,"children":[{"type":"view","id":"s","size":{"width":10,"height":10}},{"type":"view","id":"t","size":{"width":10,"height":30}}]}"#,
                    width: "null", height: "null"))
            expectFrame(f["s"], rect(0, y, 10, 10), "\(alignment)")
            expectFrame(f["t"], rect(10, 0, 10, 30))
        }
    }

    @Test func vstackLeadingAlignment() throws {
        // VStack(alignment: .leading, spacing: 4) { 10×10, 30×10 } in null bounds:
        // width 30, height 24; both at x 0.
        let f = try frames(
            request(
                #"{"type":"vstack","id":"s","alignment":"leading","spacing":4,"children":[{"type":"view","id":"a","size":{"width":10,"height":10}},{"type":"view","id":"b","size":{"width":30,"height":10}}]}"#,
                width: "null", height: "null"))
        expectFrame(f["s"], rect(0, 0, 30, 24))
        expectFrame(f["a"], rect(0, 0, 10, 10))
        expectFrame(f["b"], rect(0, 14, 30, 10))
    }

    @Test func firstTextBaselineAlignment() throws {
        // HStack(alignment: .firstTextBaseline, spacing: 0) { Text("A") at 20pt, Text("B") at 10pt }.
        // Ahem baselines: 0.8em → 16 and 8. Aligned on 16: B at y = 16 - 8 = 8.
        // Extent: top -16, bottom max(20-16, 10-8) = 4 → height 20.
        let f = try frames(
            request(
                #"{"type":"hstack","id":"s","alignment":"firstTextBaseline","spacing":0,"children":[{"type":"text","id":"A","text":"A","font":{"size":20}},{"type":"text","id":"B","text":"B","font":{"size":10}}]}"#,
                width: "null", height: "null"))
        expectFrame(f["s"], rect(0, 0, 30, 20))
        expectFrame(f["A"], rect(0, 0, 20, 20))
        expectFrame(f["B"], rect(20, 8, 10, 10))
    }

    @Test func baselineOfANestedVStackIsItsFirstText() throws {
        // HStack(.firstTextBaseline, spacing 0) { VStack(spacing 0){ view 10×6, text "B" 10pt }, text "A" 10pt }.
        // VStack's first baseline: text at y 6, baseline 8 → 14. A's is 8 → A at y 6.
        let f = try frames(
            request(
                #"{"type":"hstack","alignment":"firstTextBaseline","spacing":0,"children":[{"type":"vstack","id":"v","spacing":0,"children":[{"type":"view","size":{"width":10,"height":6}},{"type":"text","text":"B","font":{"size":10}}]},{"type":"text","id":"A","text":"A","font":{"size":10}}]}"#,
                width: "null", height: "null"))
        expectFrame(f["v"], rect(0, 0, 10, 16))
        expectFrame(f["A"], rect(10, 6, 10, 10))
    }

    @Test func explicitAlignmentGuideShiftsAChild() throws {
        // VStack(alignment: .leading, spacing: 0) { a 10×10 with leading guide at 5, b 20×10 }:
        // guides meet: line at max(5, 0) = 5 from the stack's left: a at x 0, b at x 5; width 25.
        let f = try frames(
            request(
                #"{"type":"vstack","id":"s","alignment":"leading","spacing":0,"children":[{"type":"view","id":"a","size":{"width":10,"height":10},"modifiers":[{"alignmentGuide":{"alignment":"leading","value":5}}]},{"type":"view","id":"b","size":{"width":20,"height":10}}]}"#,
                width: "null", height: "null"))
        expectFrame(f["s"], rect(0, 0, 25, 20))
        expectFrame(f["a"], rect(0, 0, 10, 10))
        expectFrame(f["b"], rect(5, 10, 20, 10))
    }

    @Test func centerGuideWithoutAxisSetsBoth() throws {
        // ZStack { a 20×20 with its centre guides at (0, 0); b 40×40 }: b's centre (20, 20)
        // meets a's guides, so a's top-left sits at b's centre.
        let f = try frames(
            request(
                #"{"type":"zstack","children":[{"type":"view","id":"a","size":{"width":20,"height":20},"modifiers":[{"alignmentGuide":{"alignment":"center","value":0}}]},{"type":"view","id":"b","size":{"width":40,"height":40}}]}"#,
                width: "null", height: "null"))
        expectFrame(f["a"], rect(20, 20, 20, 20))
        expectFrame(f["b"], rect(0, 0, 40, 40))
        // With "axis": "horizontal", only x moves: a is centred vertically (y 10).
        let horizontal = try frames(
            request(
                #"{"type":"zstack","children":[{"type":"view","id":"a","size":{"width":20,"height":20},"modifiers":[{"alignmentGuide":{"alignment":"center","value":0,"axis":"horizontal"}}]},{"type":"view","id":"b","size":{"width":40,"height":40}}]}"#,
                width: "null", height: "null"))
        expectFrame(horizontal["a"], rect(20, 10, 20, 20))
    }

    @Test func spacerMinLengthAndDefaultSpacing() throws {
        // VStack { a 10×10; Spacer(minLength: 20); b 10×10 } in null bounds: the spacer is
        // its minimum (20) with 0 spacing next to it → height 40.
        let f = try frames(
            request(
                #"{"type":"vstack","id":"s","children":[{"type":"view","id":"a","size":{"width":10,"height":10}},{"type":"spacer","id":"sp","minLength":20},{"type":"view","id":"b","size":{"width":10,"height":10}}]}"#,
                width: "null", height: "null"))
        expectFrame(f["s"], rect(0, 0, 10, 40))
        expectFrame(f["sp"], rect(5, 10, 0, 20))
        expectFrame(f["b"], rect(0, 30, 10, 10))
    }

    @Test func dividerSpansTheCrossAxis() throws {
        // HStack(spacing 0) { view 10×20, Divider, view 10×20 } in null bounds: divider 1 wide,
        // 0 tall when sized, then offered the stack's height (20) when placed.
        let f = try frames(
            request(
                #"{"type":"hstack","spacing":0,"children":[{"type":"view","size":{"width":10,"height":20}},{"type":"divider","id":"d"},{"type":"view","size":{"width":10,"height":20}}]}"#,
                width: "null", height: "null"))
        expectFrame(f["d"], rect(10, 0, 1, 20))
    }

    @Test func emptyStackIsZeroSized() throws {
        let f = try frames(request(#"{"type":"vstack","id":"s"}"#, width: "100", height: "100"))
        expectFrame(f["s"], rect(50, 50, 0, 0))
    }
}
