/// `lazyvstack`: SwiftUI's LazyVStack; unlike a VStack it takes the whole width proposed.
/// Every child is laid out (the service has no viewport).
public struct LazyVStack: PrimitiveView {
    public var node: Node
    public init(alignment: HorizontalAlignment? = nil, spacing: Double? = nil, @ViewBuilder content: () -> ViewList) {
        node = Node(
            type: "lazyvstack", members: members(("alignment", alignment?.json), ("spacing", spacing.map(JSONValue.number))),
            children: content().nodes)
    }
}

/// `lazyhstack`: SwiftUI's LazyHStack; it takes the whole height proposed.
public struct LazyHStack: PrimitiveView {
    public var node: Node
    public init(alignment: VerticalAlignment? = nil, spacing: Double? = nil, @ViewBuilder content: () -> ViewList) {
        node = Node(
            type: "lazyhstack", members: members(("alignment", alignment?.json), ("spacing", spacing.map(JSONValue.number))),
            children: content().nodes)
    }
}

/// `lazyvgrid`: SwiftUI's LazyVGrid; `columns` split the width, the children fill them row
/// by row, rows `spacing` apart.
public struct LazyVGrid: PrimitiveView {
    public var node: Node
    public init(
        columns: [GridItem], alignment: HorizontalAlignment? = nil, spacing: Double? = nil,
        @ViewBuilder content: () -> ViewList
    ) {
        node = Node(
            type: "lazyvgrid",
            members: members(
                ("columns", .array(columns.map(\.json))), ("alignment", alignment?.json),
                ("spacing", spacing.map(JSONValue.number))),
            children: content().nodes)
    }
}

/// `lazyhgrid`: SwiftUI's LazyHGrid; `rows` split the height, the children fill them column
/// by column, columns `spacing` apart.
public struct LazyHGrid: PrimitiveView {
    public var node: Node
    public init(
        rows: [GridItem], alignment: VerticalAlignment? = nil, spacing: Double? = nil, @ViewBuilder content: () -> ViewList
    ) {
        node = Node(
            type: "lazyhgrid",
            members: members(
                ("rows", .array(rows.map(\.json))), ("alignment", alignment?.json),
                ("spacing", spacing.map(JSONValue.number))),
            children: content().nodes)
    }
}

/// A track of a lazy grid (openapi.yaml `GridItem`), as SwiftUI writes it:
/// `GridItem(.fixed(40))`, `GridItem(.flexible(minimum: 20))`, `GridItem(.adaptive(minimum: 80), spacing: 4)`.
/// A bound left nil is not sent (SwiftUI's defaults are the wire's: flexible minimum 10,
/// maximums infinity, spacing 8).
public struct GridItem: Sendable, Hashable {
    public enum Size: Sendable, Hashable {
        case fixed(Double)
        case flexible(minimum: Double? = nil, maximum: Double? = nil)
        case adaptive(minimum: Double, maximum: Double? = nil)
    }

    public var size: Size
    /// After this item's track(s), and between an adaptive item's tracks.
    public var spacing: Double?

    public init(_ size: Size = .flexible(), spacing: Double? = nil) {
        self.size = size
        self.spacing = spacing
    }

    var json: JSONValue {
        var object: [String: JSONValue] = [:]
        switch size {
        case .fixed(let length):
            object["fixed"] = .number(length)
        case .flexible(let minimum, let maximum):
            object["flexible"] = .object(members(("minimum", minimum.map(JSONValue.number)), ("maximum", maximum.map(bound))))
        case .adaptive(let minimum, let maximum):
            object["adaptive"] = .object(members(("minimum", .number(minimum)), ("maximum", maximum.map(bound))))
        }
        object["spacing"] = spacing.map(JSONValue.number)
        return .object(object)
    }

    /// A maximum: a number, or `"infinity"` for `.infinity`.
    private func bound(_ value: Double) -> JSONValue { value == .infinity ? "infinity" : .number(value) }
}

/// `viewthatfits`: SwiftUI's ViewThatFits, `ViewThatFits(in: .horizontal) { wide; narrow }`:
/// the first child whose ideal size fits the proposal on `axes`, else the last. The
/// children not chosen get no frame.
public struct ViewThatFits: PrimitiveView {
    public var node: Node
    /// `axes` empty is not expressible on the wire and is sent as the default (both).
    public init(in axes: Axis.Set = [.horizontal, .vertical], @ViewBuilder content: () -> ViewList) {
        node = Node(type: "viewthatfits", members: members(("axes", axes.json)), children: content().nodes)
    }
}
