import Testing
@testable import LayoutClient

/// Every node type, written in the DSL, laid out by the real server. Expected frames are
/// derived by hand next to the numbers. The in-process server is configured with no fonts,
/// so its text measurer is Ahem (`LayoutRuntime`'s default `AhemMeasurer`), and `system`,
/// the family `.system(size:)` names, is Ahem here: every glyph 1em wide, lines 1em tall.
/// (`layoutd serve` measures `system` in DejaVu Sans.)
@Suite(.serialized) struct RoundTripTests {
    let server: TestServer
    let client: LayoutClient

    init() throws {
        server = try TestServer()
        client = server.client()
    }

    func layout(_ view: some View, _ width: Double? = 100, _ height: Double? = 100) async throws -> LayoutResponse {
        try await client.layout(view, bounds: Bounds(width: width, height: height))
    }

    @Test func intrinsicViewIsRigidAndCentred() async throws {
        defer { server.stop() }
        // 30×20 centred in 100×100: x = (100-30)/2, y = (100-20)/2.
        let response = try await layout(IntrinsicView(width: 30, height: 20).id("v"))
        #expect(response["v"] == Frame(x: 35, y: 40, width: 30, height: 20))
        #expect(response.size == Size(width: 30, height: 20))
        #expect(response.treeHash.count == 32)
        #expect(response.cache == .miss)
        #expect(response.metrics.nodes == 1)
        #expect(response.diff == nil)
    }

    @Test func rectangleAndResizableImageTakeTheProposal() async throws {
        defer { server.stop() }
        #expect(try await layout(Rectangle(), 100, 50)["root"] == Frame(x: 0, y: 0, width: 100, height: 50))
        // Unspecified proposal: the ideal size.
        #expect(try await layout(Rectangle(idealWidth: 12, idealHeight: 8), nil, nil)["root"] == Frame(x: 0, y: 0, width: 12, height: 8))
        #expect(try await layout(Image(width: 40, height: 40))["root"] == Frame(x: 30, y: 30, width: 40, height: 40))
        #expect(try await layout(Image(width: 40, height: 40).resizable())["root"] == Frame(x: 0, y: 0, width: 100, height: 100))
        #expect(try await layout(Color.red, 60, 20)["root"] == Frame(x: 0, y: 0, width: 60, height: 20))
    }

    @Test func textIsMeasuredAndWraps() async throws {
        defer { server.stop() }
        // "Hello" in 10 pt Ahem: 5 × 10 wide, 10 tall; centred: (100-50)/2, (100-10)/2.
        let one = try await layout(Text("Hello").font(.system(size: 10)))
        #expect(one["root"] == Frame(x: 25, y: 45, width: 50, height: 10))
        // "Hello world" is 110 wide; in 100 it breaks at the space: 2 lines of "Hello"/"world", 50 wide.
        let two = try await layout(Text("Hello world").font(.system(size: 10)))
        #expect(two["root"] == Frame(x: 25, y: 40, width: 50, height: 20))
        let limited = try await layout(Text("Hello world").font(.system(size: 10)).lineLimit(1))
        #expect(limited["root"]?.height == 10)
    }

    @Test func vstackSpacerAndDivider() async throws {
        defer { server.stop() }
        // Spacer takes what the two 10-tall views leave: 100 - 20; divider is 1 tall and
        // spans the stack's width (40, the widest child).
        let spaced = try await layout(
            VStack(spacing: 0) {
                IntrinsicView(width: 10, height: 10).id("a")
                Spacer().id("s")
                IntrinsicView(width: 10, height: 10).id("b")
            }.id("stack"))
        #expect(spaced["stack"]?.height == 100)
        #expect(spaced["s"]?.y == 10 && spaced["s"]?.height == 80)
        #expect(spaced["b"]?.y == 90)
        let divided = try await layout(
            VStack(spacing: 0) {
                IntrinsicView(width: 40, height: 10)
                Divider().id("d")
                IntrinsicView(width: 40, height: 10)
            }.id("stack"))
        // A Divider takes the whole width proposed across the stack (SwiftUI: a divider in a
        // VStack spans it, and the stack grows to the proposal, 100), so the stack is 100×21,
        // y = (100-21)/2 = 39.5; the 40-wide views are centred in it.
        #expect(divided["stack"] == Frame(x: 0, y: 39.5, width: 100, height: 21))
        #expect(divided["d"] == Frame(x: 0, y: 49.5, width: 100, height: 1))
        #expect(divided["stack/0"] == Frame(x: 30, y: 39.5, width: 40, height: 10))
    }

