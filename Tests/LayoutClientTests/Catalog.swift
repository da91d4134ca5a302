import LayoutClient

/// DSL views that use every member of every node type and every modifier the DSL offers.
/// The contract tests read the wire JSON they produce, so a member the DSL cannot express
/// shows up as missing.
enum Catalog {
    static let style = FlexStyle().flexGrow(1)

    /// One view per node type, with all of its type's own members set.
    static let nodes: [Node] = [
        IntrinsicView(width: 30, height: 20).resolvedNode,
        Rectangle(idealWidth: 10, idealHeight: 10).resolvedNode,
        Image(width: 40, height: 40).resizable().resolvedNode,
        Text("Hello").font(.custom("Ahem", size: 10).weight(.bold).italic().lineHeight(12).fallback()).lineSpacing(2)
            .tracking(1).lineLimit(2).multilineTextAlignment(.center).truncationMode(.middle).resolvedNode,
        Spacer(minLength: 4).resolvedNode,
        Divider(thickness: 2).resolvedNode,
        VStack(alignment: .leading, spacing: 4) { Text("a") }.resolvedNode,
        HStack(alignment: .firstTextBaseline, spacing: 4) { Text("a") }.resolvedNode,
        ZStack(alignment: .topLeading) { Text("a") }.resolvedNode,
        ScrollView(.horizontal) { Text("a") }.resolvedNode,
        GeometryReader { Text("a") }.resolvedNode,
        Group { Text("a") }.resolvedNode,
        Divided(thickness: 1) { Text("a"); Text("b") }.resolvedNode,
        ForEach(["x", "y"]) { HStack { Text("row").id("label") } }.resolvedNode,
        Form(style: FormStyle().minRowHeight(40)) { Text("a") }.resolvedNode,
        Section { Text("row") } header: { Text("Header") } footer: { Text("Footer") }.resolvedNode,
        Grid(alignment: .leading, horizontalSpacing: 2, verticalSpacing: 2) { GridRow { Text("a") } }.resolvedNode,
        GridRow(alignment: .top) { Text("a") }.resolvedNode,
        Flex(FlexStyle().flexDirection(.column)) { Text("a") }.resolvedNode,
        LazyVStack(alignment: .leading, spacing: 4) { Text("a") }.resolvedNode,
        LazyHStack(alignment: .top, spacing: 4) { Text("a") }.resolvedNode,
        LazyVGrid(
            columns: [GridItem(.fixed(40), spacing: 4), GridItem(.flexible(minimum: 20, maximum: 80)), GridItem(.adaptive(minimum: 30))],
            alignment: .leading, spacing: 4
        ) { Text("a"); Text("b") }.resolvedNode,
        LazyHGrid(rows: [GridItem(.fixed(20)), GridItem()], alignment: .top, spacing: 4) { Text("a") }.resolvedNode,
        ViewThatFits(in: .horizontal) { Text("a") }.resolvedNode,
    ]

    /// Every modifier form the DSL offers, each on a plain rectangle.
    static let modified: [Node] = [
        Rectangle().padding(),
        Rectangle().padding(8),
        Rectangle().padding(.horizontal, 12),
        Rectangle().padding(.vertical, 12),
        Rectangle().padding(.all, 12),
        Rectangle().padding([.top, .leading, .bottom, .trailing], .percent(5)),
        Rectangle().padding(EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)),
        Rectangle().frame(width: 100, height: .percent(50), alignment: .leading),
        Rectangle().frame(minWidth: 0, idealWidth: 50, maxWidth: .infinity, minHeight: 0, idealHeight: 30, maxHeight: 40, alignment: .top),
        Rectangle().offset(x: 10, y: -4),
        Rectangle().position(x: 50, y: 50),
        Rectangle().aspectRatio(1.5, contentMode: .fill),
        Rectangle().scaledToFit(),
        Rectangle().fixedSize(),
        Rectangle().fixedSize(horizontal: true, vertical: false),
        Rectangle().layoutPriority(1),
        Rectangle().background(alignment: .center) { Text("bg") },
        Rectangle().overlay(Text("ov"), alignment: .bottom),
        Rectangle().ignoresSafeArea(),
        Rectangle().ignoresSafeArea(edges: .top),
        Rectangle().ignoresSafeArea(edges: [.top, .leading]),
        Rectangle().gridCellColumns(2),
        Rectangle().gridColumnAlignment(.trailing),
        Rectangle().gridCellAnchor(.topLeading),
        Rectangle().gridCellAnchor(UnitPoint(x: 0.25, y: 0.75)),
        Rectangle().gridCellUnsizedAxes(.horizontal),
        Rectangle().alignmentGuide(.center, axis: .horizontal, value: 20),
    ]
}
