import Testing

@testable import LayoutEngine

/// ZStack, ScrollView, GeometryReader, Grid and Form, derived by hand from the rules.
@Suite struct ContainerTests {
    @Test func zstackAlignsChildrenInTheUnion() throws {
        // ZStack(alignment:) { 100×50, 20×20 } in 200×200: the stack is 100×50, centred at (50, 75).
        let cases: [(String, Rect)] = [
            ("topLeading", rect(50, 75, 20, 20)), ("bottomTrailing", rect(130, 105, 20, 20)),
            ("center", rect(90, 90, 20, 20)),
        ]
        for (alignment, expected) in cases {
            let f = try frames(
                request(
                    #"{"type":"zstack","id":"z","alignment":"\#(alignment)","children":[{"type":"view","id":"big","size":{"width":100,"height":50}},{"type":"view","id":"small","size":{"width":20,"height":20}}]}"#,
                    width: "200", height: "200"))
            expectFrame(f["z"], rect(50, 75, 100, 50))
            expectFrame(f["big"], rect(50, 75, 100, 50))
            expectFrame(f["small"], expected, "\(alignment)")
        }
    }

    @Test func zstackOffersItsSizeWhenPlacing() throws {
        // ZStack { Rectangle(); view 40×30 } unspecified: rect ideal 10×10, union 40×30; placed
        // with 40×30 offered, the rect fills it.
        let f = try frames(
            request(
                #"{"type":"zstack","children":[{"type":"rect","id":"r"},{"type":"view","id":"v","size":{"width":40,"height":30}}]}"#,
                width: "null", height: "null"))
        expectFrame(f["r"], rect(0, 0, 40, 30))
        expectFrame(f["v"], rect(0, 0, 40, 30))
    }

    @Test func zstackSizesFromHighestPriorityChildren() throws {
        // ZStack { view 100×100, view 20×20 .layoutPriority(1) } unspecified: only the
        // prioritised child sizes the stack (20×20); the big one overflows, centred.
        let f = try frames(
            request(
                #"{"type":"zstack","id":"z","children":[{"type":"view","id":"big","size":{"width":100,"height":100}},{"type":"view","id":"small","size":{"width":20,"height":20},"modifiers":[{"layoutPriority":1}]}]}"#,
                width: "null", height: "null"))
        expectFrame(f["z"], rect(0, 0, 20, 20))
        expectFrame(f["big"], rect(-40, -40, 100, 100))
    }

    @Test func verticalScrollStacksChildrenAndReportsContent() throws {
        // ScrollView { rect.frame(height: 300) ×2 } in 390×500: as big as proposed; content
        // proposed (390, nil) → a VStack 390 × (300 + 8 + 300).
        let json = request(
            #"{"type":"scroll","id":"s","children":[{"type":"rect","id":"a","modifiers":[{"frame":{"height":300}}]},{"type":"rect","id":"b","modifiers":[{"frame":{"height":300}}]}]}"#,
            width: "390", height: "500")
        let f = try frames(json)
        expectFrame(f["s"], rect(0, 0, 390, 500))
        expectFrame(f["a"], rect(0, 0, 390, 300))
        expectFrame(f["b"], rect(0, 308, 390, 300))
        let response = try #require(try? uncachedRuntime.layout(Array(json.utf8)).get())
        let text = String(decoding: response.body, as: UTF8.self)
        #expect(text.contains(#""scroll":{"s":{"contentWidth":390,"contentHeight":608}}"#))
    }

    @Test func horizontalScrollCentresAcross() throws {
        // ScrollView(.horizontal) { view 50×20, view 50×20 } in 100×100: content 108×20,
        // at x 0, centred vertically: y 40.
        let f = try frames(
            request(
                #"{"type":"scroll","axes":"horizontal","children":[{"type":"view","id":"a","size":{"width":50,"height":20}},{"type":"view","id":"b","size":{"width":50,"height":20}}]}"#,
                width: "100", height: "100"))
        expectFrame(f["a"], rect(0, 40, 50, 20))
        expectFrame(f["b"], rect(58, 40, 50, 20))
    }

    @Test func geometryReaderTakesAllSpaceAndPlacesTopLeading() throws {
        let f = try frames(
            request(
                #"{"type":"geometry","id":"g","children":[{"type":"rect","id":"r"},{"type":"view","id":"v","size":{"width":20,"height":20}}]}"#,
                width: "200", height: "100"))
        expectFrame(f["g"], rect(0, 0, 200, 100))
        expectFrame(f["r"], rect(0, 0, 200, 100))
        expectFrame(f["v"], rect(0, 0, 20, 20))
    }

    @Test func gridColumnsFromTheWidestCell() throws {
        // Grid (spacing 8) { row{30×10, 50×20}, row{40×10, 10×10} }: columns 40, 50; rows 20, 10.
        // Size 98×38. Cells centred in their cell box.
        let f = try frames(
            request(
                #"{"type":"grid","id":"g","children":[{"type":"gridrow","id":"r0","children":[{"type":"view","id":"a","size":{"width":30,"height":10}},{"type":"view","id":"b","size":{"width":50,"height":20}}]},{"type":"gridrow","id":"r1","children":[{"type":"view","id":"c","size":{"width":40,"height":10}},{"type":"view","id":"d","size":{"width":10,"height":10}}]}]}"#,
                width: "null", height: "null"))
        expectFrame(f["g"], rect(0, 0, 98, 38))
        expectFrame(f["a"], rect(5, 5, 30, 10))
        expectFrame(f["b"], rect(48, 0, 50, 20))
        expectFrame(f["c"], rect(0, 28, 40, 10))
        expectFrame(f["d"], rect(68, 28, 10, 10))
        expectFrame(f["r0"], rect(0, 0, 98, 20))
    }