    @Test func hstackAndZStack() async throws {
        defer { server.stop() }
        // 10 + 5 + 20 = 35 wide, 20 tall; centred at x = 32.5, y = 40; the 10-tall view is
        // centred vertically: y = 40 + 5.
        let row = try await layout(
            HStack(spacing: 5) {
                IntrinsicView(width: 10, height: 10).id("small")
                IntrinsicView(width: 20, height: 20).id("big")
            }.id("row"))
        #expect(row["row"] == Frame(x: 32.5, y: 40, width: 35, height: 20))
        #expect(row["small"] == Frame(x: 32.5, y: 45, width: 10, height: 10))
        #expect(row["big"] == Frame(x: 47.5, y: 40, width: 20, height: 20))
        let stack = try await layout(
            ZStack(alignment: .topLeading) {
                IntrinsicView(width: 30, height: 30)
                IntrinsicView(width: 10, height: 10).id("top")
            })
        // 30×30 centred at 35, 35; the small view at its top-leading corner.
        #expect(stack["root"] == Frame(x: 35, y: 35, width: 30, height: 30))
        #expect(stack["top"] == Frame(x: 35, y: 35, width: 10, height: 10))
    }

    @Test func scrollViewReportsItsContent() async throws {
        defer { server.stop() }
        let response = try await layout(ScrollView { IntrinsicView(width: 50, height: 300).id("tall") }.id("feed"), 100, 200)
        #expect(response["feed"] == Frame(x: 0, y: 0, width: 100, height: 200))
        #expect(response.scroll["feed"]?.contentHeight == 300)
        #expect(response["tall"]?.y == 0 && response["tall"]?.height == 300)
    }

    @Test func geometryReaderTakesAllAndPlacesTopLeading() async throws {
        defer { server.stop() }
        let response = try await layout(GeometryReader { IntrinsicView(width: 10, height: 10).id("child") }.id("g"), 100, 80)
        #expect(response["g"] == Frame(x: 0, y: 0, width: 100, height: 80))
        #expect(response["child"] == Frame(x: 0, y: 0, width: 10, height: 10))
    }

    @Test func transparentGroupDividedAndForEach() async throws {
        defer { server.stop() }
        let response = try await layout(
            VStack(spacing: 0) {
                Group {
                    IntrinsicView(width: 10, height: 10)
                    IntrinsicView(width: 10, height: 10)
                }.id("group")
                Divided(thickness: 2) {
                    IntrinsicView(width: 10, height: 10)
                    IntrinsicView(width: 10, height: 10)
                }.id("divided")
                ForEach(["a", "b"]) { IntrinsicView(width: 10, height: 10) }.id("each")
            })
        // Stack: 20 (group) + 22 (divided) + 20 (foreach) = 62 tall, y0 = (100-62)/2 = 19; the
        // divider spans the proposed width, so the stack is 100 wide and the views centred at 45.
        // A transparent node's frame is the union of its children's (dividers included).
        #expect(response["root"] == Frame(x: 0, y: 19, width: 100, height: 62))
        #expect(response["group"] == Frame(x: 45, y: 19, width: 10, height: 20))
        #expect(response["divided"] == Frame(x: 0, y: 39, width: 100, height: 22))
        #expect(response["divided/divider/0"] == Frame(x: 0, y: 49, width: 100, height: 2))
        // A copy is `<foreach id>/<datum>`.
        #expect(response["each"] == Frame(x: 45, y: 61, width: 10, height: 20))
        #expect(response["each/a"] == Frame(x: 45, y: 61, width: 10, height: 10))
        #expect(response["each/b"] == Frame(x: 45, y: 71, width: 10, height: 10))
        #expect(response["a"] == nil)
    }

