/// CSS Flexible Box Layout Level 1, §9 "Flex Layout Algorithm"
/// (https://www.w3.org/TR/css-flexbox-1/#layout-algorithm), one function per numbered
/// step, in the order of the spec, with browser behaviour where browsers differ from
/// the text (checked against the Chromium fixtures in Tests/Fixtures/flex).
extension LayoutComputer {
    /// A flex container's size (and, with `.performLayout`, every descendant's frame).
    /// Sizes are memoised per input, as in Taffy's `compute_cached_layout`.
    mutating func computeFlexContainer(
        _ node: Int, style styleIndex: Int32, _ inputs: FlexInputs, _ mode: FlexRunMode,
        foundWidth: FoundWidthLayout = .forLayoutOrDefiniteSpace
    ) -> FlexOutput {
        if isChildlessFlexBox(node, style: styleIndex) {
            guard spendWork() else { return FlexOutput(size: .zero, firstBaseline: nil) }
            return childlessFlexBox(style: styleIndex, inputs)
        }
        let computeSize = mode.isComputeSize
        // Only size questions are memoised: the key is made for them alone.
        var key = inputs
        if computeSize {
            key = flexMemoKey(node, style: styleIndex, inputs)
            // (An answer of both sizes also answers for the width.)
            if let size = flex.memo.lookup(node, key) { return FlexOutput(size: size, firstBaseline: nil) }
            if mode.isWidthOnly, let size = flex.memo.lookup(node, key, widthOnly: true) {
                return FlexOutput(size: size, firstBaseline: nil)
            }
        }
        guard spendWork() else { return FlexOutput(size: .zero, firstBaseline: nil) }
        let style = styleIndex >= 0 ? tree.flexStyles[Int(styleIndex)] : FlexStyle.initial
        let output = flexLayout(node, style, inputs, mode, foundWidth: foundWidth)
        // (A width question of a column, or of a box whose sizes were both known early,
        // found both sizes.)
        if computeSize { flex.memo.store(node, key, output.size, widthOnly: output.size.height.isNaN) }
        return output
    }

    /// The memo's key of a size question: what the answer can depend on. (Out of line:
    /// inlined, it made the recursive `computeFlexContainer` dearer by 3%.)
    @inline(never)
    mutating func flexMemoKey(_ node: Int, style styleIndex: Int32, _ inputs: FlexInputs) -> FlexInputs {
        var key = inputs
        // The containing block matters only through the node's own percentages, the
        // sizing mode only through its own sizes. (Read before copying the whole style:
        // most questions are answered from the memo.)
        if styleIndex < 0 || !tree.flexStyles[Int(styleIndex)].hasPercentages { (key.parentWidth, key.parentHeight) = (nil, nil) }
        if key.parentWidth != nil || key.parentHeight != nil { tree.flexStyles[Int(styleIndex)].forgetUnusedParentSizes(&key) }
        if styleIndex < 0 || !tree.flexStyles[Int(styleIndex)].hasSizes { key.sizing = .inherentSize }
        // (Asked of the key: a content-size question's answer is the same without the
        // parent width it forgot.)
        if key.sizing == .contentSize, tree.flexStyles[Int(styleIndex)].sizingModeIsMoot(key) { key.sizing = .inherentSize }
        // A known size makes the space offered on that axis irrelevant.
        if key.knownWidth != nil { key.availableWidth = .definite(0) }
        if key.knownHeight != nil { key.availableHeight = .definite(0) }
        if !flex.memo.isPrepared { flex.memo.prepare(tree) }
        // A min-content question of a subtree that cannot tell it from max-content is
        // the max-content one (an item's minimum and its base size often are).
        if key.availableWidth.isMinContent || key.availableHeight.isMinContent, flex.memo.isConstraintBlind(node, tree) {
            if key.availableWidth.isMinContent { key.availableWidth = .maxContent }
            if key.availableHeight.isMinContent { key.availableHeight = .maxContent }
        }
        return key
    }

