/// Read-only views of a decoded tree for tools that draw or print it (LayoutRender). Built
/// on demand from the arena; nothing here runs during a layout.

/// How a node is drawn: its family of kinds.
public enum NodeCategory: String, Sendable, CaseIterable {
    /// Stacks, zstacks, scroll views, geometry readers, grids, forms, flex containers.
    case container
    /// Views, rects and images.
    case leaf
    case text
    case spacer
    case divider
    /// Groups, divided, foreach copies' parents, flattened sections: a union of members.
    case transparent
}

/// Why the service made a node that the request did not spell as a child.
public enum MadeRole: String, Sendable {
    case background, overlay, header, footer, separator
}

/// What a stack aligns its children on, for drawing alignment guides.
public struct StackGuide: Sendable, Equatable {
    /// The axis the stack lays its children out along.
    public var axis: Axis
    /// For a vstack, the horizontal guide; for an hstack, the vertical one.
    public var horizontal: HorizontalAlignment
    public var vertical: VerticalAlignment
}

/// One node, described.
public struct NodeDescription: Sendable {
    public var index: Int
    public var id: String
    /// The node whose JSON holds this one (or which made it); -1 for the root.
    public var parent: Int
    /// The request's name for the kind (`vstack`, `text`, ...); `group` for any
    /// transparent node.
    public var kind: String
    public var category: NodeCategory
    public var made: MadeRole?
    /// False for nodes that are validated but never laid out.
    public var hasFrame: Bool
    /// The fields that shape the layout, in a fixed order, as `name=value`.
    public var fields: [String]
    /// Effective modifiers, innermost first, as the request spells them.
    public var modifiers: [String]
    /// Flex style properties that differ from CSS's initial values.
    public var flexStyle: [String]
    /// A text's string and font.
    public var text: String?
    public var fontFamily: String?
    public var fontSize: Double?
    public var lineHeight: Double?
    public var lineLimit: Int?
    public var multilineTextAlignment: MultilineTextAlignment?
    public var truncationMode: TruncationMode?
    public var stackGuide: StackGuide?
}

extension NodeTree {
    /// Per node, the nodes whose `parent` it is, in arena (pre-)order: the request's
    /// nesting with made nodes under their makers.
    public func hierarchyChildren() -> [[Int]] {
        var children = [[Int]](repeating: [], count: nodes.count)
        for index in nodes.indices {
            let parent = Int(nodes[index].parent)
            if parent >= 0 && parent < nodes.count { children[parent].append(index) }
        }
        return children
    }

    /// Every node's role when the service made it (backgrounds, overlays, section headers
    /// and footers, form separators); nil for nodes the request spelled as children.
    public func madeRoles() -> [MadeRole?] {
        var roles = [MadeRole?](repeating: nil, count: nodes.count)
        for modifier in modifiers {
            switch modifier {
            case .background(let node, _) where Int(node) < roles.count: roles[Int(node)] = .background
            case .overlay(let node, _) where Int(node) < roles.count: roles[Int(node)] = .overlay
            default: break
            }
        }
        for card in formCards {
            if card.header >= 0 { roles[Int(card.header)] = .header }
            if card.footer >= 0 { roles[Int(card.footer)] = .footer }
            let separators = max(Int(card.rowCount) - 1, 0)
            for offset in 0..<separators {
                let position = Int(card.separatorStart) + offset
                if position < childList.count { roles[Int(childList[position])] = .separator }
            }
        }
        return roles
    }

    /// Describes node `index`; `roles` from `madeRoles()` (computed once per tree).
    public func describe(_ index: Int, roles: [MadeRole?]) -> NodeDescription {
        let node = nodes[index]
        var description = NodeDescription(
            index: index, id: id(of: index), parent: Int(node.parent), kind: "group", category: .transparent,
            made: index < roles.count ? roles[index] : nil, hasFrame: node.hasFrame, fields: [], modifiers: [],
            flexStyle: [])
        describeKind(node.kind, into: &description)
        let start = Int(node.modifierStart)
        description.modifiers = modifiers[start..<start + Int(node.modifierCount)].map { Self.describe($0, in: self) }
        if index < flexStyleOf.count, flexStyleOf[index] >= 0 {
            description.flexStyle = Self.describe(flexStyles[Int(flexStyleOf[index])], edges: flexEdges)
        }
        return description
    }