    @Test func idsInsideAForEachCopyAreScopedUnderIt() async throws {
        defer { server.stop() }
        let label = IntrinsicView(width: 10, height: 10).id("label")
        let response = try await layout(
            VStack(spacing: 0) { ForEach(["x", "y"]) { HStack(spacing: 0) { label; IntrinsicView(width: 20, height: 10) } } })
        // The foreach is `root/0` (no id), its copies `root/0/x` and `root/0/y`; a given id is
        // `<copy id>/label`, a derived one `<copy id>/<index>`. Rows 30×10, stacked: 30×20
        // centred at (35, 40).
        #expect(response["root/0/x"] == Frame(x: 35, y: 40, width: 30, height: 10))
        #expect(response["root/0/x/label"] == Frame(x: 35, y: 40, width: 10, height: 10))
        #expect(response["root/0/x/1"] == Frame(x: 45, y: 40, width: 20, height: 10))
        #expect(response["root/0/y/label"] == Frame(x: 35, y: 50, width: 10, height: 10))
        // By view: the first copy's.
        #expect(response.frame(of: label) == Frame(x: 35, y: 40, width: 10, height: 10))
        #expect(response.hierarchy.contains("    view [root/0/y/label] (35, 50, 10×10)"))
    }

    @Test func nestedForEachesNestTheScopes() async throws {
        defer { server.stop() }
        let response = try await layout(
            VStack(spacing: 0) {
                ForEach(["p"]) {
                    VStack(spacing: 0) { ForEach(1..<3) { HStack { IntrinsicView(width: 10, height: 10).id("dot") } }.id("inner") }
                }
            })
        // Outer copy `root/0/p` (its content); the inner foreach's given id is scoped under
        // it, its copies under that, and `dot` under each copy. Two 10×10 dots stacked:
        // 10×20 centred at (45, 40).
        #expect(response["root/0/p"] == Frame(x: 45, y: 40, width: 10, height: 20))
        #expect(response["root/0/p/inner"] == Frame(x: 45, y: 40, width: 10, height: 20))
        #expect(response["root/0/p/inner/1/dot"] == Frame(x: 45, y: 40, width: 10, height: 10))
        #expect(response["root/0/p/inner/2/dot"] == Frame(x: 45, y: 50, width: 10, height: 10))
        #expect(response.hierarchy.contains("view [root/0/p/inner/2/dot] (45, 50, 10×10)"))
    }

    @Test func numericForEachDataNameTheCopies() async throws {
        defer { server.stop() }
        let response = try await layout(VStack(spacing: 0) { ForEach(0..<2) { IntrinsicView(width: 10, height: 10) } })
        // The foreach is `root/0`; its copies are named by their datum printed without a
        // fraction: `root/0/0`, `root/0/1`; 20 tall, y0 = (100-20)/2 = 40.
        #expect(response["root/0/0"] == Frame(x: 45, y: 40, width: 10, height: 10))
        #expect(response["root/0/1"] == Frame(x: 45, y: 50, width: 10, height: 10))
        #expect(response.hierarchy.contains("view [root/0/1] (45, 50, 10×10)"))
    }

    @Test func formSectionInsetsRowsByTheDocumentedDefaults() async throws {
        defer { server.stop() }
        let response = try await layout(
            Form {
                Section { IntrinsicView(width: 100, height: 10).id("row") } header: { Text("H").id("header") }
            }.id("form"), 390, 844)
        // horizontalMargin 20 + rowInsets.leading 20 = 40 (openapi.yaml FormStyle defaults).
        #expect(response["row"]?.x == 40)
        #expect(response["form"]?.width == 390)
        #expect(response["header"] != nil)
    }

