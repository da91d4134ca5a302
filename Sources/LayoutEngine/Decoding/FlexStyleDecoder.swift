/// Decodes the `style` of a flex container or flex item (API.md §3.2), validating every
/// property: an unknown name or a wrong value is a 422 at its JSON Pointer.
extension NodeResolver {
    /// Gives node `index` its flex style (a default one when it has no `style`), with
    /// `direction: inherit` resolved through its flex-styled parent.
    mutating func attachFlexStyle(_ index: Int32, _ fields: NodeFields) throws(DecodeFailure) {
        var style = fields.has(.style) ? try decodeFlexStyle(fields[.style]) : FlexStyle()
        if style.direction == .inherit {
            let parent = tree.nodes[Int(index)].parent
            if parent >= 0, let parentStyle = tree.flexStyleIndex(of: Int(parent)) {
                style.direction = tree.flexStyles[Int(parentStyle)].direction
            }
        }
        tree.setFlexStyle(style, of: Int(index))
    }

    private mutating func decodeFlexStyle(_ object: Int) throws(DecodeFailure) -> FlexStyle {
        try tape.requireObject(object, "style")
        var style = FlexStyle()
        var edges = PendingEdges()
        try tape.forEachMember(of: object) { key, value throws(DecodeFailure) in
            let name = tape.string(at: key)
            if try edges.read(name, value, tape) { return }
            switch name {
            case "display": style.display = try keyword(value, name, ["flex": .flex, "none": .none])
            case "position": style.position = try keyword(value, name, ["relative": .relative, "absolute": .absolute])
            case "direction": style.direction = try keyword(value, name, ["inherit": .inherit, "ltr": .ltr, "rtl": .rtl])
            case "flexDirection":
                style.flexDirection = try keyword(
                    value, name,
                    ["row": .row, "row-reverse": .rowReverse, "column": .column, "column-reverse": .columnReverse])
            case "flexWrap":
                style.flexWrap = try keyword(value, name, ["nowrap": .nowrap, "wrap": .wrap, "wrap-reverse": .wrapReverse])
            case "justifyContent": style.justifyContent = try keyword(value, name, FlexKeywords.justify)
            case "alignItems":
                var items = FlexKeywords.align
                items["auto"] = nil
                style.alignItems = try keyword(value, name, items)
            case "alignSelf": style.alignSelf = try keyword(value, name, FlexKeywords.align)
            case "alignContent": style.alignContent = try keyword(value, name, FlexKeywords.alignContent)
            case "overflow":
                style.overflow = try keyword(value, name, ["visible": .visible, "hidden": .hidden, "scroll": .scroll])
            case "boxSizing":
                style.boxSizing = try keyword(value, name, ["border-box": .borderBox, "content-box": .contentBox])
            case "flexGrow": style.flexGrow = try tape.readNonNegative(value, name)
            case "flexShrink": style.flexShrink = try tape.readNonNegative(value, name)
            case "flexBasis": style.flexBasis = try tape.readFlexLength(value, name, auto: true, negative: false)
            case "width": style.width = try tape.readFlexLength(value, name, auto: true, negative: false)
            case "height": style.height = try tape.readFlexLength(value, name, auto: true, negative: false)
            case "minWidth": style.minWidth = try tape.readFlexLength(value, name, auto: true, negative: false)
            case "minHeight": style.minHeight = try tape.readFlexLength(value, name, auto: true, negative: false)
            case "maxWidth": style.maxWidth = try tape.readFlexLength(value, name, auto: true, negative: false)
            case "maxHeight": style.maxHeight = try tape.readFlexLength(value, name, auto: true, negative: false)
            case "aspectRatio":
                let ratio = try tape.readNumber(value, name)
                guard ratio > 0 else { throw .invalid(value, "aspectRatio must be greater than 0 (got \(ratio))") }
                style.aspectRatio = ratio
            case "gap":
                let gap = try tape.readFlexLength(value, name, auto: false, negative: false)
                (style.rowGap, style.columnGap) = (gap, gap)
            case "rowGap": style.rowGap = try tape.readFlexLength(value, name, auto: false, negative: false)
            case "columnGap": style.columnGap = try tape.readFlexLength(value, name, auto: false, negative: false)
            default:
                throw .invalid(key, "unknown flex style property '\(name)'")
            }
        }
        // `gap` is the shorthand: the longhands win whatever the key order (most specific key).
        if let rowGap = edges.rowGap { style.rowGap = rowGap }
        if let columnGap = edges.columnGap { style.columnGap = columnGap }
        let lengths = [
            style.flexBasis, style.width, style.height, style.minWidth, style.minHeight, style.maxWidth, style.maxHeight,
            style.rowGap, style.columnGap,
        ]
        style.hasPercentages = lengths.contains { $0.unit == .percent }
        style.hasSizes = lengths[1...6].contains { $0.unit == .points || $0.unit == .percent }
        if let set = edges.resolved() {
            style.edges = Int32(tree.flexEdges.count)
            tree.flexEdges.append(set)
            let sides = [set.margin, set.padding, set.border, set.inset]
            if sides.contains(where: { [$0.top, $0.bottom, $0.left, $0.right, $0.start, $0.end].contains { $0.unit == .percent } }) {
                style.hasPercentages = true
            }
        }
        return style
    }

    private func keyword<Value>(_ index: Int, _ name: String, _ values: [String: Value]) throws(DecodeFailure) -> Value {
        let text = try tape.readString(index, name)
        guard let value = values[text] else {
            throw .invalid(
                index, "unknown value '\(text)' for \(name); expected one of \(values.keys.sorted().joined(separator: ", "))")
        }
        return value
    }
}