    /// Taffy's `compute_flexbox_layout`: the container's own sizes first, so that a
    /// size question whose answer the style already fixes needs no item at all.
    mutating func flexLayout(
        _ node: Int, _ style: FlexStyle, _ inputs: FlexInputs, _ mode: FlexRunMode,
        foundWidth: FoundWidthLayout = .forLayoutOrDefiniteSpace,
        ratioCross: Double? = nil, stretchedItemsFollowLine: Bool = false, ratioMain: Double? = nil,
        ratioPercentHeight: Double? = nil
    ) -> FlexOutput {
        measured += 1  // a computed size, for the profiler (as the SwiftUI containers count theirs)
        let box = Self.flexBox(
            style, percentBase: inputs.parentWidth, edgeSets: tree.flexEdges, requestIsRightToLeft: flex.requestIsRightToLeft)
        let paddingBorder = box.paddingBorder
        // Min/max sizes transfer through the ratio only when the ratio sizes the box: a
        // size the parent fixed (a stretched height) is not clamped by them (CSS Sizing 4
        // §5.2; Chromium: `max-width: 70px; aspect-ratio: 1` stretched to a 300px row).
        let sizes =
            style.isPlainItem
            ? FlexSizes(
                plain: style, parentWidth: inputs.parentWidth, parentHeight: inputs.parentHeight,
                inherent: inputs.sizing == .inherentSize)
            : FlexSizes(
                style, parentWidth: inputs.parentWidth, parentHeight: inputs.parentHeight, paddingBorder: paddingBorder,
                inherent: inputs.sizing == .inherentSize,
                transferLimits: inputs.knownWidth == nil && inputs.knownHeight == nil)
        // min ≥ max fixes the size whatever the style says.
        let fixedWidth = sizes.minWidth.flatMap { minimum in sizes.maxWidth.flatMap { $0 <= minimum ? minimum : nil } }
        let fixedHeight = sizes.minHeight.flatMap { minimum in sizes.maxHeight.flatMap { $0 <= minimum ? minimum : nil } }
        // A size the ratio transfers from the other is found below (`sizesThroughRatio`),
        // where the content's automatic minimum applies to it (CSS Sizing 4 §5.2).
        var (ownWidth, ownHeight) = (sizes.width, sizes.height)
        if style.aspectRatio != nil {
            if style.width.resolve(inputs.parentWidth) == nil { ownWidth = nil }
            if style.height.resolve(inputs.parentHeight) == nil { ownHeight = nil }
        }
        var knownWidth = inputs.knownWidth ?? (fixedWidth ?? ownWidth).map { max($0, paddingBorder.horizontal) }
        var knownHeight = inputs.knownHeight ?? (fixedHeight ?? ownHeight).map { max($0, paddingBorder.vertical) }
        // A preferred aspect ratio turns one definite size into the other (CSS Sizing 4 §5).
        var percentHeight = ratioPercentHeight
        if style.aspectRatio != nil, (knownWidth == nil) != (knownHeight == nil) {
            (knownWidth, knownHeight, percentHeight) = sizesThroughRatio(
                node, style, inputs, sizes, paddingBorder, knownWidth, knownHeight)
        } else if inputs.heightIsTransferred, let ratio = style.aspectRatio, let width = knownWidth, knownHeight != nil {
            percentHeight = Self.transferredHeight(ratio, style, sizes, paddingBorder, width: width)
        }
        // §9.3 step 5 breaks a wrapping column's lines at its max height (at least its min
        // height) also when only its content size is asked (a flex base size, a hypothetical
        // cross size), where `sizes` leaves the limits to the asker: the lines are the box's
        // own (Chromium: items 60 tall in a `max-height: 100px` column, in a row, make three
        // lines, 100 wide and 60 tall).
        var columnLineLimit: Double?
        if style.flexWrap != .nowrap, !style.flexDirection.isRow, !style.maxHeight.isAuto || !style.height.isAuto {
            let limits = FlexSizes(
                style, parentWidth: inputs.parentWidth, parentHeight: inputs.parentHeight, paddingBorder: paddingBorder)
            // (Not a percentage max height while the column's height is measured without
            // a definite space, as for its flex base size in a column: Chromium lays a
            // `max-height: 63%` column of items 78 and 50 out in one line there, so it
            // is 128 clamped to 63%; with `max-height: 80.625px`, in two lines, 78 tall.)
            let maximumIsMoot =
                inputs.sizing == .contentSize && inputs.availableHeight.definite == nil && style.maxHeight.unit == .percent
            columnLineLimit = maximumIsMoot ? nil : limits.maxHeight.map { maximum in max(maximum, limits.minHeight ?? 0) }
            if style.aspectRatio == nil || style.height.unit != .percent, let height = limits.height {
                // So does its own height, where a flex basis overrides it as an item's main
                // size (Chromium: a `flex-basis: 69%; height: 111px` column of items 52 and
                // 120, in a column, has two lines and is 120 tall, not 172). A ratio box's
                // height in points too: Chromium breaks a `height: 11px; aspect-ratio: 16 / 9`
                // column of items 19 and 0 tall (120 and 15 wide) into two lines, 135 wide,
                // and makes its base size 135 × 9 / 16; a percentage one it leaves unbroken
                // (`height: 71%; aspect-ratio: 0.5`: one line, 120 wide, 240 tall).
                columnLineLimit = height
            }
        }
        // A single-line column's width is found before its items are laid out (§9.9.2),
        // and then lays them out as a definite width would. So is a wrapping column's
        // that nothing breaks into lines (no definite or max height: Chromium sizes one
        // around a `flex-basis: 44px; aspect-ratio: 2` item 0 wide, as its contribution).
        // Whatever its lines, a column's min-content width is its largest item's
        // (Chromium shrinks a wrapping column of items 26 and 105 wide, in two lines, to 105).
        let widthIsLargestContribution =
            style.flexWrap == .nowrap || (knownHeight == nil && columnLineLimit == nil && ratioMain == nil)
            || inputs.availableWidth.isMinContent
        if knownWidth == nil, !style.flexDirection.isRow, widthIsLargestContribution, tree.nodes[node].childCount > 0 {
            let heightIsDefinite = knownHeight != nil && !(inputs.knownHeight != nil && inputs.heightIsIndefinite)
            let width = intrinsicCrossSizeOfColumn(
                node, box, sizes, inputs,
                innerHeight: heightIsDefinite ? knownHeight.map { max($0 - paddingBorder.vertical, 0) } : nil)
            knownWidth = width
            if let ratio = style.aspectRatio, knownHeight == nil {
                // (Never below what its padding and border transfer through the ratio, as
                // `ratioFloor` below: Chromium makes a `border-width: 5px; aspect-ratio:
                // 16 / 9` column around an empty item 17.8 wide, not 10.)
                if style.boxSizing != .contentBox {
                    knownWidth = max(width, min(throughRatio(paddingBorder.vertical * ratio), sizes.maxWidth ?? .infinity))
                }
                (knownWidth, knownHeight, percentHeight) = sizesThroughRatio(
                    node, style, inputs, sizes, paddingBorder, knownWidth, nil)
            }
        }
        if mode.isComputeSize, let knownWidth, let knownHeight {
            return FlexOutput(size: Size(width: knownWidth, height: knownHeight), firstBaseline: nil)
        }
        if knownWidth == nil, foundWidth != .never,
            foundWidth == .always || !mode.isComputeSize || inputs.availableWidth.definite != nil,
            childrenHavePercentages(node, isRow: style.flexDirection.isRow)
        {
            return layOutAtFoundWidth(node, style, inputs, mode)
        }
        // With neither size known, a ratio box is at least what its padding and border
        // transfer through the ratio (its other axis cannot be smaller than them).
        var ratioFloor = Size.zero
        if let ratio = style.aspectRatio, knownWidth == nil, knownHeight == nil {
            let contentBox = style.boxSizing == .contentBox
            ratioFloor = Size(
                width: contentBox ? paddingBorder.horizontal : throughRatio(paddingBorder.vertical * ratio),
                height: contentBox ? paddingBorder.vertical : throughRatio(paddingBorder.horizontal / ratio))
        }
        if tree.nodes[node].childCount == 0 {
            // No items: the content box is empty (what the steps below would find, without them).
            let width = knownWidth ?? max(clamp(max(paddingBorder.horizontal, ratioFloor.width), sizes.minWidth, sizes.maxWidth), paddingBorder.horizontal)
            let height = knownHeight ?? max(clamp(max(paddingBorder.vertical, ratioFloor.height), sizes.minHeight, sizes.maxHeight), paddingBorder.vertical)
            return FlexOutput(size: Size(width: width, height: height), firstBaseline: nil)
        }
        var known = inputs
        known.knownWidth = knownWidth
        known.knownHeight = knownHeight
        var container = flexContainer(style, box, sizes, known)
        if let ratioCross, !container.isWrap { container.stretchedCross = max(ratioCross - container.paddingBorderCross, 0) }
        if let ratioMain, !container.isRow, container.isWrap {
            container.ratioLineLength = max(ratioMain - container.paddingBorderMain, 0)
        } else if inputs.sizing == .contentSize, let columnLineLimit, container.outer.main == nil {
            container.ratioLineLength = max(columnLineLimit - container.paddingBorderMain, 0)
        } else if inputs.heightIsTransferred, !container.isRow, container.isWrap, let ratio = style.aspectRatio,
            let width = knownWidth
        {
            // §9.3 step 5: a wrapping column whose height its ratio gave (its content may
            // have grown it) breaks its lines at the transferred height, as when that
            // height was found (Chromium: a 0-wide `aspect-ratio: 16 / 9` column puts
            // items of 91 and 0 in two lines, though the 91 makes it 91 tall).
            let lineHeight = Self.transferredHeight(ratio, style, sizes, paddingBorder, width: width)
            container.ratioLineLength = max(lineHeight - container.paddingBorderMain, 0)
        } else if !container.isRow, container.isWrap, style.aspectRatio != nil, inputs.knownHeight == nil,
            let transferred = percentHeight
        {
            // So does one whose ratio transferred its height here, from its width, where
            // its content grew it (Chromium: a 500px `aspect-ratio: 2` column of items 0
            // and 400 tall is 400 tall, in two lines, not one).
            container.ratioLineLength = max(transferred - container.paddingBorderMain, 0)
        }
        // A single-line row's height found for its ratio (its content minimum) leaves out
        // the items that stretch: Chromium stretches them to the transferred height. (Not
        // for its min-content height, §4.5's content size suggestion in a column: that
        // lays the content out in an indefinite height.)
        container.stretchedItemsFollowLine =
            container.isRow && !container.isWrap
            && (stretchedItemsFollowLine
                || (style.aspectRatio != nil && knownWidth == nil && knownHeight == nil && mode.isComputeSize
                    && !inputs.availableHeight.isMinContent))
        // A height the caller found from content, or one this container will find from its
        // items, is not definite for the items' percentages.
        container.heightIsDefinite = knownHeight != nil && !(inputs.knownHeight != nil && inputs.heightIsIndefinite)
        if inputs.knownHeight == nil, ownHeight == nil, fixedHeight != nil, style.aspectRatio == nil {
            // Nor is a height that only min ≥ max fixes: `height` is still auto (Chromium:
            // `min-height: 116px; max-height: 61px` leaves a child's `height: 48%` at 0,
            // fuzz_10804_1).
            container.heightIsDefinite = false
        }
        container.ratioPercentHeight = percentHeight.map { max($0 - paddingBorder.vertical, 0) }
        if !container.heightIsDefinite || container.ratioPercentHeight != nil {
            // Nor for a percentage row gap, which then resolves against zero; or against
            // the height a ratio transfers, as the items' percentages do, even where the
            // content grew the box (Chromium: a 500px `aspect-ratio: 0.5` wrapping row with
            // `gap: 100%` around lines of 18 and 0 is 1018 tall, its second line at 1018).
            let rowGapBasis = container.ratioPercentHeight ?? 0
            if container.isRow {
                container.gap.cross = container.gapStyle.cross.resolve(rowGapBasis) ?? 0
            } else {
                container.gap.main = container.gapStyle.main.resolve(rowGapBasis) ?? 0
            }
        }
        // 9.2 step 2 (here, where the container's own margins are at hand)
        let available = determineAvailableSpace(box, isRow: container.isRow, known)
        // The buffers from the layout's stacks of them (see `FlexScratch`). (The count from
        // the node itself: the children's slice retained the tree's list.)
        let childCount = Int(tree.nodes[node].childCount)
        let (items, itemMark) = flex.items.take(childCount)
        let (lines, lineMark) = flex.lines.take(max(childCount, 1))
        var output = runFlexAlgorithm(node, style, &container, available, mode, items, lines)
        flex.lines.giveBack(lineMark)
        flex.items.giveBack(itemMark)
        if mode.isComputeSize, !container.isRow, container.isWrap, knownWidth == nil,
            let space = inputs.availableWidth.minus(box.margin.horizontal).definite, output.size.width > space
        {
            // §9.9.2: in definite space a wrapping column is fit-content, and its min-content
            // width is its largest item's, whatever its lines (Chromium: lines 109 and 20
            // wide in an absolute column with no room are 109 wide, not 129).
            var minContent = inputs
            minContent.availableWidth = .minContent
            let smallest = intrinsicCrossSizeOfColumn(
                node, box, sizes, minContent,
                innerHeight: container.heightIsDefinite ? knownHeight.map { max($0 - paddingBorder.vertical, 0) } : nil)
            output.size.width = min(output.size.width, max(smallest, space))
        }
        if mode.isComputeSize {
            output.size.width = max(output.size.width, min(ratioFloor.width, sizes.maxWidth ?? .infinity))
            if output.size.height.isNaN { return output }  // the width alone (`computeWidth`)
            output.size.height = max(output.size.height, min(ratioFloor.height, sizes.maxHeight ?? .infinity))
            if style.aspectRatio != nil, knownWidth == nil, knownHeight == nil {
                // (A scroll container has no automatic minimum, CSS Sizing 4 §5.2: its
                // content does not raise the height its ratio gives.)
                output.size.height = heightThroughRatio(
                    style, output.size, paddingBorder, sizes,
                    contentIsMinimum: !Self.isUnresolvedPercentage(style.height, inputs.parentHeight)
                        && (inputs.sizing != .inherentSize || (style.height.unit != .percent && style.minHeight.isAuto))
                        && style.overflow == .visible)
            }
        }
        return output
    }

