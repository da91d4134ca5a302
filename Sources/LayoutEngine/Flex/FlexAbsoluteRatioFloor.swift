/// The width an absolute box with a preferred aspect ratio is floored by where its
/// width is given: its automatic minimum (CSS Sizing 4 §5.2), its content's min-content
/// width, which its ratio does not widen past what it makes of the padding and border.
extension LayoutComputer {
    /// The min-content width that floors a ratio box's given width (its automatic
    /// minimum): as measured where that is more than `beyond`, what the ratio makes of the
    /// padding and border alone; else a flex box's items' min-content widths (summed in a
    /// single-line row, the largest otherwise) and its padding and border, not through the ratio
    /// (Chromium: `padding: 100%; width: 48px; height: 71px; aspect-ratio: 16 / 9` around a
    /// 61px box in a 500px one is 1061 wide, not 1000, fuzz_12714_1). In a single-line row
    /// `rowHeight` tall (padding and border included) a ratio item the row stretches takes
    /// its width from that height (definite, CSS Flexbox §9.8; Chromium: a `width: 52px;
    /// height: 91px; aspect-ratio: 1` box around an `aspect-ratio: 2` item is 182 wide; with
    /// `align-items: flex-start`, or wrapping, 52).
    mutating func ratioBoxMinContentWidth(
        _ child: Int, _ paddingBorder: FlexSides, beyond: Double, rowHeight: Double, areaWidth: Double,
        areaHeight: Double
    ) -> Double {
        let measured = absoluteMinContentWidth(child, paddingBorder, areaWidth: areaWidth, areaHeight: areaHeight)
        let stretched =
            itemsMinContentWidth(child, paddingBorder, stretchedHeight: max(rowHeight - paddingBorder.vertical, 0)) ?? 0
        guard measured <= beyond else { return max(measured, stretched) }
        return max(itemsMinContentWidth(child, paddingBorder, stretchedHeight: nil) ?? 0, stretched)
    }

    /// An absolute box's min-content width (its padding and border included), its height
    /// held at its padding and border, so that its ratio adds no more than what it makes
    /// of them (`ratioBoxMinContentWidth` looks past that).
    mutating func absoluteMinContentWidth(
        _ child: Int, _ paddingBorder: FlexSides, areaWidth: Double, areaHeight: Double
    ) -> Double {
        computeFlexChild(
            child,
            FlexInputs(
                knownWidth: nil, knownHeight: paddingBorder.vertical, parentWidth: areaWidth,
                parentHeight: areaHeight, availableWidth: .minContent, availableHeight: .definite(areaHeight),
                sizing: .contentSize),
            .computeSize
        ).size.width
    }

    /// A flex box's items' min-content widths, summed in a single-line row, the largest
    /// otherwise, with its padding and border; nil for any other node. With
    /// `stretchedHeight` (a single-line row's inner height) a ratio item its line
    /// stretches is as wide as its ratio makes that height, and the answer is nil for any
    /// other box and without such an item.
    private mutating func itemsMinContentWidth(
        _ child: Int, _ paddingBorder: FlexSides, stretchedHeight: Double?
    ) -> Double? {
        guard case .flex = tree.nodes[child].kind, tree.nodes[child].modifierCount == 0 else { return nil }
        let style = flexStyle(of: child)
        let sums = style.flexDirection.isRow && style.flexWrap == .nowrap
        if stretchedHeight != nil, !sums { return nil }
        let alignment = itemAlignmentContext(style)
        var content = 0.0
        var count = 0
        var stretchesRatioItem = false
        for item in layoutChildren(of: child) {
            let itemStyle = flexStyle(of: Int(item))
            guard itemStyle.display != .none, itemStyle.position != .absolute, tree.nodes[Int(item)].hasFrame else { continue }
            let outer: Double
            if let stretchedHeight, let stretched = stretchedRatioItemWidth(itemStyle, alignment, height: stretchedHeight) {
                outer = stretched
                stretchesRatioItem = true
            } else {
                let (width, itemBox) = itemWidthContribution(Int(item), itemStyle, space: .minContent, innerHeight: stretchedHeight)
                outer = width + itemBox.margin.horizontal
            }
            content = sums ? content + outer : max(content, outer)
            count += 1
        }
        if stretchedHeight != nil, !stretchesRatioItem { return nil }
        if sums, count > 1 { content += (style.columnGap.resolve(nil) ?? 0) * Double(count - 1) }
        return content + paddingBorder.horizontal
    }

    /// The outer width of a ratio item with no width or height of its own that its row's
    /// line stretches to `height`: what its ratio makes of that height less its margins,
    /// clamped by its min and max sizes. A flex basis of its own leaves that width its
    /// automatic minimum, so the answer stands while its min width is auto (Chromium: with
    /// `flex-basis: 5px`, `0%` or `150px` an `aspect-ratio: 2` item stretched to 45 makes
    /// its box 90 wide, fuzz_12773_2; with `min-width: 0px` too, it does not). Nil for any
    /// other item.
    private func stretchedRatioItemWidth(
        _ itemStyle: FlexStyle, _ alignment: FlexItemAlignmentContext, height: Double
    ) -> Double? {
        guard let ratio = itemStyle.aspectRatio, itemStyle.height.isAuto, itemStyle.width.resolve(nil) == nil,
            itemStyle.flexBasis.isAuto || itemStyle.minWidth.isAuto
        else { return nil }
        let (align, _) = resolvedAlignSelf(
            itemStyle.alignSelf, safe: itemStyle.alignSelfSafe, direction: itemStyle.direction, in: alignment)
        let itemBox = flexBox(itemStyle, percentBase: nil)
        guard align == .stretch, !itemBox.marginAutoTop, !itemBox.marginAutoBottom else { return nil }
        let paddingBorder = itemBox.paddingBorder
        let sizes = FlexSizes(itemStyle, parentWidth: nil, parentHeight: height, paddingBorder: paddingBorder)
        let stretched = max(clamp(height - itemBox.margin.vertical, sizes.minHeight, sizes.maxHeight), paddingBorder.vertical)
        let width = Self.widthThroughRatio(ratio, itemStyle, paddingBorder, height: stretched)
        return max(clamp(width, sizes.minWidth, sizes.maxWidth), paddingBorder.horizontal) + itemBox.margin.horizontal
    }
}
