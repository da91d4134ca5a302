/// Decodes the `style` of a flex container or flex item (API.md §3.2), validating every
/// property: an unknown name or a wrong value is a 422 at its JSON Pointer.
extension NodeResolver {
    /// Gives node `index` its flex style (a default one when it has no `style`), with
    /// `direction: inherit` resolved through its flex-styled parent.
    mutating func attachFlexStyle(_ index: Int32, _ fields: NodeFields) throws(DecodeFailure) {
        var style = fields.has(.style) ? try decodeFlexStyle(fields[.style]) : FlexStyle()
        if style.direction == .inherit {
            let parent = nodes[Int(index)].parent
            if parent >= 0, let parentStyle = tree.flexStyleIndex(of: Int(parent)) {
                style.direction = tree.flexStyles[Int(parentStyle)].direction
            }
        }
        // (Once its direction is known: one inherited makes it no plain item.)
        style.isPlainItem = style.qualifiesAsPlainItem
        tree.setFlexStyle(style, of: Int(index))
    }

    private mutating func decodeFlexStyle(_ object: Int) throws(DecodeFailure) -> FlexStyle {
        try tape.requireObject(object, "style")
        var style = FlexStyle()
        var edges = PendingEdges()
        var flex: (grow: Double, shrink: Double, basis: FlexLength)?
        var flexGrow: Double?, flexShrink: Double?, flexBasis: FlexLength?
        try tape.forEachMember(of: object) { key, value throws(DecodeFailure) in
            let name = tape.string(at: key)
            if try edges.read(name, value, tape) { return }
            guard let property = FlexStyleProperty.byName[name] else {
                throw .invalid(key, "unknown flex style property '\(name)'")
            }
            switch property {
            case .display: style.display = try keyword(value, name, FlexKeywords.display)
            case .position: style.position = try keyword(value, name, FlexKeywords.position)
            case .direction: style.direction = try keyword(value, name, FlexKeywords.direction)
            case .flexDirection: style.flexDirection = try keyword(value, name, FlexKeywords.flexDirection)
            case .flexWrap: style.flexWrap = try keyword(value, name, FlexKeywords.flexWrap)
            case .justifyContent:
                (style.justifyContent, style.justifyContentSafe) = try alignment(value, name, FlexKeywords.justifyContent)
            case .alignItems: (style.alignItems, style.alignItemsSafe) = try alignment(value, name, FlexKeywords.alignItems)
            case .alignSelf:
                (style.alignSelf, style.alignSelfSafe) = try alignment(value, name, FlexKeywords.alignSelf)
                style.alignSelfUnsafe = try tape.readString(value, name).hasPrefix("unsafe ")
            case .alignContent:
                (style.alignContent, style.alignContentSafe) = try alignment(value, name, FlexKeywords.alignContent)
            case .overflow: style.overflow = try keyword(value, name, FlexKeywords.overflow)
            case .boxSizing: style.boxSizing = try keyword(value, name, FlexKeywords.boxSizing)
            case .flex: flex = try readFlexShorthand(value)
            case .flexGrow: flexGrow = try tape.readNonNegative(value, name)
            case .flexShrink: flexShrink = try tape.readNonNegative(value, name)
            case .flexBasis: flexBasis = try tape.readFlexLength(value, name, auto: true, negative: false)
            case .width: style.width = try tape.readFlexLength(value, name, auto: true, negative: false)
            case .height: style.height = try tape.readFlexLength(value, name, auto: true, negative: false)
            case .minWidth: style.minWidth = try tape.readFlexLength(value, name, auto: true, negative: false)
            case .minHeight: style.minHeight = try tape.readFlexLength(value, name, auto: true, negative: false)
            case .maxWidth: style.maxWidth = try tape.readFlexLength(value, name, auto: true, negative: false)
            case .maxHeight: style.maxHeight = try tape.readFlexLength(value, name, auto: true, negative: false)
            case .aspectRatio:
                let ratio = try tape.readNumber(value, name)
                guard ratio > 0 else { throw .invalid(value, "aspectRatio must be greater than 0 (got \(ratio))") }
                style.aspectRatio = ratio
            case .gap:
                let gap = try tape.readFlexLength(value, name, auto: false, negative: false)
                (style.rowGap, style.columnGap) = (gap, gap)
            case .rowGap: style.rowGap = try tape.readFlexLength(value, name, auto: false, negative: false)
            case .columnGap: style.columnGap = try tape.readFlexLength(value, name, auto: false, negative: false)
            }
        }
        // `flex` and `gap` are shorthands: the longhands win whatever the key order (most
        // specific key, as for edges).
        if let flex { (style.flexGrow, style.flexShrink, style.flexBasis) = flex }
        if let flexGrow { style.flexGrow = flexGrow }
        if let flexShrink { style.flexShrink = flexShrink }
        if let flexBasis { style.flexBasis = flexBasis }
        if let rowGap = edges.rowGap { style.rowGap = rowGap }
        if let columnGap = edges.columnGap { style.columnGap = columnGap }
        style.hasPercentages = FlexStyle.Field.lengths.contains { style.length($0)?.unit == .percent }
        style.hasSizes = FlexStyle.Field.sizes.contains {
            let unit = style.length($0)?.unit
            return unit == .points || unit == .percent
        }
        if let set = edges.resolved() {
            style.edges = Int32(tree.flexEdges.count)
            tree.flexEdges.append(set)
            let sides = [set.margin, set.padding, set.border, set.inset]
            if sides.contains(where: { edges in FlexEdges.Side.allCases.contains { edges[$0].unit == .percent } }) {
                style.hasPercentages = true
            }
        }
        return style
    }