    /// One definite size turned into the other through the ratio (out of line: a deep
    /// chain of containers recurses through `flexLayout`, whose frame must stay small).
    @inline(never)
    private mutating func sizesThroughRatio(
        _ node: Int, _ style: FlexStyle, _ inputs: FlexInputs, _ sizes: FlexSizes, _ paddingBorder: FlexSides,
        _ knownWidth: Double?, _ knownHeight: Double?
    ) -> (Double?, Double?, Double?) {
        guard let ratio = style.aspectRatio else { return (knownWidth, knownHeight, nil) }
        // (The height transferred from the width, where the content grows it: the
        // content's percentages resolve against it all the same.)
        var percentHeight: Double?
        var (knownWidth, knownHeight) = (knownWidth, knownHeight)
        // A box with `min-*: auto` is never smaller than its content in the axis the
        // ratio sizes (CSS Sizing 4 §5.2, automatic minimum of a ratio-dependent axis),
        // unless its height is a percentage: Chromium keeps a `height: 33%` ratio box
        // (of an indefinite height) at its transferred height, below its content. (A
        // length there reaches here only from a content-size question, which ignores
        // it; a percentage width is auto while the width is found from content.)
        let contentFloor = style.overflow == .visible && tree.nodes[node].childCount > 0
        // (From the size as used: never below its padding and border, as in `FlexSizes`.)
        if let width = knownWidth.map({ max($0, paddingBorder.horizontal) }), knownHeight == nil {
            // (Nor below its padding and border; and not for a percentage of an indefinite
            // height: it behaves as auto but is not, and lets the content overflow;
            // Chromium: `height: 27%; aspect-ratio: 16 / 9` around a 50px child is 0 tall
            // when 0 wide.)
            var height = Self.transferredHeight(ratio, style, sizes, paddingBorder, width: width)
            if contentFloor, style.minHeight.isAuto, !Self.isUnresolvedPercentage(style.height, inputs.parentHeight) {
                // (Not for a column's content size suggestion, its min-content height:
                // there Chromium leaves the percentages indefinite.)
                percentHeight = inputs.availableHeight.isMinContent ? nil : height
                var content = inputs
                (content.knownWidth, content.knownHeight) = (width, nil)
                // (Stretched items of a row are as tall as the transferred height, which
                // is definite: only the others' content is a minimum. Not for its min-content
                // height, a column's content size suggestion: there they count with their
                // own ratios, fuzz_10103_3.)
                let followsLine = !inputs.availableHeight.isMinContent
                // (A wrapping column breaks its lines at the transferred height, §9.3 step 5,
                // so its content is its longest line; Chromium: items of 45 and 54 in a
                // column 4.5 high by its ratio make it 54 tall, not 99. At its own height
                // where it has one, which the ratio does not override, as when a content-size
                // question left it out here: Chromium makes a `flex-basis: 45px; width: 29px;
                // height: 70px; aspect-ratio: 1` column around items of 25 and 30 55 tall,
                // one line, not 30, fuzz_12670_2; not a percentage height, which Chromium
                // leaves to the ratio here, fuzz_12612_1.)
                var lineLength = height
                if style.height.unit == .points,
                    let own = FlexSizes(
                        style, parentWidth: inputs.parentWidth, parentHeight: inputs.parentHeight,
                        paddingBorder: paddingBorder, clamped: false
                    ).height
                {
                    lineLength = own
                }
                let minimum = withoutAspectRatio(
                    node, style, content, availableHeight: inputs.availableHeight,
                    ratioCross: style.flexDirection.isRow && followsLine ? height : nil,
                    stretchedItemsFollowLine: followsLine, ratioMain: lineLength, ratioPercentHeight: percentHeight
                ).height
                height = max(height, min(minimum, sizes.maxHeight ?? .infinity))
            }
            knownHeight = height
        } else if let height = knownHeight.map({ max($0, paddingBorder.vertical) }), knownWidth == nil {
            let adjustWidth = style.boxSizing == .contentBox ? paddingBorder.horizontal : 0
            let adjustHeight = style.boxSizing == .contentBox ? paddingBorder.vertical : 0
            var width = clamp(throughRatio((height - adjustHeight) * ratio + adjustWidth), sizes.minWidth, sizes.maxWidth)
            width = max(width, paddingBorder.horizontal)
            // (Also under a percentage width of an indefinite size, which then behaves as
            // auto: unlike a height, a width keeps its content floor. Chromium: `width: 62%;
            // height: 28px; aspect-ratio: 1` around a 43px child makes its row 43 wide.)
            if contentFloor, style.minWidth.isAuto {
                var content = inputs
                (content.knownWidth, content.knownHeight) = (nil, height)
                // (A height not definite for the content leaves its percentages unresolved
                // here, as a min-content width does: Chromium makes an unstretched
                // `aspect-ratio: 2` row of a column, around a 85px box and a `height: 46%;
                // aspect-ratio: 16 / 9` one, 85 wide, its ratio's width from its 42.5 height,
                // not 119.75 from the second box at 46% of that, fuzz_12669_1.)
                let minimum = withoutAspectRatio(
                    node, style, content, availableWidth: .minContent, ratioCross: style.flexDirection.isRow ? nil : width
                ).width
                width = max(width, min(minimum, sizes.maxWidth ?? .infinity))
            }
            knownWidth = width
        }
        return (knownWidth, knownHeight, percentHeight)
    }

