import Testing

@testable import LayoutEngine

/// LazyVGrid/LazyHGrid, LazyVStack/LazyHStack and ViewThatFits: cited observations of
/// SwiftUI, or derivations by hand from the rules in the layouts' files.
@Suite struct LazyContainerTests {
    /// `n` rects with ideal size `width`×`height`, ids c0, c1, …
    private func cells(_ count: Int, width: Int = 10, height: Int) -> String {
        (0..<count).map { #"{"type":"rect","id":"c\#($0)","size":{"width":\#(width),"height":\#(height)}}"# }
            .joined(separator: ",")
    }

    @Test func fixedAndAdaptiveColumns() throws {
        // objc.io, "SwiftUI Grid Layout Quiz" (2020), #1: LazyVGrid(columns: [.fixed(70),
        // .adaptive(minimum: 40)]).frame(width: 200): the fixed column is 70; 200 - 70 - 8 =
        // 122 remain; two 40-wide columns fit (40 + 8 + 40 ≤ 122 < 136), sharing 122 - 8:
        // 57 each. Tracks at x 0, 78, 143. Cells are proposed 57 (or 70) × nil: a rect
        // takes its ideal height 30. Five cells: rows of 3 and 2, 8 apart: height 68.
        let f = try frames(
            request(
                #"{"type":"lazyvgrid","id":"g","columns":[{"fixed":70},{"adaptive":{"minimum":40}}],"children":[\#(cells(5, height: 30))]}"#,
                width: "200", height: "null"))
        expectFrame(f["g"], rect(0, 0, 200, 68))
        expectFrame(f["c0"], rect(0, 0, 70, 30))
        expectFrame(f["c1"], rect(78, 0, 57, 30))
        expectFrame(f["c2"], rect(143, 0, 57, 30))
        expectFrame(f["c3"], rect(0, 38, 70, 30))
        expectFrame(f["c4"], rect(78, 38, 57, 30))
    }

    @Test func twoAdaptiveItemsShareTheWidthFirst() throws {
        // Fatbobman, "Predicting LazyVGrid layout" (2020; mo4tech.com translation), observed:
        // [.adaptive(minimum: 50, maximum: 100), .adaptive(minimum: 40, maximum: 100)] at 300:
        // each item gets (300 - 8) / 2 = 146; the first fits 2 columns of (146 - 8) / 2 = 69,
        // the second 3 of (146 - 16) / 3 = 43.33. Tracks: 0, 77 | 154, 205.33, 256.67.
        let f = try frames(
            request(
                #"{"type":"lazyvgrid","id":"g","columns":[{"adaptive":{"minimum":50,"maximum":100}},{"adaptive":{"minimum":40,"maximum":100}}],"children":[\#(cells(5, height: 20))]}"#,
                width: "300", height: "null"))
        let narrow = 130.0 / 3
        expectFrame(f["g"], rect(0, 0, 300, 20))
        expectFrame(f["c0"], rect(0, 0, 69, 20))
        expectFrame(f["c1"], rect(77, 0, 69, 20))
        expectFrame(f["c2"], rect(154, 0, narrow, 20))
        expectFrame(f["c3"], rect(154 + narrow + 8, 0, narrow, 20))
        expectFrame(f["c4"], rect(154 + 2 * narrow + 16, 0, narrow, 20))
    }

    @Test func oneAdaptiveItemFitsAsManyColumnsAsItCan() throws {
        // Fatbobman (as above): [.adaptive(minimum: 50, maximum: 100)] at 300 shows 5 columns
        // of (300 - 4·8) / 5 = 53.6.
        let f = try frames(
            request(
                #"{"type":"lazyvgrid","id":"g","columns":[{"adaptive":{"minimum":50,"maximum":100}}],"children":[\#(cells(6, height: 20))]}"#,
                width: "300", height: "null"))
        expectFrame(f["c4"], rect(4 * 61.6, 0, 53.6, 20))
        expectFrame(f["c5"], rect(0, 28, 53.6, 20))
        expectFrame(f["g"], rect(0, 0, 300, 48))
    }

    @Test func flexibleColumnsAreSizedTwice() throws {
        // Fatbobman (as above), observed: [.flexible(minimum: 100), .flexible(minimum: 180)]
        // proposed 300: (300 - 8) / 2 = 146 for the first (≥ 100), then 146 → 180 for the
        // second: the grid is 146 + 8 + 180 = 334 wide. Drawn from 334: (334 - 8) / 2 = 163
        // and 180, so the columns (163 + 8 + 180 = 351) overflow the grid. Centred in the
        // 300-wide bounds the grid starts at x = (300 - 334) / 2 = -17.
        let f = try frames(
            request(
                #"{"type":"lazyvgrid","id":"g","columns":[{"flexible":{"minimum":100}},{"flexible":{"minimum":180}}],"children":[\#(cells(2, height: 20))]}"#,
                width: "300", height: "null"))
        expectFrame(f["g"], rect(-17, 0, 334, 20))
        expectFrame(f["c0"], rect(-17, 0, 163, 20))
        expectFrame(f["c1"], rect(-17 + 171, 0, 180, 20))
    }

    @Test func fixedColumnsIgnoreTheProposal() throws {
        // Fatbobman (as above): [.fixed(60), .fixed(100)] renders 60 + 8 + 100 whatever the
        // container's width. The 168-wide grid is centred in 300: x 66. The rects take the
        // column widths proposed (60, 100), the second column at 66 + 60 + 8 = 134.
        let f = try frames(
            request(
                #"{"type":"lazyvgrid","id":"g","columns":[{"fixed":60},{"fixed":100}],"children":[\#(cells(2, height: 20))]}"#,
                width: "300", height: "null"))
        expectFrame(f["g"], rect(66, 0, 168, 20))
        expectFrame(f["c0"], rect(66, 0, 60, 20))
        expectFrame(f["c1"], rect(134, 0, 100, 20))
    }

    @Test func lazyVGridAlignsRigidCellsInTheirColumns() throws {
        // [.fixed(60) spacing 0, .fixed(60)], alignment leading, spacing 4 (between rows):
        // views 20×10 and 20×30 in row 0 (row height 30; vertically centred: the 10-tall one
        // at y 10), a view 20×10 in row 1 at y 34. Leading: each at its column's left.
        let f = try frames(
            request(
                #"""
                {"type":"lazyvgrid","id":"g","alignment":"leading","spacing":4,"columns":[{"fixed":60,"spacing":0},{"fixed":60}],"children":[
                 {"type":"view","id":"a","size":{"width":20,"height":10}},
                 {"type":"view","id":"b","size":{"width":20,"height":30}},
                 {"type":"view","id":"c","size":{"width":20,"height":10}}]}
                """#,
                width: "null", height: "null"))
        expectFrame(f["g"], rect(0, 0, 120, 44))
        expectFrame(f["a"], rect(0, 10, 20, 10))
        expectFrame(f["b"], rect(60, 0, 20, 30))
        expectFrame(f["c"], rect(0, 34, 20, 10))
    }

    @Test func lazyHGridFillsColumnByColumn() throws {
        // LazyHGrid(rows: [.fixed(40), .fixed(40)], spacing: 10): row tracks at y 0 and 48
        // (the item's default spacing 8). Cells proposed nil × 40: rects 30 × 40. Children
        // fill the first column top to bottom, then the next, 10 apart: x 0, 0, 40.
        // Size: 30 + 10 + 30 = 70 wide, 40 + 8 + 40 = 88 tall.
        let f = try frames(
            request(
                #"{"type":"lazyhgrid","id":"g","spacing":10,"rows":[{"fixed":40},{"fixed":40}],"children":[\#(cells(3, width: 30, height: 10))]}"#,
                width: "null", height: "null"))
        expectFrame(f["g"], rect(0, 0, 70, 88))
        expectFrame(f["c0"], rect(0, 0, 30, 40))
        expectFrame(f["c1"], rect(0, 48, 30, 40))
        expectFrame(f["c2"], rect(40, 0, 30, 40))
    }

    @Test func lazyVStackTakesTheWholeWidth() throws {
        // LazyVStack(alignment: .leading, spacing: 0) { 50×10; 100×10 } proposed 390 × nil:
        // along the axis as a VStack (each child its ideal height: 20 in all); across it
        // takes the 390 proposed (a VStack would be 100 wide) with both children at x 0.
        let leading = try frames(
            request(
                #"{"type":"lazyvstack","id":"s","alignment":"leading","spacing":0,"children":[{"type":"view","id":"a","size":{"width":50,"height":10}},{"type":"view","id":"b","size":{"width":100,"height":10}}]}"#,
                width: "390", height: "null"))
        expectFrame(leading["s"], rect(0, 0, 390, 20))
        expectFrame(leading["a"], rect(0, 0, 50, 10))
        expectFrame(leading["b"], rect(0, 10, 100, 10))
        // Centred (the default), with the default spacing 8: a at (390 - 50) / 2 = 170.
        let centred = try frames(
            request(
                #"{"type":"lazyvstack","id":"s","children":[{"type":"view","id":"a","size":{"width":50,"height":10}},{"type":"view","id":"b","size":{"width":100,"height":10}}]}"#,
                width: "390", height: "null"))
        expectFrame(centred["s"], rect(0, 0, 390, 28))
        expectFrame(centred["a"], rect(170, 0, 50, 10))
        expectFrame(centred["b"], rect(145, 18, 100, 10))
    }

    @Test func lazyHStackSharesItsAxisAsAnHStack() throws {
        // LazyHStack(spacing: 0) { rect; rect } in 300×100: shares 300 as an HStack (150
        // each, rule 5) and takes the 100 proposed across.
        let f = try frames(
            request(
                #"{"type":"lazyhstack","id":"s","spacing":0,"children":[{"type":"rect","id":"a"},{"type":"rect","id":"b"}]}"#,
                width: "300", height: "100"))
        expectFrame(f["s"], rect(0, 0, 300, 100))
        expectFrame(f["a"], rect(0, 0, 150, 100))
        expectFrame(f["b"], rect(150, 0, 150, 100))
    }

    @Test func viewThatFitsPicksTheFirstThatFits() throws {
        // Apple's ViewThatFits documentation: the first child whose ideal size on the
        // constrained axes fits the proposal, else the last.
        // ViewThatFits(in: .horizontal) { HStack(spacing: 0) { 200×20; 200×20 }; 100×20 }:
        // the HStack's ideal width is 400. In 300 it does not fit: the view (100 wide,
        // centred at x 100) is chosen and the HStack and its children get no frames.
        let json = #"{"type":"viewthatfits","id":"v","axes":"horizontal","children":[{"type":"hstack","id":"wide","spacing":0,"children":[{"type":"view","id":"w1","size":{"width":200,"height":20}},{"type":"view","id":"w2","size":{"width":200,"height":20}}]},{"type":"view","id":"narrow","size":{"width":100,"height":20}}]}"#
        let small = try frames(request(json, width: "300", height: "null"))
        expectFrame(small["v"], rect(100, 0, 100, 20))
        expectFrame(small["narrow"], rect(100, 0, 100, 20))
        #expect(small["wide"] == nil && small["w1"] == nil && small["w2"] == nil)
        // In 500 the HStack fits (400 ≤ 500): centred at x 50; the last child gets no frame.
        let large = try frames(request(json, width: "500", height: "null"))
        expectFrame(large["v"], rect(50, 0, 400, 20))
        expectFrame(large["w2"], rect(250, 0, 200, 20))
        #expect(large["narrow"] == nil)
    }

    @Test func viewThatFitsOnTheVerticalAxisOnly() throws {
        // ViewThatFits(in: .vertical) { 500×100; 500×50 } in 300×80: widths are not
        // constrained; 100 > 80, so the second (50 ≤ 80) is chosen, centred: (-100, 15).
        let f = try frames(
            request(
                #"{"type":"viewthatfits","axes":"vertical","children":[{"type":"view","id":"tall","size":{"width":500,"height":100}},{"type":"view","id":"short","size":{"width":500,"height":50}}]}"#,
                width: "300", height: "80"))
        expectFrame(f["short"], rect(-100, 15, 500, 50))
        #expect(f["tall"] == nil)
    }

    @Test(arguments: [
        (#"{"type":"lazyvgrid","children":[]}"#, "needs \"columns\""),
        (#"{"type":"lazyhgrid","columns":[{"fixed":1}]}"#, "unknown field"),
        (#"{"type":"lazyvgrid","columns":[]}"#, "at least one item"),
        (#"{"type":"lazyvgrid","columns":[{"adaptive":{}}]}"#, "needs a \"minimum\""),
        (#"{"type":"lazyvgrid","columns":[{"adaptive":{"minimum":0}}]}"#, "above 0"),
        (#"{"type":"lazyvgrid","columns":[{"flexible":{"minimum":20,"maximum":10}}]}"#, "exceeds maximum"),
        (#"{"type":"lazyvgrid","columns":[{"fixed":10,"flexible":{}}]}"#, "more than one"),
        (#"{"type":"lazyvgrid","columns":[{"wide":1}]}"#, "unknown grid item field"),
        (#"{"type":"viewthatfits","axes":"diagonal"}"#, "unknown axes"),
    ])
    func badLazyContainersAreRefused(root: String, message: String) throws {
        let p = try #require(problem(request(root)))
        #expect(p.status == 422)
        #expect(p.detail.contains(message), "\(p.detail)")
    }
}