    /// CSS's `flex` shorthand: a number n is `n 1 0%` (Chromium's computed value: a
    /// percentage, so an indefinite container sizes the item from its content), `auto`
    /// is `1 1 auto`, `none` is `0 0 auto`.
    private func readFlexShorthand(_ value: Int) throws(DecodeFailure) -> (Double, Double, FlexLength) {
        if tape.entries[value].kind == .string {
            switch tape.string(at: value) {
            case "auto": return (1, 1, .auto)
            case "none": return (0, 0, .auto)
            default: throw .invalid(value, "flex must be a number ≥ 0, \"auto\" or \"none\" (got \"\(tape.string(at: value))\")")
            }
        }
        return (try tape.readNonNegative(value, "flex"), 1, .percent(0))
    }

    /// A Box Alignment value: a keyword of `values`, where `positional` ones may carry a
    /// `safe` or `unsafe` prefix. Returns the keyword and whether it is `safe`.
    private func alignment<Value>(_ index: Int, _ name: String, _ values: FlexAlignmentKeywords<Value>)
        throws(DecodeFailure) -> (Value, Bool)
    {
        let text = try tape.readString(index, name)
        var word = Substring(text)
        var safe = false
        for prefix in ["safe ", "unsafe "] where word.hasPrefix(prefix) {
            word = word.dropFirst(prefix.count)
            safe = prefix == "safe "
            guard values.positional[String(word)] != nil else {
                throw .invalid(
                    index, "'\(prefix)' takes one of \(values.positional.keys.sorted().joined(separator: ", ")) in \(name) (got '\(text)')")
            }
        }
        guard let value = values.positional[String(word)] ?? values.other[String(word)] else {
            throw .invalid(index, "unknown value '\(text)' for \(name); expected one of \(values.names.joined(separator: ", "))")
        }
        return (value, safe)
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

/// The style properties other than the edges (`PendingEdges.names`), named as in the
/// request: the decoder's whole vocabulary is these names plus the edge names.
enum FlexStyleProperty: CaseIterable, Sendable {
    case display, position, direction, flexDirection, flexWrap, justifyContent, alignItems, alignSelf, alignContent
    case overflow, boxSizing, flex, flexGrow, flexShrink, flexBasis, width, height, minWidth, minHeight, maxWidth
    case maxHeight, aspectRatio, gap, rowGap, columnGap

    static let byName: [String: FlexStyleProperty] = Dictionary(
        uniqueKeysWithValues: allCases.map { (String(describing: $0), $0) })

    /// Every property name the decoder accepts.
    static var allNames: [String] { (Array(byName.keys) + PendingEdges.names.keys).sorted() }
}

/// The Box Alignment keywords Chromium accepts in a flex container, per property:
/// `positional` ones may take `safe`/`unsafe`.
struct FlexAlignmentKeywords<Value: Sendable>: Sendable {
    let positional: [String: Value]
    let other: [String: Value]

    /// Every accepted spelling, prefixes included (also what the schema test compares).
    var names: [String] {
        (Array(other.keys) + positional.keys.flatMap { [$0, "safe \($0)", "unsafe \($0)"] }).sorted()
    }
}

enum FlexKeywords {
    static let display: [String: FlexDisplay] = ["flex": .flex, "none": .none]
    static let position: [String: FlexPosition] = ["relative": .relative, "absolute": .absolute]
    static let direction: [String: FlexTextDirection] = ["inherit": .inherit, "ltr": .ltr, "rtl": .rtl]
    static let flexDirection: [String: FlexDirection] = [
        "row": .row, "row-reverse": .rowReverse, "column": .column, "column-reverse": .columnReverse,
    ]
    static let flexWrap: [String: FlexWrap] = ["nowrap": .nowrap, "wrap": .wrap, "wrap-reverse": .wrapReverse]
    static let overflow: [String: FlexOverflow] = ["visible": .visible, "hidden": .hidden, "scroll": .scroll]
    static let boxSizing: [String: FlexBoxSizing] = ["border-box": .borderBox, "content-box": .contentBox]

    /// Every keyword of every keyword property, by property name (for the schema test).
    static let namesByProperty: [String: [String]] = [
        "display": display.keys.sorted(), "position": position.keys.sorted(), "direction": direction.keys.sorted(),
        "flexDirection": flexDirection.keys.sorted(), "flexWrap": flexWrap.keys.sorted(),
        "overflow": overflow.keys.sorted(), "boxSizing": boxSizing.keys.sorted(),
        "justifyContent": justifyContent.names, "alignItems": alignItems.names, "alignSelf": alignSelf.names,
        "alignContent": alignContent.names,
    ]

    static let contentPositions: [String: FlexContentAlignment] = [
        "center": .center, "start": .start, "end": .end, "flex-start": .flexStart, "flex-end": .flexEnd,
    ]
    static let distributions: [String: FlexContentAlignment] = [
        "normal": .normal, "stretch": .stretch, "space-between": .spaceBetween, "space-around": .spaceAround,
        "space-evenly": .spaceEvenly,
    ]
    static let justifyContent = FlexAlignmentKeywords(
        positional: contentPositions.merging(["left": .left, "right": .right]) { first, _ in first },
        other: distributions)
    static let alignContent = FlexAlignmentKeywords(
        positional: contentPositions,
        other: distributions.merging(
            ["baseline": .firstBaseline, "first baseline": .firstBaseline, "last baseline": .lastBaseline]
        ) { first, _ in first })
    static let alignItems = FlexAlignmentKeywords<FlexItemAlignment>(
        positional: [
            "center": .center, "start": .start, "end": .end, "self-start": .selfStart, "self-end": .selfEnd,
            "flex-start": .flexStart, "flex-end": .flexEnd,
        ],
        other: [
            "normal": .normal, "stretch": .stretch, "baseline": .firstBaseline, "first baseline": .firstBaseline,
            "last baseline": .lastBaseline,
        ])
    /// `anchor-center` (CSS Anchor Positioning) only for `alignSelf`: Chromium 156 drops
    /// it from `align-items`.
    static let alignSelf = FlexAlignmentKeywords(
        positional: alignItems.positional.merging(["anchor-center": .anchorCenter]) { first, _ in first },
        other: alignItems.other.merging(["auto": .auto]) { first, _ in first })
}

/// Edge properties as written, until the precedence of React Native (the most specific
/// key wins: all < horizontal/vertical < a single edge) folds them into `FlexEdgeSet`.
struct PendingEdges {
    /// Per group (margin, padding, border, inset), by suffix: all, Horizontal, Vertical,
    /// Top, Bottom, Left, Right, Start, End.
    var values = [[FlexLength?]](repeating: [FlexLength?](repeating: nil, count: 9), count: 4)
    var any = false
    var rowGap: FlexLength?
    var columnGap: FlexLength?

    static let suffixes = ["", "Horizontal", "Vertical", "Top", "Bottom", "Left", "Right", "Start", "End"]

    /// Every edge property name → (group, suffix slot): `margin<Suffix>`,
    /// `padding<Suffix>`, React Native's `border<Suffix>Width`, `inset<Suffix>` for the
    /// shorthand and its axes, and the bare `top`, `bottom`, `left`, `right`, `start`,
    /// `end` for the single insets.
    static let names: [String: (group: Int, slot: Int)] = {
        var names: [String: (group: Int, slot: Int)] = [:]
        for (slot, suffix) in suffixes.enumerated() {
            names["margin" + suffix] = (0, slot)
            names["padding" + suffix] = (1, slot)
            names["border" + suffix + "Width"] = (2, slot)
            if slot < 3 { names["inset" + suffix] = (3, slot) } else { names[suffix.lowercased()] = (3, slot) }
        }
        return names
    }()

    /// Reads `name` if it is an edge property (or a gap longhand); false if it is not one.
    mutating func read(_ name: String, _ value: Int, _ tape: JSONTape) throws(DecodeFailure) -> Bool {
        if name == "rowGap" || name == "columnGap" {
            let gap = try tape.readFlexLength(value, name, auto: false, negative: false)
            if name == "rowGap" { rowGap = gap } else { columnGap = gap }
            return false  // also stored directly by the caller
        }
        guard let (group, slot) = Self.names[name] else { return false }
        // Margins and insets may be auto and negative; padding and borders neither;
        // borders take points only.
        let length = try tape.readFlexLength(value, name, auto: group == 0 || group == 3, negative: group == 0 || group == 3)
        if group == 2, length.unit == .percent {
            throw .invalid(value, "\(name) must be a number of points")
        }
        values[group][slot] = length
        any = true
        return true
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