    /// The height a ratio box's width gives it (clamped by its min/max heights, never
    /// below its padding and border): what `sizesThroughRatio` and an absolute box start from.
    static func transferredHeight(
        _ ratio: Double, _ style: FlexStyle, _ sizes: FlexSizes, _ paddingBorder: FlexSides, width: Double
    ) -> Double {
        let adjustWidth = style.boxSizing == .contentBox ? paddingBorder.horizontal : 0
        let adjustHeight = style.boxSizing == .contentBox ? paddingBorder.vertical : 0
        let known = max(width, paddingBorder.horizontal)
        return max(clamp(throughRatio((known - adjustWidth) / ratio + adjustHeight), sizes.minHeight, sizes.maxHeight), paddingBorder.vertical)
    }

    /// The width a ratio box's height gives it, unclamped: the inverse of
    /// `transferredHeight` (under `box-sizing: content-box` the ratio is the content box's,
    /// CSS Sizing 4 §5).
    static func widthThroughRatio(_ ratio: Double, _ style: FlexStyle, _ paddingBorder: FlexSides, height: Double) -> Double {
        let adjustWidth = style.boxSizing == .contentBox ? paddingBorder.horizontal : 0
        let adjustHeight = style.boxSizing == .contentBox ? paddingBorder.vertical : 0
        return throughRatio((height - adjustHeight) * ratio + adjustWidth)
    }

