/// SwiftUI's modifiers, as wire modifiers (openapi.yaml `Modifier`). Each appends one
/// entry to the node's `modifiers`, so chaining order is the wire order (first = innermost).
extension View {
    func modified(_ name: String, _ value: JSONValue) -> Node {
        var node = resolvedNode
        node.modifiers.append(.object([name: value]))
        return node
    }

    /// SwiftUI's default padding, 16 on every edge.
    public func padding() -> Node { modified("padding", true) }

    public func padding(_ length: Length) -> Node { modified("padding", length.json) }

    /// `padding(.horizontal, 12)`; without a length, SwiftUI's default 16.
    public func padding(_ edges: Edges, _ length: Length = 16) -> Node {
        var object: [String: JSONValue] = [:]
        if edges == .all {
            object["all"] = length.json
        } else if edges == .horizontal {
            object["horizontal"] = length.json
        } else if edges == .vertical {
            object["vertical"] = length.json
        } else {
            if edges.contains(.top) { object["top"] = length.json }
            if edges.contains(.leading) { object["leading"] = length.json }
            if edges.contains(.bottom) { object["bottom"] = length.json }
            if edges.contains(.trailing) { object["trailing"] = length.json }
        }
        return modified("padding", .object(object))
    }

    public func padding(_ insets: EdgeInsets) -> Node { modified("padding", insets.json) }

    /// The fixed frame: a given axis is exactly that size.
    public func frame(width: Length? = nil, height: Length? = nil, alignment: Alignment? = nil) -> Node {
        modified("frame", .object(members(("width", width?.json), ("height", height?.json), ("alignment", alignment?.json))))
    }

    /// The flexible frame, with SwiftUI's semantics.
    public func frame(
        minWidth: Length? = nil, idealWidth: Length? = nil, maxWidth: Length? = nil, minHeight: Length? = nil,
        idealHeight: Length? = nil, maxHeight: Length? = nil, alignment: Alignment? = nil
    ) -> Node {
        modified(
            "frame",
            .object(
                members(
                    ("minWidth", minWidth?.json), ("idealWidth", idealWidth?.json), ("maxWidth", maxWidth?.json),
                    ("minHeight", minHeight?.json), ("idealHeight", idealHeight?.json), ("maxHeight", maxHeight?.json),
                    ("alignment", alignment?.json))))
    }

    /// Moves the frame, not the layout.
    public func offset(x: Length = 0, y: Length = 0) -> Node {
        modified("offset", ["x": x.json, "y": y.json])
    }

    /// Takes all proposed space and centres the view on the point.
    public func position(x: Length = 0, y: Length = 0) -> Node {
        modified("position", ["x": x.json, "y": y.json])
    }

    /// `ratio` nil: the view's ideal ratio.
    public func aspectRatio(_ ratio: Double? = nil, contentMode: ContentMode = .fit) -> Node {
        modified("aspectRatio", .object(members(("ratio", ratio.map(JSONValue.number)), ("contentMode", contentMode.json))))
    }

    public func scaledToFit() -> Node { aspectRatio(contentMode: .fit) }
    public func scaledToFill() -> Node { aspectRatio(contentMode: .fill) }

    public func fixedSize() -> Node { modified("fixedSize", true) }

    public func fixedSize(horizontal: Bool, vertical: Bool) -> Node {
        modified("fixedSize", ["horizontal": .bool(horizontal), "vertical": .bool(vertical)])
    }

    public func layoutPriority(_ priority: Double) -> Node { modified("layoutPriority", .number(priority)) }

    public func background(alignment: Alignment? = nil, @ViewBuilder content: () -> ViewList) -> Node {
        modified("background", decoration(content().node, alignment))
    }

    public func background(_ view: some View, alignment: Alignment? = nil) -> Node {
        modified("background", decoration(view.resolvedNode, alignment))
    }

    public func overlay(alignment: Alignment? = nil, @ViewBuilder content: () -> ViewList) -> Node {
        modified("overlay", decoration(content().node, alignment))
    }

    public func overlay(_ view: some View, alignment: Alignment? = nil) -> Node {
        modified("overlay", decoration(view.resolvedNode, alignment))
    }

    /// Extends the view through the safe-area insets (`environment.safeAreaInsets`) on
    /// `edges` it touches; on the root, its content is not inset on those edges.
    public func ignoresSafeArea(edges: Edges = .all) -> Node {
        let names: [(Edges, String)] = [(.top, "top"), (.leading, "leading"), (.bottom, "bottom"), (.trailing, "trailing")]
        let value: JSONValue
        switch edges {
        case .all: value = true
        case []: value = false
        case .horizontal: value = ["edges": "horizontal"]
        case .vertical: value = ["edges": "vertical"]
        default:
            let named = names.filter { edges.contains($0.0) }.map { JSONValue.string($0.1) }
            value = ["edges": named.count == 1 ? named.first ?? .array(named) : .array(named)]
        }
        return modified("ignoresSafeArea", value)
    }

    /// In a `Grid` row, the cell spans `count` columns.
    public func gridCellColumns(_ count: Int) -> Node { modified("gridCellColumns", .number(Double(count))) }

    /// In a `Grid` row, the horizontal alignment of every cell of this cell's column.
    public func gridColumnAlignment(_ guide: HorizontalAlignment) -> Node { modified("gridColumnAlignment", guide.json) }

    /// In a `Grid`, places the cell so that `anchor` of it meets `anchor` of its cell box.
    public func gridCellAnchor(_ anchor: UnitPoint) -> Node { modified("gridCellAnchor", anchor.json) }

    /// In a `Grid`, the cell does not size its column(s) (`horizontal`) or row (`vertical`).
    /// An empty set changes nothing and is not sent.
    public func gridCellUnsizedAxes(_ axes: Axis.Set) -> Node {
        guard let value = axes.json else { return resolvedNode }
        return modified("gridCellUnsizedAxes", value)
    }

    /// Overrides the guide with a value in the view's own coordinates. (SwiftUI computes it
    /// from the view's dimensions in a closure; over the wire the value is a number.)
    public func alignmentGuide(_ guide: AlignmentGuide, axis: Axis? = nil, value: Double) -> Node {
        modified(
            "alignmentGuide",
            .object(members(("alignment", guide.json), ("value", .number(value)), ("axis", axis?.json))))
    }

    /// The node's id: its frame's key in the response, and what sessions diff by.
    public func id(_ id: String) -> Node {
        var node = resolvedNode
        node.id = id
        return node
    }

    /// Flex item properties, read when the parent is a `Flex`.
    public func flexItem(_ style: FlexStyle) -> Node {
        var node = resolvedNode
        node.set("style", style.json)
        return node
    }

    private func decoration(_ content: Node, _ alignment: Alignment?) -> JSONValue {
        .object(members(("content", content.json), ("alignment", alignment?.json)))
    }
}

public enum ContentMode: String, Sendable, CaseIterable {
    case fit, fill
}