    private func describeKind(_ kind: NodeKind, into description: inout NodeDescription) {
        let f = Self.number
        switch kind {
        case .view(let size):
            (description.kind, description.category) = ("view", .leaf)
            description.fields = ["size=\(f(size.width))×\(f(size.height))"]
        case .rect(let ideal):
            (description.kind, description.category) = ("rect", .leaf)
            description.fields = ["ideal=\(f(ideal.width))×\(f(ideal.height))"]
        case .image(let size, let resizable):
            (description.kind, description.category) = ("image", .leaf)
            description.fields = ["size=\(f(size.width))×\(f(size.height))", "resizable=\(resizable)"]
        case .text(let text):
            (description.kind, description.category) = ("text", .text)
            let data = texts[Int(text)]
            description.text = data.content
            description.fontFamily = data.font.family
            description.fontSize = data.font.size
            description.lineHeight = data.font.lineHeight
            description.lineLimit = data.lineLimit
            description.fields = ["font=\(data.font.family) \(f(data.font.size))"]
            if let lineHeight = data.font.lineHeight { description.fields.append("lineHeight=\(f(lineHeight))") }
            if let limit = data.lineLimit { description.fields.append("lineLimit=\(limit)") }
            description.multilineTextAlignment = data.alignment
            description.truncationMode = data.truncation
            if data.alignment != .leading { description.fields.append("multilineTextAlignment=\(data.alignment.rawValue)") }
            if data.truncation != .tail { description.fields.append("truncationMode=\(data.truncation.rawValue)") }
        case .spacer(let minLength):
            (description.kind, description.category) = ("spacer", .spacer)
            description.fields = ["minLength=\(f(minLength))"]
        case .divider(let thickness):
            (description.kind, description.category) = ("divider", .divider)
            description.fields = ["thickness=\(f(thickness))"]
        case .stack(let axis, let alignment, let spacing):
            description.kind = axis == .horizontal ? "hstack" : "vstack"
            description.category = .container
            let guide = axis == .horizontal ? "\(alignment.vertical)" : "\(alignment.horizontal)"
            description.fields = ["alignment=\(guide)", "spacing=\(spacing.map(f) ?? "default")"]
            description.stackGuide = StackGuide(axis: axis, horizontal: alignment.horizontal, vertical: alignment.vertical)
        case .lazyStack(let axis, let alignment, let spacing):
            description.kind = axis == .horizontal ? "lazyhstack" : "lazyvstack"
            description.category = .container
            let guide = axis == .horizontal ? "\(alignment.vertical)" : "\(alignment.horizontal)"
            description.fields = ["alignment=\(guide)", "spacing=\(spacing.map(f) ?? "default")"]
        case .lazyGrid(let grid):
            let data = lazyGrids[Int(grid)]
            description.kind = data.axis == .vertical ? "lazyvgrid" : "lazyhgrid"
            description.category = .container
            let items = data.items.map { item -> String in
                switch item.sizing {
                case .fixed(let size): return "fixed(\(f(size)))"
                case .flexible(let minimum, let maximum): return "flexible(\(f(minimum))...\(f(maximum)))"
                case .adaptive(let minimum, let maximum): return "adaptive(\(f(minimum))...\(f(maximum)))"
                }
            }
            description.fields = [
                "\(data.axis == .vertical ? "columns" : "rows")=[\(items.joined(separator: ", "))]",
                "alignment=\(Self.describe(data.alignment))", "spacing=\(f(data.spacing))",
            ]
        case .viewThatFits(let axes):
            (description.kind, description.category) = ("viewthatfits", .container)
            description.fields = ["axes=\(axes)"]
        case .zstack(let alignment):
            (description.kind, description.category) = ("zstack", .container)
            description.fields = ["alignment=\(Self.describe(alignment))"]
        case .scroll(let axes):
            (description.kind, description.category) = ("scroll", .container)
            description.fields = ["axes=\(axes)"]
        case .geometry:
            (description.kind, description.category) = ("geometry", .container)
        case .grid(let grid):
            (description.kind, description.category) = ("grid", .container)
            let data = grids[Int(grid)]
            description.fields = [
                "alignment=\(Self.describe(data.alignment))", "horizontalSpacing=\(f(data.horizontalSpacing))",
                "verticalSpacing=\(f(data.verticalSpacing))",
            ]
        case .gridRow(let alignment):
            (description.kind, description.category) = ("gridrow", .container)
            if let alignment { description.fields = ["alignment=\(alignment)"] }
        case .form(let form):
            (description.kind, description.category) = ("form", .container)
            let style = forms[Int(form)].style
            description.fields = [
                "margin=\(f(style.horizontalMargin))", "minRowHeight=\(f(style.minRowHeight))",
                "sectionSpacing=\(f(style.sectionSpacing))",
            ]
        case .section:
            (description.kind, description.category) = ("section", .container)
        case .flex:
            (description.kind, description.category) = ("flex", .container)
        case .transparent:
            (description.kind, description.category) = ("group", .transparent)
        }
    }