    /// The width found from content is the containing block of the items' percentages
    /// (margins, padding, widths): Chromium finds the width first and lays the items out
    /// in it (a `margin-bottom: 14%` item makes its row taller). Out of line: a deep
    /// chain of containers recurses through `flexLayout`, whose frame must stay small.
    @inline(never)
    private mutating func layOutAtFoundWidth(
        _ node: Int, _ style: FlexStyle, _ inputs: FlexInputs, _ mode: FlexRunMode
    ) -> FlexOutput {
        var sized = inputs
        var styleIndex: Int32?
        if case .flex(let index) = tree.nodes[node].kind, index >= 0, tree.flexStyles[Int(index)].aspectRatio == style.aspectRatio {
            styleIndex = index
        }
        if !mode.isComputeSize, let styleIndex, inputs.availableWidth.definite == nil {
            // The width is the answer to the size question the parent asked before this
            // layout (a size question in indefinite space is not laid out again at its
            // width): through the memo, not a second run over every item. (A width
            // question: where no size was asked, as for a root placed without one, a
            // row's run stops at its width.)
            sized.knownWidth = computeFlexContainer(node, style: styleIndex, inputs, .computeWidth).size.width
        } else {
            sized.knownWidth = flexLayout(node, style, inputs, .computeWidth, foundWidth: .never).size.width
        }
        if let width = sized.knownWidth, mode.isWidthOnly {
            // Laid out at the width it found, a box keeps that width.
            return FlexOutput(size: Size(width: width, height: .nan), firstBaseline: nil)
        }
        if mode.isComputeSize, let styleIndex {
            // Through the memo: the parent asks the same question at this width later.
            return computeFlexContainer(node, style: styleIndex, sized, mode)
        }
        return flexLayout(node, style, sized, mode, foundWidth: .never)
    }

    /// Neither size given: the width is found as usual and the height transferred from
    /// it, never below the content (CSS Sizing 4 §5.2).
    @inline(never)
    private func heightThroughRatio(
        _ style: FlexStyle, _ size: Size, _ paddingBorder: FlexSides, _ sizes: FlexSizes, contentIsMinimum: Bool
    ) -> Double
    {
        guard let ratio = style.aspectRatio else { return size.height }
        let adjustWidth = style.boxSizing == .contentBox ? paddingBorder.horizontal : 0
        let adjustHeight = style.boxSizing == .contentBox ? paddingBorder.vertical : 0
        let transferred = clamp(throughRatio((size.width - adjustWidth) / ratio + adjustHeight), sizes.minHeight, sizes.maxHeight)
        // The content is no minimum under a percentage height that cannot resolve, nor,
        // for an intrinsic size, under any percentage height or a given minimum (as in
        // `sizesThroughRatio`).
        guard contentIsMinimum else { return max(transferred, paddingBorder.vertical) }
        return max(size.height, transferred)
    }

    /// Whether a child has a percentage margin or padding, which the container's width
    /// resolves and which changes the child's height (its other percentages are left to
    /// the usual passes: re-running for them would cost a run per container), or, in a
    /// row, a percentage flex basis, which is its main size (Chromium: a `flex: 0; width:
    /// 73px; aspect-ratio: 2` item of a content-sized row is 0 by 0, not 73 by 36.5).
    mutating func childrenHavePercentages(_ node: Int, isRow: Bool) -> Bool {
        for child in layoutChildren(of: node) {
            guard let index = tree.flexStyleIndex(of: Int(child)) else { continue }
            let style = tree.flexStyles[Int(index)]
            guard style.hasPercentages else { continue }
            if isRow, style.flexBasis.unit == .percent { return true }
            // A percentage width (or min/max width) narrows a text at the found width and
            // so grows its height (Chromium: a `width: 48%` text of 90px in a fit-content
            // row wraps to two lines and the row is 20 tall, fuzz_10800_9).
            if style.width.unit == .percent || style.minWidth.unit == .percent || style.maxWidth.unit == .percent {
                return true
            }
            guard style.edges >= 0, Int(style.edges) < tree.flexEdges.count else { continue }
            let edges = tree.flexEdges[Int(style.edges)]
            if FlexEdges.Side.allCases.contains(where: { edges.margin[$0].unit == .percent || edges.padding[$0].unit == .percent }) {
                return true
            }
        }
        return false
    }

    /// A percentage size of an indefinite containing block: it behaves as auto, but is not.
    static func isUnresolvedPercentage(_ length: FlexLength, _ base: Double?) -> Bool {
        length.unit == .percent && base == nil
    }

    /// The size of the node's content alone, as if it had no aspect ratio.
    private mutating func withoutAspectRatio(
        _ node: Int, _ style: FlexStyle, _ inputs: FlexInputs, availableWidth: AvailableSpace? = nil,
        availableHeight: AvailableSpace? = nil, ratioCross: Double? = nil, stretchedItemsFollowLine: Bool = false,
        ratioMain: Double? = nil, ratioPercentHeight: Double? = nil
    ) -> Size {
        var plain = style
        plain.aspectRatio = nil
        var content = inputs
        if let availableWidth { content.availableWidth = availableWidth }
        if let availableHeight { content.availableHeight = availableHeight }
        return flexLayout(
            node, plain, content, .computeSize, ratioCross: ratioCross, stretchedItemsFollowLine: stretchedItemsFollowLine,
            ratioMain: ratioMain, ratioPercentHeight: ratioPercentHeight
        ).size
    }

