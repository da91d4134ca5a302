/// `vstack`: SwiftUI's VStack.
public struct VStack: PrimitiveView {
    public var node: Node
    public init(alignment: HorizontalAlignment? = nil, spacing: Double? = nil, @ViewBuilder content: () -> ViewList) {
        node = Node(
            type: "vstack", members: members(("alignment", alignment?.json), ("spacing", spacing.map(JSONValue.number))),
            children: content().nodes)
    }
}

/// `hstack`: SwiftUI's HStack (right to left under `rtl`).
public struct HStack: PrimitiveView {
    public var node: Node
    public init(alignment: VerticalAlignment? = nil, spacing: Double? = nil, @ViewBuilder content: () -> ViewList) {
        node = Node(
            type: "hstack", members: members(("alignment", alignment?.json), ("spacing", spacing.map(JSONValue.number))),
            children: content().nodes)
    }
}

/// `zstack`: overlays its children.
public struct ZStack: PrimitiveView {
    public var node: Node
    public init(alignment: Alignment? = nil, @ViewBuilder content: () -> ViewList) {
        node = Node(type: "zstack", members: members(("alignment", alignment?.json)), children: content().nodes)
    }
}

/// `scroll`: SwiftUI's ScrollView; its content size comes back in `LayoutResponse.scroll`.
public struct ScrollView: PrimitiveView {
    public enum Axes: String, Sendable { case vertical, horizontal, both }
    public var node: Node
    public init(_ axes: Axes? = nil, @ViewBuilder content: () -> ViewList) {
        node = Node(type: "scroll", members: members(("axes", axes?.json)), children: content().nodes)
    }
}

/// `geometry`: GeometryReader. The proxy's size is only known after layout, so the
/// content is built once, without it.
public struct GeometryReader: PrimitiveView {
    public var node: Node
    public init(@ViewBuilder content: () -> ViewList) {
        node = Node(type: "geometry", children: content().nodes)
    }
}

/// `group`: transparent; its children join the parent's, its modifiers apply to each.
public struct Group: PrimitiveView {
    public var node: Node
    public init(@ViewBuilder content: () -> ViewList) {
        node = Node(type: "group", children: content().nodes)
    }
}

/// `divided`: transparent like `Group`, with a divider between consecutive children
/// (SwiftUI's `_VariadicView` dividers as in `List`).
public struct Divided: PrimitiveView {
    public var node: Node
    public init(thickness: Double? = nil, @ViewBuilder content: () -> ViewList) {
        node = Node(type: "divided", members: members(("thickness", thickness.map(JSONValue.number))), children: content().nodes)
    }
}

/// A `ForEach` datum: a string or a number (the copy's id is the datum as text).
public enum ForEachDatum: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    case string(String)
    case number(Double)
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    var json: JSONValue {
        switch self {
        case .string(let value): .string(value)
        case .number(let value): .number(value)
        }
    }
}

/// `foreach`: one copy of `content` per datum, laid out by the service. Unlike SwiftUI's
/// ForEach the content does not vary with the datum: it is one template, which keeps the
/// request small. (A Swift `for` loop in a builder sends each row whole instead.)
public struct ForEach: PrimitiveView {
    public var node: Node
    public init(_ data: [ForEachDatum], @ViewBuilder content: () -> ViewList) {
        node = Node(type: "foreach", members: ["data": .array(data.map(\.json)), "content": content().node.json])
    }
    public init(_ data: [String], @ViewBuilder content: () -> ViewList) {
        self.init(data.map(ForEachDatum.string), content: content)
    }
    public init(_ data: Range<Int>, @ViewBuilder content: () -> ViewList) {
        self.init(data.map { ForEachDatum.number(Double($0)) }, content: content)
    }
}

/// `form`: a grouped list; top-level sections are cards.
public struct Form: PrimitiveView {
    public var node: Node
    public init(style: FormStyle? = nil, @ViewBuilder content: () -> ViewList) {
        node = Node(type: "form", members: members(("style", style?.json)), children: content().nodes)
    }
}

/// `section`: a card in a form (flattened when nested), with optional header and footer.
public struct Section: PrimitiveView {
    public var node: Node
    public init(@ViewBuilder content: () -> ViewList) {
        node = Node(type: "section", children: content().nodes)
    }
    public init(
        @ViewBuilder content: () -> ViewList, @ViewBuilder header: () -> ViewList, @ViewBuilder footer: () -> ViewList = { ViewList([]) }
    ) {
        let header = header().nodes
        let footer = footer().nodes
        node = Node(
            type: "section",
            members: members(
                ("header", header.isEmpty ? nil : ViewList(header).node.json),
                ("footer", footer.isEmpty ? nil : ViewList(footer).node.json)),
            children: content().nodes)
    }
    /// A section with a text header, as `Section("Account") { ... }`.
    public init(_ title: String, @ViewBuilder content: () -> ViewList) {
        self.init(content: content, header: { Text(title) })
    }
}

/// `grid`: SwiftUI Grid; a child that is not a `GridRow` spans all columns.
public struct Grid: PrimitiveView {
    public var node: Node
    public init(
        alignment: Alignment? = nil, horizontalSpacing: Double? = nil, verticalSpacing: Double? = nil,
        @ViewBuilder content: () -> ViewList
    ) {
        node = Node(
            type: "grid",
            members: members(
                ("alignment", alignment?.json), ("horizontalSpacing", horizontalSpacing.map(JSONValue.number)),
                ("verticalSpacing", verticalSpacing.map(JSONValue.number))),
            children: content().nodes)
    }
}

/// `gridrow`: one row of a grid; `alignment` overrides the grid's vertical alignment.
public struct GridRow: PrimitiveView {
    public var node: Node
    public init(alignment: VerticalAlignment? = nil, @ViewBuilder content: () -> ViewList) {
        node = Node(type: "gridrow", members: members(("alignment", alignment?.json)), children: content().nodes)
    }
}

/// `flex`: a CSS flexbox container.
public struct Flex: PrimitiveView {
    public var node: Node
    public init(_ style: FlexStyle = FlexStyle(), @ViewBuilder content: () -> ViewList) {
        let style = style.json
        node = Node(
            type: "flex", members: members(("style", style == [:] ? nil : style)), children: content().nodes)
    }
}
