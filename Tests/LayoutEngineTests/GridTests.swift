import Testing

@testable import LayoutEngine

/// Grid as SwiftUI's Grid: the rules in GridLayout.swift, derived by hand; the cases of
/// issue 10 are SwiftUI observations (flexible cells share the width as in an HStack).
@Suite struct GridTests {
    @Test func flexibleCellsShareTheWidthAsAnHStack() throws {
        // Grid { GridRow { rect; rect; view 60×20 } } in 300 wide (issue 10: SwiftUI shares
        // the width; layoutd used to give 10/10/60). Available 300 - 2·8 = 284. Column
        // flexibilities: the view's 0, the rects' ∞ (minimum 0). The view's column first:
        // 284/3 → 60; then 224/2 = 112 and 112. Row height: max(10, 20) = 20; cells are
        // offered 112×20 and 60×20.
        let f = try frames(
            request(
                #"{"type":"grid","id":"g","children":[{"type":"gridrow","children":[{"type":"rect","id":"a"},{"type":"rect","id":"b"},{"type":"view","id":"c","size":{"width":60,"height":20}}]}]}"#,
                width: "300", height: "null"))
        expectFrame(f["g"], rect(0, 0, 300, 20))
        expectFrame(f["a"], rect(0, 0, 112, 20))
        expectFrame(f["b"], rect(120, 0, 112, 20))
        expectFrame(f["c"], rect(240, 0, 60, 20))
    }

    @Test func maxWidthInfinityTakesWhatIsLeft() throws {
        // Grid { GridRow { view 50×10; rect.frame(maxWidth: .infinity) } } in 200: available
        // 192; the view's column (flexibility 0) first: 96 → 50; the frame's column gets
        // 142 (issue 10: layoutd used to give it 17).
        let f = try frames(
            request(
                #"{"type":"grid","children":[{"type":"gridrow","children":[{"type":"view","id":"v","size":{"width":50,"height":10}},{"type":"rect","id":"r","modifiers":[{"frame":{"maxWidth":"infinity"}}]}]}]}"#,
                width: "200", height: "null"))
        expectFrame(f["v"], rect(0, 0, 50, 10))
        expectFrame(f["r"], rect(58, 0, 142, 10))
    }

    @Test func rowsShareTheHeightAsAVStack() throws {
        // Grid { GridRow { rect }; GridRow { view 10×20 } } in 100×100: one column, offered
        // 100 → 100 (the rect). Rows share 100 - 8 = 92: the view's row (flexibility 0)
        // first: 46 → 20; the rect's row 72. The view is centred in its 100×20 cell.
        let f = try frames(
            request(
                #"{"type":"grid","id":"g","children":[{"type":"gridrow","children":[{"type":"rect","id":"a"}]},{"type":"gridrow","children":[{"type":"view","id":"b","size":{"width":10,"height":20}}]}]}"#,
                width: "100", height: "100"))
        expectFrame(f["g"], rect(0, 0, 100, 100))
        expectFrame(f["a"], rect(0, 0, 100, 72))
        expectFrame(f["b"], rect(45, 80, 10, 20))
    }

    @Test func spansColumnAlignmentAndAnchor() throws {
        // Apple's documentation: gridCellColumns(n) makes a cell span n columns;
        // gridColumnAlignment on any cell sets its column's horizontal alignment;
        // gridCellAnchor places a cell by a unit point of its cell.
        // Rows: {a 30×10, b 50×10}, {c 20×10 spanning 2}, {d 10×10 anchored top-leading,
        // e 10×10 with column alignment trailing}. Ideal columns (c spans, so it sizes
        // none): max(30, 10) = 30, max(50, 10) = 50 → 88 wide; rows 10 each → 46 tall.
        // Column 1 is trailing: b at 38 + 0, e at 38 + 40 = 78. c's box is both columns
        // (88): centred at 34. d at its cell's top-left: x 0 (centred it would be 10).
        let f = try frames(
            request(
                #"""
                {"type":"grid","id":"g","children":[
                 {"type":"gridrow","children":[{"type":"view","id":"a","size":{"width":30,"height":10}},{"type":"view","id":"b","size":{"width":50,"height":10}}]},
                 {"type":"gridrow","children":[{"type":"view","id":"c","size":{"width":20,"height":10},"modifiers":[{"gridCellColumns":2}]}]},
                 {"type":"gridrow","children":[
                  {"type":"view","id":"d","size":{"width":10,"height":10},"modifiers":[{"gridCellAnchor":"topLeading"}]},
                  {"type":"view","id":"e","size":{"width":10,"height":10},"modifiers":[{"gridColumnAlignment":"trailing"}]}]}]}
                """#,
                width: "null", height: "null"))
        expectFrame(f["g"], rect(0, 0, 88, 46))
        expectFrame(f["a"], rect(0, 0, 30, 10))
        expectFrame(f["b"], rect(38, 0, 50, 10))
        expectFrame(f["c"], rect(34, 18, 20, 10))
        expectFrame(f["d"], rect(0, 36, 10, 10))
        expectFrame(f["e"], rect(78, 36, 10, 10))
    }

    @Test func spanningRowWidensTheGridUnlessUnsized() throws {
        // Grid { GridRow { 40×10; 40×10 }; rect } in 300: the columns are 40 and 40 (88 with
        // spacing); the rect, a row spanning every column, is offered 300 and widens the
        // grid to 300 (Apple's gridCellUnsizedAxes documentation: a flexible view in a
        // grid takes the space offered unless told not to). Rows 10 and 10 → 28 tall.
        let row = #"{"type":"gridrow","children":[{"type":"view","id":"a","size":{"width":40,"height":10}},{"type":"view","id":"b","size":{"width":40,"height":10}}]}"#
        let wide = try frames(
            request(#"{"type":"grid","id":"g","children":[\#(row),{"type":"rect","id":"r"}]}"#, width: "300", height: "null"))
        expectFrame(wide["g"], rect(0, 0, 300, 28))
        expectFrame(wide["a"], rect(0, 0, 40, 10))
        expectFrame(wide["b"], rect(48, 0, 40, 10))
        expectFrame(wide["r"], rect(0, 18, 300, 10))
        // With gridCellUnsizedAxes(.horizontal) the rect does not size the grid: 88 wide,
        // centred in 300 at x 106, and the rect is offered the 88.
        let unsized = try frames(
            request(
                #"{"type":"grid","id":"g","children":[\#(row),{"type":"rect","id":"r","modifiers":[{"gridCellUnsizedAxes":"horizontal"}]}]}"#,
                width: "300", height: "null"))
        expectFrame(unsized["g"], rect(106, 0, 88, 28))
        expectFrame(unsized["r"], rect(106, 18, 88, 10))
    }

    @Test(arguments: [
        (#"{"gridCellColumns":0}"#, "gridCellColumns"),
        (#"{"gridColumnAlignment":"top"}"#, "gridColumnAlignment"),
        (#"{"gridCellAnchor":{"x":0}}"#, "needs both x and y"),
        (#"{"gridCellUnsizedAxes":"depth"}"#, "unknown axes"),
    ])
    func badGridCellModifiersAreRefused(modifier: String, message: String) throws {
        let p = try #require(problem(request(#"{"type":"rect","modifiers":[\#(modifier)]}"#)))
        #expect(p.status == 422)
        #expect(p.detail.contains(message), "\(p.detail)")
    }
}
