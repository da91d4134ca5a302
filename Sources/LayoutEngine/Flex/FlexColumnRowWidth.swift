/// CSS Flexbox §9.4 step 7 for a row laid out as an unstretched item of a column: its
/// width is fit-content (CSS Sizing 3 §5.1), from its items' §9.9.1 contributions.
///
/// Chromium finds those contributions once, while the column measures the row's content
/// height for §4.5 (`min-height: auto`), where the row's own height counts as indefinite
/// (§9.8), and keeps them for the layout at the row's definite height unless some item's
/// contribution depends on that height. So an item with `flex-basis: 10px; width: 100px;
/// aspect-ratio: 1` makes a `height: 80px` row 10 wide in a 500px column (its automatic
/// minimum found unstretched), though the item is then 80 wide in it; where the column's
/// own width came from its content, the row's contributions were found first at its
/// definite height, and the row is 80 wide.
extension LayoutComputer {
    /// Whether the row item's width is found with its height as indefinite. (Mutating,
    /// though it changes nothing, and given the item where it is: called per item of a
    /// column from `determineHypotheticalCrossSizes`, the non-mutating method copied the
    /// whole computer, 688 bytes, and the item, 352, first. So are its helpers.)
    @inline(never)
    mutating func rowWidthIgnoresOwnHeight(_ item: UnsafePointer<FlexItem>) -> Bool {
        let node = Int(item.pointee.node)
        // (A minimum height given, or a scroll container, asks for no content height.)
        guard item.pointee.basisIsDefinite, item.pointee.minSize.main == nil, !item.pointee.isScrollContainer,
            item.pointee.aspectRatio == nil,
            tree.nodes[node].childCount > 0, case .flex = tree.nodes[node].kind
        else { return false }
        let style = flexStyle(of: node)
        guard style.flexDirection.isRow, style.flexWrap == .nowrap else { return false }
        let column = Int(tree.nodes[node].parent)
        guard column >= 0, widthIsDefiniteFromAbove(column) else { return false }
        for child in layoutChildren(of: node) where !contributionIgnoresHeight(Int(child), depth: 0) { return false }
        return true
    }

    /// A column's width that no content-size question found: its own width, the root's,
    /// or the width of the definite column it stretches in.
    private mutating func widthIsDefiniteFromAbove(_ start: Int) -> Bool {
        var node = start
        while true {
            guard case .flex = tree.nodes[node].kind else { return false }
            let style = flexStyle(of: node)
            if style.width.unit == .points { return true }
            guard style.width.isAuto else { return false }
            let parent = Int(tree.nodes[node].parent)
            guard parent >= 0, case .flex = tree.nodes[parent].kind else { return true }
            let parentStyle = flexStyle(of: parent)
            guard !parentStyle.flexDirection.isRow, parentStyle.flexWrap == .nowrap, style.aspectRatio == nil,
                !hasAutoInlineMargin(style)
            else { return false }
            let align = style.alignSelf == .auto ? parentStyle.alignItems : style.alignSelf
            guard align == .stretch || align == .normal else { return false }
            node = parent
        }
    }

    /// Whether an item's min-/max-content contribution is the same at any height of its
    /// row: a fixed width, or content (a few levels deep) whose widths no height feeds
    /// through a ratio or a wrapping column's lines (Chromium keeps the contributions of
    /// a `height: 46%` box's parent, whose percentage resolves only later).
    private mutating func contributionIgnoresHeight(_ node: Int, depth: Int) -> Bool {
        // (A text's styles count too: `aspect-ratio: 2` around `HHHHH` is as wide as the
        // row's height makes it.)
        switch tree.nodes[node].kind {
        case .text, .flex: break
        default: return false
        }
        let style = flexStyle(of: node)
        if style.display == .none || style.position == .absolute { return true }
        if style.width.unit == .points, style.minWidth.unit != .percent, style.maxWidth.unit != .percent { return true }
        guard depth < 3, style.aspectRatio == nil, style.flexDirection.isRow || style.flexWrap == .nowrap else { return false }
        for child in layoutChildren(of: node) where !contributionIgnoresHeight(Int(child), depth: depth + 1) {
            return false
        }
        return true
    }

    private mutating func hasAutoInlineMargin(_ style: FlexStyle) -> Bool {
        guard style.edges >= 0, Int(style.edges) < tree.flexEdges.count else { return false }
        let margin = tree.flexEdges[Int(style.edges)].margin
        return margin.left.isAuto || margin.right.isAuto || margin.start.isAuto || margin.end.isAuto
    }
}