    @Test func gridSpanningRowAndRowAlignment() throws {
        // Grid(alignment: .leading) { row(alignment: .top){20×10, 30×30}, Divider-like rect }:
        // columns 20, 30 → 58 wide; the spanning rect (ideal 10 tall) is offered 58×10.
        let f = try frames(
            request(
                #"{"type":"grid","alignment":"leading","children":[{"type":"gridrow","alignment":"top","children":[{"type":"view","id":"a","size":{"width":20,"height":10}},{"type":"view","id":"b","size":{"width":30,"height":30}}]},{"type":"rect","id":"span"}]}"#,
                width: "null", height: "null"))
        expectFrame(f["a"], rect(0, 0, 20, 10))
        expectFrame(f["span"], rect(0, 38, 58, 10))
    }

    @Test func formCardsRowsSeparatorsAndFlattenedSections() throws {
        // Form (defaults: margin 20, row insets 11/20/11/20, min row 44, separator 0.5, section
        // spacing 35, header spacing 6) in 390×800. Card 350 wide at x 20; rows offered 310.
        // y = 35; header "H" (10×10) at (40, 35); y = 51 = card top.
        // Rows (nested section flattened): 100×20 → 44 tall, content at 51 + 12 = 63; y 95;
        // separator (40, 95, 330, 0.5); 100×30 → 52 tall at 95.5 + 11 = 106.5; y 147.5;
        // separator at 147.5; 100×10 → 44 tall at 148 + 17 = 165; y 192. Section (20, 51, 350, 141).
        // y + 35 = 227: the standalone row 50×50 → 72 tall, content at 238.
        let f = try frames(
            request(
                #"""
                {"type":"form","id":"f","children":[
                  {"type":"section","id":"s","header":{"type":"text","text":"H","font":{"size":10}},"children":[
                    {"type":"view","size":{"width":100,"height":20}},
                    {"type":"section","header":{"type":"view","size":{"width":5,"height":5}},"children":[{"type":"view","size":{"width":100,"height":30}}]},
                    {"type":"view","size":{"width":100,"height":10}}]},
                  {"type":"view","size":{"width":50,"height":50}}]}
                """#, width: "390", height: "800"))
        expectFrame(f["f"], rect(0, 0, 390, 800))
        expectFrame(f["s/header"], rect(40, 35, 10, 10))
        expectFrame(f["s"], rect(20, 51, 350, 141))
        expectFrame(f["s/0"], rect(40, 63, 100, 20))
        expectFrame(f["s/divider/0"], rect(40, 95, 330, 0.5))
        expectFrame(f["s/1/0"], rect(40, 106.5, 100, 30))
        expectFrame(f["s/1"], rect(40, 106.5, 100, 30))  // flattened: the union of its rows
        expectFrame(f["s/divider/1"], rect(40, 147.5, 330, 0.5))
        expectFrame(f["s/2"], rect(40, 165, 100, 10))
        expectFrame(f["f/1"], rect(40, 238, 50, 50))
        // The flattened section's header is validated but never laid out.
        #expect(f["s/1/header"] == nil)
        #expect(f.count == 10)
    }

    @Test func formFlatteningKeepsDepthFirstOrder() throws {
        // Section { a, Section { b, Section { c }, d }, e } → rows a b c d e, 44 tall each
        // (views 10 tall), separated by 0.5: row k content at 35 + k·44.5 + 17.
        let f = try frames(
            request(
                #"""
                {"type":"form","children":[{"type":"section","id":"s","children":[
                  {"type":"view","id":"a","size":{"width":10,"height":10}},
                  {"type":"section","children":[{"type":"view","id":"b","size":{"width":10,"height":10}},
                     {"type":"section","children":[{"type":"view","id":"c","size":{"width":10,"height":10}}]},
                     {"type":"view","id":"d","size":{"width":10,"height":10}}]},
                  {"type":"view","id":"e","size":{"width":10,"height":10}}]}]}
                """#, width: "390", height: "800"))
        for (position, id) in ["a", "b", "c", "d", "e"].enumerated() {
            expectFrame(f[id], rect(40, 35 + Double(position) * 44.5 + 17, 10, 10), "row \(id)")
        }
    }

    @Test func formStyleOverrides() throws {
        // minRowHeight 0, rowInsets all 0, margins 0, spacing 0: rows are exactly their content.
        let f = try frames(
            request(
                #"{"type":"form","style":{"horizontalMargin":0,"rowInsets":{"all":0},"minRowHeight":0,"sectionSpacing":0,"separatorThickness":1},"children":[{"type":"view","id":"a","size":{"width":10,"height":10}},{"type":"view","id":"b","size":{"width":10,"height":10}}]}"#,
                width: "100", height: "100"))
        expectFrame(f["a"], rect(0, 0, 10, 10))
        expectFrame(f["root/divider/0"], rect(0, 10, 100, 1))
        expectFrame(f["b"], rect(0, 11, 10, 10))
    }
}