    /// A number without a needless `.0`.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    static func describe(_ alignment: Alignment) -> String {
        switch (alignment.horizontal, alignment.vertical) {
        case (.center, .center): return "center"
        case (.center, let vertical): return "\(vertical)"
        case (let horizontal, .center): return "\(horizontal)"
        case (let horizontal, let vertical):
            let name = "\(horizontal)"
            return "\(vertical)" + name.prefix(1).uppercased() + name.dropFirst()
        }
    }

    static func describe(_ length: Length) -> String {
        switch length {
        case .points(let value): return value.isInfinite ? "infinity" : number(value)
        case .percent(let value): return number(value) + "%"
        }
    }

    static func describe(_ modifier: Modifier, in tree: NodeTree) -> String {
        let l = describe(_:) as (Length) -> String
        switch modifier {
        case .padding(let spec):
            return "padding(top: \(l(spec.top)), leading: \(l(spec.leading)), bottom: \(l(spec.bottom)), trailing: \(l(spec.trailing)))"
        case .frame(let width, let height, let alignment):
            var parts: [String] = []
            if let width { parts.append("width: \(l(width))") }
            if let height { parts.append("height: \(l(height))") }
            parts.append("alignment: \(describe(alignment))")
            return "frame(" + parts.joined(separator: ", ") + ")"
        case .flexibleFrame(let spec):
            let bounds: [(String, Length?)] = [
                ("minWidth", spec.minWidth), ("idealWidth", spec.idealWidth), ("maxWidth", spec.maxWidth),
                ("minHeight", spec.minHeight), ("idealHeight", spec.idealHeight), ("maxHeight", spec.maxHeight),
            ]
            let parts = bounds.compactMap { name, value in value.map { "\(name): \(l($0))" } }
            return "frame(" + (parts + ["alignment: \(describe(spec.alignment))"]).joined(separator: ", ") + ")"
        case .offset(let x, let y): return "offset(x: \(l(x)), y: \(l(y)))"
        case .position(let x, let y): return "position(x: \(l(x)), y: \(l(y)))"
        case .aspectRatio(let ratio, let fill):
            return "aspectRatio(\(ratio.map(number) ?? "ideal"), \(fill ? "fill" : "fit"))"
        case .fixedSize(let horizontal, let vertical):
            return "fixedSize(horizontal: \(horizontal), vertical: \(vertical))"
        case .layoutPriority(let value): return "layoutPriority(\(number(value)))"
        case .background(let node, let alignment):
            return "background(\(tree.id(of: Int(node))), alignment: \(describe(alignment)))"
        case .overlay(let node, let alignment):
            return "overlay(\(tree.id(of: Int(node))), alignment: \(describe(alignment)))"
        case .ignoresSafeArea(let edges):
            if edges == .all { return "ignoresSafeArea" }
            let names: [(SafeAreaEdges, String)] = [(.top, "top"), (.leading, "leading"), (.bottom, "bottom"), (.trailing, "trailing")]
            return "ignoresSafeArea(" + names.filter { edges.contains($0.0) }.map(\.1).joined(separator: ", ") + ")"
        case .gridCell(let cell):
            var parts: [String] = []
            if let columns = cell.columns { parts.append("columns: \(columns)") }
            if let alignment = cell.columnAlignment { parts.append("columnAlignment: \(alignment)") }
            if let anchor = cell.anchor { parts.append("anchor: (\(number(anchor.x)), \(number(anchor.y)))") }
            if let axes = cell.unsizedAxes { parts.append("unsizedAxes: \(axes)") }
            return "gridCell(" + parts.joined(separator: ", ") + ")"
        case .alignmentGuide(let guide, let value):
            switch guide {
            case .horizontal(let alignment): return "alignmentGuide(\(alignment), \(number(value)))"
            case .vertical(let alignment): return "alignmentGuide(\(alignment), \(number(value)))"
            }
        }
    }

    /// The style's properties that differ from the initial style (read by reflection so
    /// that properties added to `FlexStyle` show up without changes here), in the order
    /// of `FlexStyle.Field`: the stored properties are ordered for memory, not for reading.
    static func describe(_ style: FlexStyle, edges: [FlexEdgeSet]) -> [String] {
        let initial = Mirror(reflecting: FlexStyle.initial).children.map { String(describing: $0.value) }
        let rank = Dictionary(uniqueKeysWithValues: FlexStyle.Field.allCases.enumerated().map { ($1.rawValue, $0) })
        var ranked: [(rank: Int, text: String)] = []
        for (offset, child) in Mirror(reflecting: style).children.enumerated() {
            guard let label = child.label, !["edges", "hasPercentages", "hasSizes", "isPlainItem"].contains(label) else { continue }
            let value = String(describing: child.value)
            guard offset >= initial.count || initial[offset] != value else { continue }
            ranked.append((rank[label] ?? Int.max, "\(label)=\(describeFlexValue(child.value))"))
        }
        // (A stable sort: a property missing from the list keeps its place after the others.)
        var parts = ranked.enumerated().sorted { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }.map(\.element.text)
        if style.edges >= 0, Int(style.edges) < edges.count {
            let set = edges[Int(style.edges)]
            for (name, sides) in [("margin", set.margin), ("padding", set.padding), ("border", set.border)] {
                let values = [sides.top, sides.right, sides.bottom, sides.left].map(describe(flexLength:))
                if values.contains(where: { $0 != "0" }) { parts.append("\(name)=" + values.joined(separator: " ")) }
            }
        }
        return parts
    }

    private static func describeFlexValue(_ value: Any) -> String {
        if let length = value as? FlexLength { return describe(flexLength: length) }
        if let optional = value as? Double? { return optional.map(number) ?? "auto" }
        if let double = value as? Double { return number(double) }
        return String(describing: value)
    }

    private static func describe(flexLength length: FlexLength) -> String {
        switch length.unit {
        case .unset: return "unset"
        case .auto: return "auto"
        case .points: return number(length.value)
        case .percent: return number(length.value) + "%"
        }
    }
}

extension LayoutResult {
    /// The content size of a scroll view or form, by node index.
    public func scrollContentSizes() -> [Int: Size] {
        var sizes: [Int: Size] = [:]
        for (node, size) in scrollContent { sizes[Int(node)] = size }
        return sizes
    }
}

extension NodeTree {
    /// The stack axis a spacer or divider lives in (nil outside stacks).
    public func stackAxis(of index: Int) -> Axis? { nodes[index].stackContext.axis }
}