    // The steps are inlined into the driver: a call would copy the container and
    // items (large structs) into temporaries.
    @inline(__always)
    mutating func runFlexAlgorithm(
        _ node: Int, _ style: FlexStyle, _ container: inout FlexContainer,
        _ available: (main: AvailableSpace, cross: AvailableSpace), _ mode: FlexRunMode,
        _ itemBuffer: UnsafeMutableBufferPointer<FlexItem>, _ lineBuffer: UnsafeMutableBufferPointer<FlexLine>
    ) -> FlexOutput {
        // The steps borrow a `let` snapshot of the container between the two steps that
        // change it: handed the `var` itself, each call copied its 289 bytes. (Steps that
        // do not change the computer are `mutating` all the same: called from here, a
        // non-mutating method got a copy of the whole computer.) The first snapshot
        // serves steps 1 and 3 alike: each copied the container for itself.
        let initial = container
        // 9.1 step 1
        let (itemCount, alignsByBaseline) = generateFlexItems(node, style, initial, itemBuffer)
        container.hasBaselineItems = alignsByBaseline
        let hasOutOfFlowChildren = itemCount < tree.nodes[node].childCount
        let items = UnsafeMutableBufferPointer(rebasing: itemBuffer[0..<itemCount])
        defer { items.deinitialize() }
        // 9.2 step 3
        determineFlexBaseSizes(initial, items, available)
        // 9.3 steps 4–5 (lines first: a wrapping container's main size needs them)
        let lineCount = collectLinesAndDetermineMainSize(&container, items, lineBuffer, available)
        let lines = UnsafeMutableBufferPointer(rebasing: lineBuffer[0..<lineCount])
        defer { lines.deinitialize() }
        if mode.isWidthOnly, container.isRow {
            // A row's width is its main size, final here.
            return FlexOutput(size: Size(width: container.containerMain, height: .nan), firstBaseline: nil)
        }
        do {
            let container = container
            // 9.7 step 6
            for line in lines { resolveFlexibleLengths(container, items, line) }
            // 9.4 steps 7–11
            let singleLineLargest = determineHypotheticalCrossSizes(container, items, available.cross)
            if container.hasBaselineItems { computeItemBaselines(container, items, lines, available.cross) }
            calculateCrossSizeOfFlexLines(container, items, lines, singleLineLargest: singleLineLargest)
            handleAlignContentStretch(container, lines)
            // (Steps 11–14 only place the items: a size question needs the lines alone.)
            // Line by line, each step taking what the one before found in its pass over
            // the line's items (only step 11 lays items out, so the order of those
            // layouts is the same as step by step over all lines).
            for index in lines.indices where !mode.isComputeSize {
                // 9.4 step 11
                let (outerMainSum, autoMainMargins) = determineUsedCrossSizes(container, items, lines[index])
                // 9.5 step 12
                let (leading, between) = distributeRemainingFreeSpace(
                    container, items, lines[index], outerMainSum: outerMainSum, autoMargins: autoMainMargins)
                // 9.6 steps 13–14 (with step 12's main offsets)
                resolveCrossAxisAutoMarginsAndAlignItems(container, items, lines[index], leading: leading, between: between)
            }
        }
        let totalLineCross = determineFlexContainerCrossSize(&container, lines)
        let size =
            container.isRow
            ? Size(width: container.containerMain, height: container.containerCross)
            : Size(width: container.containerCross, height: container.containerMain)
        if mode.isComputeSize { return FlexOutput(size: size, firstBaseline: nil) }
        let container = container
        // 9.6 step 16
        alignFlexLines(container, lines, totalLineCross)
        // Final positions (Taffy's final layout pass), then the out-of-flow children.
        var baseline: Double?
        switch mode {
        case .performLayout(let origin):
            baseline = placeFlexItems(container, items, lines, at: origin)
            if hasOutOfFlowChildren { layOutAbsoluteChildren(node, style, container, size: size, at: origin) }
        case .computeBaseline:
            baseline = firstBaselineOfFlexContainer(container, items, lines)
            return FlexOutput(
                size: size, firstBaseline: Self.baselineOfScrollContainer(baseline, style.overflow, height: size.height),
                lastBaseline: Self.baselineOfScrollContainer(
                    lastBaselineOfFlexContainer(container, items, lines), style.overflow, height: size.height))
        case .computeSize, .computeWidth:
            break
        }
        return FlexOutput(size: size, firstBaseline: Self.baselineOfScrollContainer(baseline, style.overflow, height: size.height))
    }

    /// The container's constants (Taffy's `compute_constants`).
    @inline(__always)
    mutating func flexContainer(_ style: FlexStyle, _ box: FlexBox, _ sizes: FlexSizes, _ inputs: FlexInputs)
        -> FlexContainer
    {
        let isRow = style.flexDirection.isRow
        let reverse = style.flexDirection.isReverse
        let wrapReverse = style.flexWrap == .wrapReverse
        let mainFlip = isRow ? reverse != box.isRightToLeft : reverse
        // The internal left is the physical left unless the whole request is mirrored.
        let justifyContent = style.justifyContent.justify(
            reverse: reverse, isRow: isRow, leftIsMainStart: mainFlip == flex.requestIsRightToLeft)
        let alignContent = style.alignContent.alignContent(wrapReverse: wrapReverse)
        let contentStart: FlexAlignContent = wrapReverse ? .flexEnd : .flexStart
        var container = FlexContainer(
            isRow: isRow, isWrap: style.flexWrap != .nowrap,
            mainFlip: mainFlip,
            crossFlip: isRow ? wrapReverse : wrapReverse != box.isRightToLeft, isRightToLeft: box.isRightToLeft,
            border: box.border,
            paddingBorderMainStart: 0, paddingBorderMainEnd: 0, paddingBorderCrossStart: 0, paddingBorderCrossEnd: 0,
            minSize: isRow ? (sizes.minWidth, sizes.minHeight) : (sizes.minHeight, sizes.minWidth),
            maxSize: isRow ? (sizes.maxWidth, sizes.maxHeight) : (sizes.maxHeight, sizes.maxWidth),
            gapStyle: isRow ? (style.columnGap, style.rowGap) : (style.rowGap, style.columnGap), gap: (0, 0),
            alignContent: alignContent, justifyContent: justifyContent,
            alignContentIfOverflowing: Self.overflowFallsBackToStart(style.alignContent, safe: style.alignContentSafe)
                ? contentStart : alignContent,
            justifyContentIfOverflowing: Self.overflowFallsBackToStart(style.justifyContent, safe: style.justifyContentSafe)
                ? (reverse ? .flexEnd : .flexStart) : justifyContent,
            outer: isRow ? (inputs.knownWidth, inputs.knownHeight) : (inputs.knownHeight, inputs.knownWidth),
            inner: (nil, nil))
        (
            container.paddingBorderMainStart, container.paddingBorderMainEnd, container.paddingBorderCrossStart,
            container.paddingBorderCrossEnd
        ) = container.logical(box.paddingBorder)
        container.inner = (
            container.outer.main.map { max($0 - container.paddingBorderMain, 0) },
            container.outer.cross.map { max($0 - container.paddingBorderCross, 0) }
        )
        container.gap = (
            container.gapStyle.main.resolve(container.inner.main ?? 0) ?? 0,
            container.gapStyle.cross.resolve(container.inner.cross ?? 0) ?? 0
        )
        return container
    }