    @Test func gridColumnsAreAsWideAsTheirWidestCell() async throws {
        defer { server.stop() }
        let response = try await layout(
            Grid(horizontalSpacing: 0, verticalSpacing: 0) {
                GridRow {
                    IntrinsicView(width: 10, height: 10).id("a")
                    IntrinsicView(width: 30, height: 10).id("b")
                }
                GridRow {
                    IntrinsicView(width: 20, height: 20).id("c")
                    IntrinsicView(width: 10, height: 10).id("d")
                }
            }.id("grid"))
        // Columns 20 and 30, rows 10 and 20: 50×30 centred at (25, 35). Cells are centred:
        // a at 25 + (20-10)/2; d at 25 + 20 + (30-10)/2, 35 + 10 + (20-10)/2.
        #expect(response["grid"] == Frame(x: 25, y: 35, width: 50, height: 30))
        #expect(response["a"] == Frame(x: 30, y: 35, width: 10, height: 10))
        #expect(response["b"] == Frame(x: 45, y: 35, width: 30, height: 10))
        #expect(response["c"] == Frame(x: 25, y: 45, width: 20, height: 20))
        #expect(response["d"] == Frame(x: 55, y: 50, width: 10, height: 10))
    }

    @Test func lazyStacksTakeTheCrossAxisProposed() async throws {
        defer { server.stop() }
        let column = try await layout(
            LazyVStack(alignment: .leading, spacing: 0) {
                IntrinsicView(width: 10, height: 10).id("a")
                IntrinsicView(width: 20, height: 10).id("b")
            }.id("column"))
        // openapi.yaml LazyVStackNode: the whole width proposed (100), children aligned in it
        // (leading); 20 tall, y0 = (100-20)/2 = 40.
        #expect(column["column"] == Frame(x: 0, y: 40, width: 100, height: 20))
        #expect(column["a"] == Frame(x: 0, y: 40, width: 10, height: 10))
        #expect(column["b"] == Frame(x: 0, y: 50, width: 20, height: 10))
        let row = try await layout(
            LazyHStack(alignment: .bottom, spacing: 5) {
                IntrinsicView(width: 10, height: 10).id("a")
                IntrinsicView(width: 10, height: 20).id("b")
            }.id("row"))
        // The axes swapped: the whole height (100), 25 wide at x0 = (100-25)/2 = 37.5, bottom-aligned.
        #expect(row["row"] == Frame(x: 37.5, y: 0, width: 25, height: 100))
        #expect(row["a"] == Frame(x: 37.5, y: 90, width: 10, height: 10))
        #expect(row["b"] == Frame(x: 52.5, y: 80, width: 10, height: 20))
    }

    @Test func lazyVGridFillsFixedColumnsRowByRow() async throws {
        defer { server.stop() }
        let response = try await layout(
            LazyVGrid(columns: [GridItem(.fixed(40), spacing: 0), GridItem(.fixed(40))], spacing: 0) {
                IntrinsicView(width: 10, height: 10).id("a")
                IntrinsicView(width: 10, height: 10).id("b")
                IntrinsicView(width: 10, height: 20).id("c")
            }.id("grid"))
        // openapi.yaml GridItem: two 40-wide tracks, no spacing: 80 wide; rows 10 and 20 tall
        // (the tallest cell), 30 in all; centred: (10, 35). Cells are centred in their tracks:
        // a at 10 + (40-10)/2 = 25, b at 50 + 15 = 65; c starts the second row at y = 45.
        #expect(response["grid"] == Frame(x: 10, y: 35, width: 80, height: 30))
        #expect(response["a"] == Frame(x: 25, y: 35, width: 10, height: 10))
        #expect(response["b"] == Frame(x: 65, y: 35, width: 10, height: 10))
        #expect(response["c"] == Frame(x: 25, y: 45, width: 10, height: 20))
    }

