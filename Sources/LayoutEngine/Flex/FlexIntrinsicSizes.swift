/// CSS Flexbox §9.9 "Intrinsic Sizes".
extension LayoutComputer {
    // MARK: - 9.9.2 Flex container intrinsic cross size

    /// §9.9.2 "Flex Container Intrinsic Cross Size" of a single-line column: the largest
    /// outer min-/max-content contribution of its items (fit-content in definite space),
    /// border box. Each item contributes its own inline size as a box, not the one it has
    /// once flexed or stretched: Chromium sizes a column of one `flex-grow: 1;
    /// aspect-ratio: 0.5` item 0 wide, although the item grows 106 tall.
    /// Out of line: a deep chain of containers recurses through `flexLayout`.
    @inline(never)
    mutating func intrinsicCrossSizeOfColumn(
        _ node: Int, _ box: FlexBox, _ sizes: FlexSizes, _ inputs: FlexInputs, innerHeight: Double?
    ) -> Double {
        let paddingBorder = box.paddingBorder.horizontal
        // What the container offers its items inline: its own space less its margins,
        // border and padding (a constraint stays one).
        let space = inputs.availableWidth.minus(box.margin.horizontal).minus(paddingBorder)
        var largest = 0.0
        // A wrapping column's lines hold its baseline-sharing groups (§9.4 step 8): their
        // items line up their left border edges, so a negative left margin widens the line
        // (Chromium: `padding: 10px; margin-left: -4px` beside an empty box, both
        // `align-self: baseline`, makes a wrapping column 20 wide, not 16).
        let containerStyle = flexStyle(of: node)
        // Only its max-content width: its min-content width is its largest item's still
        // (Chromium: a `margin-left: 5px` empty box and a 79px one, both `align-self:
        // baseline`, make a wrapping column 84 wide in 500px of space, 79 wide in 10px).
        let groupsWiden = containerStyle.flexWrap != .nowrap && !inputs.availableWidth.isMinContent
        let alignment = itemAlignmentContext(containerStyle)
        var first = BaselineGroup(), last = BaselineGroup()
        for child in layoutChildren(of: node) {
            let style = flexStyle(of: Int(child))
            guard style.display != .none, style.position != .absolute, tree.nodes[Int(child)].hasFrame else { continue }
            let (width, itemBox) = itemWidthContribution(Int(child), style, space: space, innerHeight: innerHeight)
            largest = max(largest, width + itemBox.margin.horizontal)
            if groupsWiden, !itemBox.marginAutoLeft, !itemBox.marginAutoRight {
                let (alignSelf, _) = resolvedAlignSelf(style.alignSelf, safe: style.alignSelfSafe, direction: style.direction, in: alignment)
                let left = flex.requestIsRightToLeft ? itemBox.margin.right : itemBox.margin.left
                if alignSelf == .baseline { first.add(left, outer: width + itemBox.margin.horizontal) }
                if alignSelf == .lastBaseline { last.add(left, outer: width + itemBox.margin.horizontal) }
            }
        }
        largest = max(largest, first.size, last.size)
        return max(clamp(largest + paddingBorder, sizes.minWidth, sizes.maxWidth), paddingBorder)
    }

    /// An item's width as its container's width sees it (§9.9.2, §9.9.1 across a row):
    /// its border box, without its margins, and its box (for the margins). The container's
    /// width is what is being found, so the item's percentages of it (sizes, margins,
    /// padding) count as zero or auto. `space` is what the container offers inline.
    /// (Inlined: it is the body of the column's loop over its items.)
    @inline(__always)
    mutating func itemWidthContribution(
        _ child: Int, _ style: FlexStyle, space: AvailableSpace, innerHeight: Double?
    ) -> (width: Double, box: FlexBox) {
        let itemBox = flexBox(style, percentBase: nil)
        if case .flex = tree.nodes[child].kind, tree.nodes[child].modifierCount == 0, style.aspectRatio == nil,
            let own = FlexSizes(style, parentWidth: nil, parentHeight: innerHeight, paddingBorder: itemBox.paddingBorder).width
        {
            // A width of its own (clamped by its min/max) is the contribution: no
            // layout of the item needed.
            return (max(own, itemBox.paddingBorder.horizontal), itemBox)
        }
        let itemInputs = FlexInputs(
            knownWidth: nil, knownHeight: nil, parentWidth: nil, parentHeight: innerHeight,
            availableWidth: space, availableHeight: .maxContent, sizing: .inherentSize)
        let limits = FlexSizes(style, parentWidth: nil, parentHeight: innerHeight, paddingBorder: itemBox.paddingBorder)
        let measured: Double
        if case .text = tree.nodes[child].kind, style.aspectRatio != nil, limits.width == nil, limits.height == nil {
            // A ratio text of no size contributes its lines' width.
            measured = ratioTextContribution(
                child, space: space, margin: itemBox.margin.horizontal, paddingBorder: itemBox.paddingBorder.horizontal)
        } else {
            // (Its width alone: a column's width is its items' widths.)
            measured = computeFlexChild(child, itemInputs, flex.itemSizeMode(isRow: true)).size.width
        }
        // (A text leaf measures its words alone: its own min/max width still bound
        // its contribution, Chromium: `max-width: 28px` around "HHHH" gives 28.)
        return (max(clamp(measured, limits.minWidth, limits.maxWidth), itemBox.paddingBorder.horizontal), itemBox)
    }
}