private enum FlexKeywords {
    static let justify: [String: FlexJustify] = [
        "flex-start": .flexStart, "flex-end": .flexEnd, "center": .center, "space-between": .spaceBetween,
        "space-around": .spaceAround, "space-evenly": .spaceEvenly,
    ]
    static let align: [String: FlexAlign] = [
        "auto": .auto, "flex-start": .flexStart, "flex-end": .flexEnd, "center": .center, "baseline": .baseline,
        "stretch": .stretch,
    ]
    static let alignContent: [String: FlexAlignContent] = [
        "flex-start": .flexStart, "flex-end": .flexEnd, "center": .center, "stretch": .stretch,
        "space-between": .spaceBetween, "space-around": .spaceAround, "space-evenly": .spaceEvenly,
    ]
}

/// Edge properties as written, until the precedence of React Native (the most specific
/// key wins: all < horizontal/vertical < a single edge) folds them into `FlexEdgeSet`.
private struct PendingEdges {
    /// Per group (margin, padding, border, inset), by suffix: all, Horizontal, Vertical,
    /// Top, Bottom, Left, Right, Start, End.
    var values = [[FlexLength?]](repeating: [FlexLength?](repeating: nil, count: 9), count: 4)
    var any = false
    var rowGap: FlexLength?
    var columnGap: FlexLength?

    static let suffixes = ["", "Horizontal", "Vertical", "Top", "Bottom", "Left", "Right", "Start", "End"]
    static let insetNames = ["top": 3, "bottom": 4, "left": 5, "right": 6, "start": 7, "end": 8]

    /// Reads `name` if it is an edge property (or a gap longhand); false if it is not one.
    mutating func read(_ name: String, _ value: Int, _ tape: JSONTape) throws(DecodeFailure) -> Bool {
        if name == "rowGap" || name == "columnGap" {
            let gap = try tape.readFlexLength(value, name, auto: false, negative: false)
            if name == "rowGap" { rowGap = gap } else { columnGap = gap }
            return false  // also stored directly by the caller
        }
        if let slot = Self.insetNames[name] {
            values[3][slot] = try tape.readFlexLength(value, name, auto: true, negative: true)
            any = true
            return true
        }
        let groups: [(prefix: String, auto: Bool, negative: Bool, percent: Bool)] = [
            ("margin", true, true, true), ("padding", false, false, true), ("borderWidth", false, false, false),
        ]
        for (group, spec) in groups.enumerated() where name.hasPrefix(spec.prefix) {
            guard let slot = Self.suffixes.firstIndex(of: String(name.dropFirst(spec.prefix.count))) else { return false }
            let length = try tape.readFlexLength(value, name, auto: spec.auto, negative: spec.negative)
            if !spec.percent, length.unit == .percent {
                throw .invalid(value, "\(name) must be a number of points")
            }
            values[group][slot] = length
            any = true
            return true
        }
        return false
    }

    func resolved() -> FlexEdgeSet? {
        guard any else { return nil }
        var set = FlexEdgeSet()
        set.margin = Self.fold(values[0], into: set.margin)
        set.padding = Self.fold(values[1], into: set.padding)
        set.border = Self.fold(values[2], into: set.border)
        set.inset = Self.fold(values[3], into: set.inset)
        return set
    }

    private static func fold(_ given: [FlexLength?], into base: FlexEdges) -> FlexEdges {
        var edges = base
        if let all = given[0] { edges = FlexEdges(all: all) }
        if let horizontal = given[1] { (edges.left, edges.right) = (horizontal, horizontal) }
        if let vertical = given[2] { (edges.top, edges.bottom) = (vertical, vertical) }
        if let top = given[3] { edges.top = top }
        if let bottom = given[4] { edges.bottom = bottom }
        if let left = given[5] { edges.left = left }
        if let right = given[6] { edges.right = right }
        if let start = given[7] { edges.start = start }
        if let end = given[8] { edges.end = end }
        return edges
    }
}

extension JSONTape {
    /// A flex length: a number (points), `"N%"`, or `"auto"` where allowed.
    func readFlexLength(_ index: Int, _ what: String, auto: Bool, negative: Bool) throws(DecodeFailure) -> FlexLength {
        let expected = auto ? "a number, \"N%\" or \"auto\"" : "a number or \"N%\""
        switch entries[index].kind {
        case .number:
            let value = try readNumber(index, what)
            guard negative || value >= 0 else { throw .invalid(index, "\(what) must not be negative (got \(value))") }
            return .points(value)
        case .string:
            let text = string(at: index)
            if auto, text == "auto" { return .auto }
            if text.hasSuffix("%"), let percent = Double(text.dropLast()), percent.isFinite, negative || percent >= 0 {
                return .percent(percent)
            }
            throw .invalid(index, "\(what) must be \(expected) (got \"\(text)\")")
        default:
            throw .invalid(index, "\(what) must be \(expected), not \(kindName(index))")
        }
    }
}

extension NodeTree {
    /// The index into `flexStyles` of node `index`'s style, if it has one.
    @inline(__always)
    func flexStyleIndex(of index: Int) -> Int32? {
        guard index < flexStyleOf.count else { return nil }
        let style = flexStyleOf[index]
        return style >= 0 ? style : nil
    }

    mutating func setFlexStyle(_ style: FlexStyle, of index: Int) {
        if flexStyleOf.count <= index {
            flexStyleOf.append(contentsOf: repeatElement(-1, count: index + 1 - flexStyleOf.count))
        }
        flexStyleOf[index] = Int32(flexStyles.count)
        flexStyles.append(style)
    }
}