    // MARK: - 9.1 Initial setup

    /// §9.1 step 1, "Generate anonymous flex items" (§4): every child that is displayed
    /// and in flow, with its style resolved against the container's content box.
    @inline(__always)
    func generateFlexItems(
        _ node: Int, _ containerStyle: FlexStyle, _ container: FlexContainer, _ items: UnsafeMutableBufferPointer<FlexItem>
    ) -> (count: Int, alignsByBaseline: Bool) {
        let crossStart: FlexAlign = containerStyle.flexWrap == .wrapReverse ? .flexEnd : .flexStart
        let alignment = itemAlignmentContext(containerStyle)
        var count = 0
        var alignsByBaseline = false
        let width = container.innerWidth, height = container.innerHeight
        let isRow = container.isRow
        // A column's percentage basis needs a definite height (§9.8): else it is content.
        let basisBase = isRow ? container.inner.main : container.innerHeight
        // What every plain item's `align-self: auto` resolves to here.
        let (plainAlign, plainSafe) = resolvedAlignSelf(.auto, safe: false, direction: .inherit, in: alignment)
        let plainByBaseline = plainAlign == .baseline || plainAlign == .lastBaseline
        // Styles are read in place: copying each style (176 bytes) out of the array was the
        // largest cost of a run.
        return withUnsafePointer(to: FlexStyle.initial) { initial in
            tree.flexStyles.withUnsafeBufferPointer { styles in
                for child in layoutChildren(of: node) {
                    let style: UnsafePointer<FlexStyle> =
                        tree.flexStyleIndex(of: Int(child)).map { UnsafePointer(styles.baseAddress.unsafelyUnwrapped + Int($0)) } ?? initial
                    guard style.pointee.display != .none, style.pointee.position != .absolute, tree.nodes[Int(child)].hasFrame else { continue }
                    if style.pointee.isPlainItem {
                        items.baseAddress.unsafelyUnwrapped.advanced(by: count).initialize(
                            to: FlexItem(
                                plain: child, style, isRow: isRow, basisBase: basisBase, parentWidth: width,
                                parentHeight: height,
                                alignSelf: plainAlign, alignSelfIfOverflowing: plainSafe ? crossStart : plainAlign))
                        if plainByBaseline { alignsByBaseline = true }
                        count += 1
                        continue
                    }
                    let box = flexBox(style.pointee, percentBase: width)
                    let paddingBorder = box.paddingBorder
                    var sizes = FlexSizes(
                        style.pointee, parentWidth: width, parentHeight: height, paddingBorder: paddingBorder, clamped: false)
                    let (marginMainStart, marginMainEnd, marginCrossStart, marginCrossEnd) = container.logical(box.margin)
                    let (autoMainStart, autoMainEnd, autoCrossStart, autoCrossEnd) = container.logical(
                        left: box.marginAutoLeft, right: box.marginAutoRight, top: box.marginAutoTop, bottom: box.marginAutoBottom)
                    let adjustMain = style.pointee.boxSizing == .contentBox ? (isRow ? paddingBorder.horizontal : paddingBorder.vertical) : 0
                    let crossStyle = isRow ? style.pointee.height : style.pointee.width
                    let (alignSelf, alignSafe) = resolvedAlignSelf(
                        style.pointee.alignSelf, safe: style.pointee.alignSelfSafe, direction: style.pointee.direction,
                        in: alignment)
                    if alignSelf == .baseline || alignSelf == .lastBaseline { alignsByBaseline = true }
                    // (Auto margins in the cross axis keep an item from stretching, §9.4 step 11.)
                    let stretches = alignSelf == .stretch && crossStyle.isAuto && !autoCrossStart && !autoCrossEnd
                    var stretchMaxCross: Double?? = nil
                    if style.pointee.aspectRatio != nil, stretches, container.stretchIsDefinite {
                        // A stretched cross size is definite: no limit transfers into it
                        // (Chromium, aspect_ratio_flex_row_stretch_fill_max_height).
                        let plain = FlexSizes(
                            style.pointee, parentWidth: width, parentHeight: height, paddingBorder: paddingBorder,
                            clamped: false, transferLimits: false)
                        // Nor does the main size: the stretched cross size is not the
                        // one the ratio transfers from the main size (a column item with
                        // `height` and `aspect-ratio` is as wide as the column).
                        // Nor do the cross axis's limits transfer into the main axis: the
                        // main size flexes between its own min and max (Chromium: a
                        // stretched `flex: 2` item with `max-height` and a ratio fills its row).
                        // (A percentage of an indefinite main size is auto too: Chromium makes
                        // `flex-basis: 87px; height: 42%; max-width: 2%; aspect-ratio: 0.5`
                        // in a content-sized column 87 tall, fuzz_11210_1, and `flex-basis:
                        // 74px; height: 31%; max-width: 119px; aspect-ratio: 2` 74 tall,
                        // fuzz_11010_1.)
                        if isRow {
                            (sizes.minHeight, sizes.maxHeight, sizes.height) = (plain.minHeight, plain.maxHeight, nil)
                            if style.pointee.width.resolve(width) == nil { (sizes.minWidth, sizes.maxWidth) = (plain.minWidth, plain.maxWidth) }
                        } else {
                            (sizes.minWidth, sizes.maxWidth, sizes.width) = (plain.minWidth, plain.maxWidth, nil)
                            if style.pointee.height.resolve(height) == nil { (sizes.minHeight, sizes.maxHeight) = (plain.minHeight, plain.maxHeight) }
                        }
                    } else if style.pointee.aspectRatio != nil,
                        (isRow ? style.pointee.height.resolve(height) : style.pointee.width.resolve(width)) == nil
                    {
                        // An auto cross size follows the *used* main size through the ratio
                        // (§9.4 step 7 lays the item out at its flexed main size), not the
                        // main size property (Chromium: `flex-grow: 2; width: 114px;
                        // aspect-ratio: 0.5` grows to 500 and is 1000 tall). (A percentage
                        // of an indefinite size is auto here too.)
                        if isRow { sizes.height = nil } else { sizes.width = nil }
                        let plain = FlexSizes(
                            style.pointee, parentWidth: width, parentHeight: height, paddingBorder: paddingBorder,
                            clamped: false, transferLimits: false)
                        // Nor, in a row, do the width's limits transfer into the height: the
                        // ratio already keeps the height within them, and the content (its
                        // automatic minimum) may exceed them (Chromium: `flex-grow: 1;
                        // max-width: 100px; aspect-ratio: 2` around 80px of content is 80
                        // tall, not 50).
                        if isRow { (sizes.minHeight, sizes.maxHeight) = (plain.minHeight, plain.maxHeight) }
                        // §4.5: the min cross size through the ratio floors the content size
                        // suggestion, not the min main size: a given min main size or a scroll
                        // container (no automatic minimum) lets the item shrink past it
                        // (Chromium: `min-width: 7%; min-height: 91px; aspect-ratio: 2` in an
                        // 89px row is 89 wide; `flex-basis: 4px; min-height: 97px; aspect-ratio:
                        // 2; overflow: hidden` is 4 wide, fuzz_10802_1-2).
                        // (It still floors the max cross size through the ratio: a min cross
                        // size above the max wins, as in any clamp; Chromium: `min-height: 28px;
                        // max-height: 56%; aspect-ratio: 16 / 9` of a 35px row is 49.8 wide,
                        // fuzz_10803_7.)
                        if isRow {
                            if let maximum = sizes.maxWidth, let minimum = sizes.minWidth { sizes.maxWidth = max(maximum, minimum) }
                            sizes.minWidth = plain.minWidth
                        } else {
                            if let maximum = sizes.maxHeight, let minimum = sizes.minHeight { sizes.maxHeight = max(maximum, minimum) }
                            sizes.minHeight = plain.minHeight
                        }
                        if stretches || style.pointee.flexGrow > 0 || style.pointee.flexBasis.unit != .auto {
                            // Stretched in a line of indefinite size, or flexed, the cross
                            // max size does not limit the flexed main size (Chromium: `flex:
                            // 2; max-height: 94px; aspect-ratio: 0.5` fills its row,
                            // fuzz_5001_6, and so does `flex-grow: 1; max-height: 56px;
                            // aspect-ratio: 0.5` aligned to flex-end), while the cross min
                            // size still transfers. (A percentage of an indefinite main
                            // size is auto here too: Chromium: `flex-basis: 74px; height:
                            // 31%; max-width: 119px; aspect-ratio: 2` in a content-sized
                            // column is 74 tall, fuzz_11010_1.)
                            if isRow, style.pointee.width.resolve(width) == nil { sizes.maxWidth = plain.maxWidth }
                            if !isRow, style.pointee.height.resolve(height) == nil { sizes.maxHeight = plain.maxHeight }
                        }
                        if stretches {
                            // §9.4 step 11 stretches the cross size to the line: a size not
                            // found through the ratio, so the max size the ratio transfers
                            // does not limit it (Chromium: `max-height: 56px; aspect-ratio:
                            // 0.5` in a wrapping column 500 wide is 500 wide, not 28), though
                            // it still limits the hypothetical cross size (step 7).
                            stretchMaxCross = isRow ? plain.maxHeight : plain.maxWidth
                        }
                    }
                    // §4.5: only `min-*: auto` is an automatic minimum; a percentage of an
                    // indefinite size is zero (Chromium: `flex-basis: 20px; min-height: 28%`
                    // in a content-sized column stays 20 around 50px of content).
                    if isRow, sizes.minWidth == nil, style.pointee.minWidth.unit == .percent {
                        sizes.minWidth = paddingBorder.horizontal
                    } else if !isRow, sizes.minHeight == nil, style.pointee.minHeight.unit == .percent {
                        sizes.minHeight = paddingBorder.vertical
                    }
                    items.baseAddress.unsafelyUnwrapped.advanced(by: count).initialize(
                        to: FlexItem(
                            node: child,
                            size: isRow ? (sizes.width, sizes.height) : (sizes.height, sizes.width),
                            minSize: isRow ? (sizes.minWidth, sizes.minHeight) : (sizes.minHeight, sizes.minWidth),
                            maxSize: isRow ? (sizes.maxWidth, sizes.maxHeight) : (sizes.maxHeight, sizes.maxWidth),
                            crossIsAuto: crossStyle.isAuto,
                            marginMainStart: marginMainStart, marginMainEnd: marginMainEnd,
                            marginCrossStart: marginCrossStart, marginCrossEnd: marginCrossEnd,
                            autoMainStart: autoMainStart, autoMainEnd: autoMainEnd,
                            autoCrossStart: autoCrossStart, autoCrossEnd: autoCrossEnd,
                            paddingBorderMain: isRow ? paddingBorder.horizontal : paddingBorder.vertical,
                            paddingBorderCross: isRow ? paddingBorder.vertical : paddingBorder.horizontal,
                            marginTop: box.margin.top,
                            alignSelf: alignSelf, alignSelfIfOverflowing: alignSafe ? crossStart : alignSelf,
                            flexGrow: style.pointee.flexGrow, flexShrink: style.pointee.flexShrink,
                            flexBasisStyle: style.pointee.flexBasis.resolve(basisBase).map { $0 + adjustMain },
                            // (In a row, Chromium uses the width instead: `flex-basis: 71%;
                            // width: 50px` makes a content-sized row 50 wide.)
                            flexBasisIsContent: !isRow && style.pointee.flexBasis.unit == .percent && basisBase == nil,
                            aspectRatio: style.pointee.aspectRatio, isScrollContainer: style.pointee.overflow != .visible,
                            ratioIsContentBox: style.pointee.boxSizing == .contentBox,
                            mainSizeIsTransferred: style.pointee.aspectRatio != nil
                                && (isRow ? style.pointee.width.resolve(width) : style.pointee.height.resolve(height)) == nil,
                            stretchMaxCross: stretchMaxCross ?? (isRow ? sizes.maxHeight : sizes.maxWidth)))
                    count += 1
                }
                return (count, alignsByBaseline)
            }
        }
    }

}