    @Test func viewThatFitsChoosesTheFirstChildThatFits() async throws {
        defer { server.stop() }
        let response = try await layout(
            ViewThatFits(in: .horizontal) {
                IntrinsicView(width: 200, height: 10).id("wide")
                IntrinsicView(width: 50, height: 10).id("narrow")
            }.id("fits"))
        // 200 does not fit the 100 proposed, 50 does; the node takes its size, centred:
        // ((100-50)/2, (100-10)/2). The child not chosen is not laid out.
        #expect(response["fits"] == Frame(x: 25, y: 45, width: 50, height: 10))
        #expect(response["narrow"] == Frame(x: 25, y: 45, width: 50, height: 10))
        #expect(response["wide"] == nil)
    }

    @Test func fontWeightAndTrackingReachTheServer() async throws {
        defer { server.stop() }
        // Ahem has one face, so a weight changes nothing; tracking adds 2 after each of the
        // 5 glyphs: 5 × (10 + 2) = 60 wide, 10 tall.
        let tracked = try await layout(Text("Hello").font(.system(size: 10)).bold().tracking(2))
        #expect(tracked["root"]?.width == 60 && tracked["root"]?.height == 10)
        // lineSpacing 4 between the two lines of "Hello world": 10 + 4 + 10.
        let spaced = try await layout(Text("Hello world").font(.system(size: 10)).lineSpacing(4))
        #expect(spaced["root"]?.height == 24)
    }

    @Test func flexGrowsAndStretchesItems() async throws {
        defer { server.stop() }
        let response = try await layout(
            Flex(FlexStyle().width(200).height(100)) {
                Rectangle().flexItem(FlexStyle().flexGrow(1)).id("grow")
                Rectangle().flexItem(FlexStyle().width(50)).id("fixed")
            }.id("flex"), 200, 100)
        // CSS: row; the fixed item is 50 wide, the growing one takes 200 - 50 - its basis
        // (a rect's content size, 10 by default) plus its basis = 150; align-items stretch: 100 tall.
        #expect(response["flex"] == Frame(x: 0, y: 0, width: 200, height: 100))
        #expect(response["grow"] == Frame(x: 0, y: 0, width: 150, height: 100))
        #expect(response["fixed"] == Frame(x: 150, y: 0, width: 50, height: 100))
    }

    @Test func everyModifierOfTheCatalogIsAcceptedAndNamesItsContent() async throws {
        defer { server.stop() }
        for node in Catalog.modified {
            let response = try await layout(VStack { node }, 200, 200)
            #expect(response["root/0"] != nil, "\(node.json.text)")
            let hasContent = node.modifiers.contains { $0["background"] != nil || $0["overlay"] != nil }
            if hasContent {
                #expect(response["root/0/background"] != nil || response["root/0/overlay"] != nil)
            }
        }
    }

    @Test func everyCatalogNodeIsAcceptedAndEveryIdGetsAFrame() async throws {
        defer { server.stop() }
        for node in Catalog.nodes {
            let response = try await layout(VStack { node }, 300, 300)
            var ids: [String] = []
            IdentityWalk.visit(try #require(response.root)) { _, id, _ in ids.append(id) }
            #expect(ids.count >= 2)
            for id in ids { #expect(response[id] != nil, "\(node.type): no frame for \(id)") }
        }
    }

    @Test func framesAreFoundByView() async throws {
        defer { server.stop() }
        let title = Text("Inbox").font(.system(size: 20))
        let response = try await layout(VStack(spacing: 0) { title; IntrinsicView(width: 10, height: 10) })
        // Not given an id, the text is `root/0`; "Inbox" in 20 pt Ahem: 100 wide, 20 tall at the
        // top of a 30-tall stack.
        #expect(response.frame(of: title) == response["root/0"])
        #expect(response.frame(of: title) == Frame(x: 0, y: 35, width: 100, height: 20))
    }
}
