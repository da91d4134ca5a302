/// CSS Flexible Box Layout Level 1, §9 "Flex Layout Algorithm"
/// (https://www.w3.org/TR/css-flexbox-1/#layout-algorithm), one function per numbered
/// step, in the order of the spec, with browser behaviour where browsers differ from
/// the text (checked against the Chromium fixtures in Tests/Fixtures/flex).
extension LayoutComputer {
    /// A flex container's size (and, with `.performLayout`, every descendant's frame).
    /// Sizes are memoised per input, as in Taffy's `compute_cached_layout`.
    mutating func computeFlexContainer(_ node: Int, style styleIndex: Int32, _ inputs: FlexInputs, _ mode: FlexRunMode)
        -> FlexOutput
    {
        let computeSize = mode.isComputeSize
        // What the answer can depend on: the containing block only through the node's own
        // percentages, the sizing mode only through its own sizes. (Read before copying
        // the whole style: most questions are answered from the memo.)
        var key = inputs
        if styleIndex < 0 || !tree.flexStyles[Int(styleIndex)].hasPercentages { (key.parentWidth, key.parentHeight) = (nil, nil) }
        if styleIndex < 0 || !tree.flexStyles[Int(styleIndex)].hasSizes { key.sizing = .inherentSize }
        if computeSize {
            if !flex.memo.isPrepared { flex.memo.prepare(tree) }
            if let size = flex.memo.lookup(node, key) { return FlexOutput(size: size, firstBaseline: nil) }
        }
        let style = styleIndex >= 0 ? tree.flexStyles[Int(styleIndex)] : FlexStyle.initial
        let output = flexLayout(node, style, inputs, mode)
        if computeSize { flex.memo.store(node, key, output.size) }
        return output
    }

    /// Taffy's `compute_flexbox_layout`: the container's own sizes first, so that a
    /// size question whose answer the style already fixes needs no item at all.
    private mutating func flexLayout(_ node: Int, _ style: FlexStyle, _ inputs: FlexInputs, _ mode: FlexRunMode)
        -> FlexOutput
    {
        measured += 1  // a computed size, for the profiler (as the SwiftUI containers count theirs)
        let box = flexBox(style, percentBase: inputs.parentWidth)
        let paddingBorder = box.paddingBorder
        let sizes = FlexSizes(
            style, parentWidth: inputs.parentWidth, parentHeight: inputs.parentHeight, paddingBorder: paddingBorder,
            inherent: inputs.sizing == .inherentSize)
        // min ≥ max fixes the size whatever the style says.
        let fixedWidth = sizes.minWidth.flatMap { minimum in sizes.maxWidth.flatMap { $0 <= minimum ? minimum : nil } }
        let fixedHeight = sizes.minHeight.flatMap { minimum in sizes.maxHeight.flatMap { $0 <= minimum ? minimum : nil } }
        var knownWidth = inputs.knownWidth ?? (fixedWidth ?? sizes.width).map { max($0, paddingBorder.horizontal) }
        var knownHeight = inputs.knownHeight ?? (fixedHeight ?? sizes.height).map { max($0, paddingBorder.vertical) }
        // A preferred aspect ratio turns one definite size into the other (CSS Sizing 4 §5).
        if let ratio = style.aspectRatio {
            let adjustWidth = style.boxSizing == .contentBox ? paddingBorder.horizontal : 0
            let adjustHeight = style.boxSizing == .contentBox ? paddingBorder.vertical : 0
            if let width = knownWidth, knownHeight == nil {
                knownHeight = clamp((width - adjustWidth) / ratio + adjustHeight, sizes.minHeight, sizes.maxHeight)
            } else if let height = knownHeight, knownWidth == nil {
                knownWidth = clamp((height - adjustHeight) * ratio + adjustWidth, sizes.minWidth, sizes.maxWidth)
            }
        }
        if mode.isComputeSize, let knownWidth, let knownHeight {
            return FlexOutput(size: Size(width: knownWidth, height: knownHeight), firstBaseline: nil)
        }
        if tree.nodes[node].childCount == 0 {
            // No items: the content box is empty (what the steps below would find, without them).
            let width = knownWidth ?? max(clamp(paddingBorder.horizontal, sizes.minWidth, sizes.maxWidth), paddingBorder.horizontal)
            let height = knownHeight ?? max(clamp(paddingBorder.vertical, sizes.minHeight, sizes.maxHeight), paddingBorder.vertical)
            return FlexOutput(size: Size(width: width, height: height), firstBaseline: nil)
        }
        var known = inputs
        known.knownWidth = knownWidth
        known.knownHeight = knownHeight
        var container = flexContainer(style, box, sizes, known)
        // 9.2 step 2 (here, where the container's own margins are at hand)
        let available = determineAvailableSpace(box, isRow: container.isRow, known)
        let children = tree.children(of: node)
        return withUnsafeTemporaryAllocation(of: FlexItem.self, capacity: children.count) { items in
            withUnsafeTemporaryAllocation(of: FlexLine.self, capacity: max(children.count, 1)) { lines in
                runFlexAlgorithm(node, style, &container, available, mode, items, lines)
            }
        }
    }

    // The steps are inlined into the driver: a call would copy the container and
    // items (large structs) into temporaries.
    @inline(__always)
    private mutating func runFlexAlgorithm(
        _ node: Int, _ style: FlexStyle, _ container: inout FlexContainer,
        _ available: (main: AvailableSpace, cross: AvailableSpace), _ mode: FlexRunMode,
        _ itemBuffer: UnsafeMutableBufferPointer<FlexItem>, _ lineBuffer: UnsafeMutableBufferPointer<FlexLine>
    ) -> FlexOutput {
        // 9.1 step 1
        let itemCount = generateFlexItems(node, container, itemBuffer)
        let items = UnsafeMutableBufferPointer(rebasing: itemBuffer[0..<itemCount])
        defer { items.deinitialize() }
        // 9.2 step 3
        determineFlexBaseSizes(container, items, available)
        // 9.3 steps 4–5 (lines first: a wrapping container's main size needs them)
        let lineCount = collectFlexItemsIntoFlexLines(container, items, lineBuffer, available.main)
        let lines = UnsafeMutableBufferPointer(rebasing: lineBuffer[0..<lineCount])
        defer { lines.deinitialize() }
        let originalMainGap = container.gap.main
        determineMainSizeOfFlexContainer(&container, items, lines, available)
        // 9.7 step 6
        for line in lines { resolveFlexibleLengths(container, items, line, originalMainGap: originalMainGap) }
        // 9.4 steps 7–11
        determineHypotheticalCrossSizes(container, items, available.cross)
        computeItemBaselines(container, items, lines, available.cross)
        calculateCrossSizeOfFlexLines(container, items, lines)
        handleAlignContentStretch(container, lines)
        determineUsedCrossSizes(container, items, lines)
        // 9.5 step 12
        distributeRemainingFreeSpace(container, items, lines)
        // 9.6 steps 13–15
        resolveCrossAxisAutoMarginsAndAlignItems(container, items, lines)
        let totalLineCross = determineFlexContainerCrossSize(&container, lines)
        let size =
            container.isRow
            ? Size(width: container.containerMain, height: container.containerCross)
            : Size(width: container.containerCross, height: container.containerMain)
        if mode.isComputeSize { return FlexOutput(size: size, firstBaseline: nil) }
        // 9.6 step 16
        alignFlexLines(container, lines, totalLineCross)
        // Final positions (Taffy's final layout pass), then the out-of-flow children.
        var baseline: Double?
        switch mode {
        case .performLayout(let origin):
            baseline = placeFlexItems(container, items, lines, at: origin)
            layOutAbsoluteChildren(node, style, container, size: size, at: origin)
        case .computeBaseline:
            baseline = firstBaselineOfFlexContainer(container, items, lines)
        case .computeSize:
            break
        }
        return FlexOutput(size: size, firstBaseline: baseline)
    }

    /// The container's constants (Taffy's `compute_constants`).
    @inline(__always)
    private func flexContainer(_ style: FlexStyle, _ box: FlexBox, _ sizes: FlexSizes, _ inputs: FlexInputs)
        -> FlexContainer
    {
        let isRow = style.flexDirection.isRow
        let reverse = style.flexDirection.isReverse
        let wrapReverse = style.flexWrap == .wrapReverse
        var container = FlexContainer(
            isRow: isRow, isWrap: style.flexWrap != .nowrap,
            mainFlip: isRow ? reverse != box.isRightToLeft : reverse,
            crossFlip: isRow ? wrapReverse : wrapReverse != box.isRightToLeft, isRightToLeft: box.isRightToLeft,
            border: box.border,
            paddingBorderMainStart: 0, paddingBorderMainEnd: 0, paddingBorderCrossStart: 0, paddingBorderCrossEnd: 0,
            minSize: isRow ? (sizes.minWidth, sizes.minHeight) : (sizes.minHeight, sizes.minWidth),
            maxSize: isRow ? (sizes.maxWidth, sizes.maxHeight) : (sizes.maxHeight, sizes.maxWidth),
            gapStyle: isRow ? (style.columnGap, style.rowGap) : (style.rowGap, style.columnGap), gap: (0, 0),
            alignItems: style.alignItems, alignContent: style.alignContent, justifyContent: style.justifyContent,
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
    private func generateFlexItems(
        _ node: Int, _ container: FlexContainer, _ items: UnsafeMutableBufferPointer<FlexItem>
    ) -> Int {
        var count = 0
        let width = container.innerWidth, height = container.innerHeight
        for child in tree.children(of: node) {
            let style = flexStyle(of: Int(child))
            guard style.display != .none, style.position != .absolute, tree.nodes[Int(child)].hasFrame else { continue }
            let box = flexBox(style, percentBase: width)
            let paddingBorder = box.paddingBorder
            let sizes = FlexSizes(
                style, parentWidth: width, parentHeight: height, paddingBorder: paddingBorder, clamped: false)
            let (marginMainStart, marginMainEnd, marginCrossStart, marginCrossEnd) = container.logical(box.margin)
            let (autoMainStart, autoMainEnd, autoCrossStart, autoCrossEnd) = container.logical(
                left: box.marginAutoLeft, right: box.marginAutoRight, top: box.marginAutoTop, bottom: box.marginAutoBottom)
            let isRow = container.isRow
            let basisBase = container.inner.main
            let adjustMain = style.boxSizing == .contentBox ? (isRow ? paddingBorder.horizontal : paddingBorder.vertical) : 0
            let crossStyle = isRow ? style.height : style.width
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
                    alignSelf: style.alignSelf == .auto ? container.alignItems : style.alignSelf,
                    flexGrow: style.flexGrow, flexShrink: style.flexShrink,
                    flexBasisStyle: style.flexBasis.resolve(basisBase).map { $0 + adjustMain },
                    flexBasisIsContent: style.flexBasis.unit == .percent && basisBase == nil,
                    aspectRatio: style.aspectRatio, isScrollContainer: style.overflow != .visible))
            count += 1
        }
        return count
    }

    // MARK: - 9.2 Line length determination

    /// §9.2 step 2, "Determine the available main and cross space for the flex items":
    /// the container's definite content size, else the space offered less its own
    /// margins, border and padding.
    @inline(__always)
    private func determineAvailableSpace(_ box: FlexBox, isRow: Bool, _ inputs: FlexInputs)
        -> (main: AvailableSpace, cross: AvailableSpace)
    {
        let width =
            inputs.knownWidth.map { AvailableSpace.definite($0 - box.paddingBorder.horizontal) }
            ?? inputs.availableWidth.minus(box.margin.horizontal).minus(box.paddingBorder.horizontal)
        let height =
            inputs.knownHeight.map { AvailableSpace.definite($0 - box.paddingBorder.vertical) }
            ?? inputs.availableHeight.minus(box.margin.vertical).minus(box.paddingBorder.vertical)
        return isRow ? (width, height) : (height, width)
    }

    /// What an item is offered on the cross axis while its main size is being found,
    /// clamped by its own min/max cross sizes (Taffy's reading of §9.2 step 3).
    @inline(__always)
    private func itemCrossSpace(_ item: FlexItem, _ container: FlexContainer, _ available: AvailableSpace)
        -> AvailableSpace
    {
        let minimum = item.minSize.cross.map { $0 + item.marginCross }
        let maximum = item.maxSize.cross.map { $0 + item.marginCross }
        if let value = available.definite {
            return .definite(clamp(container.inner.cross ?? value, minimum, maximum))
        }
        if available.isMinContent { return minimum.map { .definite($0) } ?? .minContent }
        return maximum.map { .definite($0) } ?? .maxContent
    }

    /// The cross size an item is measured with: its own, or the line's for a
    /// stretched item when that is known.
    @inline(__always)
    private func itemKnownCross(_ item: FlexItem, _ crossSpace: AvailableSpace) -> Double? {
        if let cross = item.size.cross { return cross }
        guard item.alignSelf == .stretch, item.crossIsAuto, let space = crossSpace.definite else { return nil }
        return space - item.marginCross
    }

    /// §9.2 step 3, "Determine the flex base size and hypothetical main size of each
    /// item", and §4.5 "Automatic Minimum Size of Flex Items" (`min-width: auto`).
    @inline(__always)
    private mutating func determineFlexBaseSizes(
        _ container: FlexContainer, _ items: UnsafeMutableBufferPointer<FlexItem>,
        _ available: (main: AvailableSpace, cross: AvailableSpace)
    ) {
        for index in items.indices {
            // In place: a FlexItem is too large to copy in and out per item.
            let slot = items.baseAddress.unsafelyUnwrapped + index
            let crossSpace = itemCrossSpace(slot.pointee, container, available.cross)
            var knownCross = itemKnownCross(slot.pointee, crossSpace)
            if !container.isRow, slot.pointee.size.cross == nil, let stretched = knownCross,
                case .text = tree.nodes[Int(slot.pointee.node)].kind
            {
                // Chromium finds a stretched text's height no narrower than its longest
                // word (min_width_auto_text_grows_in_column).
                let longestWord = size(Int(slot.pointee.node), ProposedSize(width: 0, height: nil)).width
                knownCross = max(stretched, longestWord + slot.pointee.paddingBorderCross)
            }
            var base: Double
            if let definite = slot.pointee.flexBasisStyle ?? (slot.pointee.flexBasisIsContent ? nil : slot.pointee.size.main) {
                // A. A definite flex basis (auto: the main size property).
                base = definite
            } else if let ratio = slot.pointee.aspectRatio, let cross = knownCross {
                // B. An aspect ratio and a definite cross size.
                base = container.isRow ? cross * ratio : cross / ratio
            } else {
                // E. The item's max-content main size (min-content under a min-content constraint).
                let mainSpace: AvailableSpace = available.main.isMinContent ? .minContent : .maxContent
                let inputs = container.inputs(
                    knownMain: nil, knownCross: knownCross, availableMain: mainSpace, availableCross: crossSpace,
                    sizing: .contentSize)
                base = container.main(computeFlexChild(Int(slot.pointee.node), inputs, .computeSize).size)
            }
            // The content box cannot be negative.
            slot.pointee.flexBaseSize = max(base, slot.pointee.paddingBorderMain)
            slot.pointee.innerFlexBasis = slot.pointee.flexBaseSize - slot.pointee.paddingBorderMain
            let minimum = max(slot.pointee.minSize.main ?? slot.pointee.paddingBorderMain, slot.pointee.paddingBorderMain)
            slot.pointee.hypotheticalMain = clamp(slot.pointee.flexBaseSize, minimum, slot.pointee.maxSize.main)
            slot.pointee.hypotheticalOuterMain = slot.pointee.hypotheticalMain + slot.pointee.marginMain

            slot.pointee.sizingCross = knownCross
            slot.pointee.sizingCrossSpace = crossSpace
            if let minimum = slot.pointee.minSize.main {
                slot.pointee.resolvedMinMain = minimum
            } else if slot.pointee.isScrollContainer || isEmptyFlexBox(Int(slot.pointee.node)) {
                // A scroll container's automatic minimum is 0; an empty box has no content.
                slot.pointee.resolvedMinMain = slot.pointee.paddingBorderMain
            } else {
                slot.pointee.resolvedMinMain = .nan
            }
        }
    }

    /// A flex box without children or aspect ratio: its min-content size is its padding
    /// and border.
    @inline(__always)
    func isEmptyFlexBox(_ node: Int) -> Bool {
        guard case .flex(let style) = tree.nodes[node].kind, tree.nodes[node].childCount == 0 else { return false }
        return style < 0 || tree.flexStyles[Int(style)].aspectRatio == nil
    }

    /// §4.5 "Automatic Minimum Size of Flex Items": the content size suggestion (the
    /// min-content main size), capped by the specified size suggestion and the max size.
    @inline(__always)
    private mutating func resolvedMinimumMain(
        _ items: UnsafeMutableBufferPointer<FlexItem>, _ index: Int, _ container: FlexContainer
    ) -> Double {
        let item = items[index]
        if !item.resolvedMinMain.isNaN { return item.resolvedMinMain }
        let inputs = container.inputs(
            knownMain: nil, knownCross: item.sizingCross, availableMain: .minContent,
            availableCross: item.sizingCrossSpace, sizing: .contentSize)
        var contentMinimum = container.main(computeFlexChild(Int(item.node), inputs, .computeSize).size)
        if let specified = item.size.main { contentMinimum = min(contentMinimum, specified) }
        if let maximum = item.maxSize.main { contentMinimum = min(contentMinimum, maximum) }
        let minimum = max(contentMinimum, item.paddingBorderMain)
        items[index].resolvedMinMain = minimum
        return minimum
    }

    /// The automatic minimum can only bind below this (it is capped by the specified
    /// and max sizes): a target at or above it needs no content measurement. A known
    /// minimum (specified, or already measured) always applies.
    @inline(__always)
    private func minimumUpperBound(_ item: FlexItem) -> Double {
        if !item.resolvedMinMain.isNaN { return .infinity }  // known: always applies
        return max(min(item.size.main ?? .infinity, item.maxSize.main ?? .infinity), item.paddingBorderMain)
    }

    // MARK: - 9.3 Main size determination

    /// §9.3 step 5, "Collect flex items into flex lines": greedily, breaking before an
    /// item whose outer hypothetical main size would overflow the line.
    @inline(__always)
    private func collectFlexItemsIntoFlexLines(
        _ container: FlexContainer, _ items: UnsafeMutableBufferPointer<FlexItem>,
        _ lines: UnsafeMutableBufferPointer<FlexLine>, _ available: AvailableSpace
    ) -> Int {
        func single() -> Int {
            lines.baseAddress.unsafelyUnwrapped.initialize(to: FlexLine(start: 0, end: items.count))
            return 1
        }
        guard container.isWrap, !items.isEmpty else { return single() }
        var space = available
        if let maximum = container.maxSize.main {
            // A max main size bounds the lines even when the space is indefinite.
            let value = available.definite ?? maximum
            space = .definite(max(value, container.minSize.main ?? -.infinity) - container.paddingBorderMain)
            if let definite = available.definite { space = .definite(definite) }
        }
        if space.isMaxContent { return single() }
        var count = 0
        var start = 0
        while start < items.count {
            var end = start
            var length = 0.0
            if space.isMinContent {
                end = start + 1
            } else {
                let limit = space.raw
                while end < items.count {
                    let added = items[end].hypotheticalOuterMain + (end == start ? 0 : container.gap.main)
                    if end > start, length + added > limit + 1e-9 { break }
                    length += added
                    end += 1
                }
            }
            lines.baseAddress.unsafelyUnwrapped.advanced(by: count).initialize(to: FlexLine(start: start, end: end))
            count += 1
            start = end
        }
        return count
    }

    /// §9.2 step 4 / §9.9.1, "Determine the main size of the flex container": its
    /// definite size, else its intrinsic main size from the items' contributions.
    @inline(__always)
    private mutating func determineMainSizeOfFlexContainer(
        _ container: inout FlexContainer, _ items: UnsafeMutableBufferPointer<FlexItem>,
        _ lines: UnsafeMutableBufferPointer<FlexLine>, _ available: (main: AvailableSpace, cross: AvailableSpace)
    ) {
        let paddingBorder = container.paddingBorderMain
        var outerMain: Double
        if let known = container.outer.main {
            outerMain = known
        } else if available.main.definite != nil || (available.main.isMinContent && container.isWrap) {
            // Sum of the clamped flex base sizes of the longest line.
            var longest = 0.0
            for line in lines {
                var total = sumOfGaps(container.gap.main, line.count)
                for item in items[line.start..<line.end] {
                    total += max(max(item.flexBaseSize, item.minSize.main ?? -.infinity), item.paddingBorderMain)
                        + item.marginMain
                }
                longest = max(longest, total)
            }
            outerMain = longest + paddingBorder
            if let space = available.main.definite, lines.count > 1 { outerMain = max(outerMain, space + paddingBorder) }
        } else {
            outerMain = intrinsicMainSize(container, items, lines, available) + paddingBorder
        }
        outerMain = max(clamp(outerMain, container.minSize.main, container.maxSize.main), paddingBorder)
        let innerMain = max(outerMain - paddingBorder, 0)
        container.containerMain = outerMain
        container.innerContainerMain = innerMain
        container.inner.main = innerMain
        // Percentage gaps resolve against the now definite size.
        container.gap.main = container.gapStyle.main.resolve(innerMain) ?? 0
    }

    /// §9.9.1 "Flex Container Intrinsic Main Sizes", as Chrome and Firefox do it: each
    /// line is the sum of its items' min-/max-content contributions (clamped by their
    /// min/max sizes, and by the flex base size when the item cannot grow or shrink).
    @inline(__always)
    private mutating func intrinsicMainSize(
        _ container: FlexContainer, _ items: UnsafeMutableBufferPointer<FlexItem>,
        _ lines: UnsafeMutableBufferPointer<FlexLine>, _ available: (main: AvailableSpace, cross: AvailableSpace)
    ) -> Double {
        var largest = 0.0
        if !container.isRow {
            // Chromium sizes a column's block size by laying it out with an indefinite
            // height: each line is the sum of its items' hypothetical main sizes
            // (flex_basis_percent_column_indefinite).
            for line in lines {
                var total = sumOfGaps(container.gap.main, line.count)
                for item in items[line.start..<line.end] { total += item.hypotheticalOuterMain }
                largest = max(largest, total)
            }
            return largest
        }
        for line in lines {
            var total = sumOfGaps(container.gap.main, line.count)
            for index in line.start..<line.end {
                let item = items[index]
                let preferred = item.size.main
                let clampingBasis = max(item.flexBaseSize, preferred ?? -.infinity)
                let basisMinimum = item.flexShrink == 0 ? clampingBasis : nil
                let basisMaximum = item.flexGrow == 0 ? clampingBasis : nil
                var maximum = Double.infinity
                if let value = item.maxSize.main { maximum = min(maximum, value) }
                if let value = basisMaximum { maximum = min(maximum, value) }
                // The minimum only matters against a finite maximum.
                var minimum = maximum.isFinite ? resolvedMinimumMain(items, index, container) : -.infinity
                if let value = item.minSize.main { minimum = max(minimum, value) }
                if let value = basisMinimum { minimum = max(minimum, value) }
                let contribution: Double
                if let preferred, maximum <= minimum || maximum <= preferred {
                    contribution = max(min(preferred, maximum), minimum)
                } else if maximum <= minimum {
                    contribution = minimum
                } else if item.isScrollContainer {
                    contribution = item.flexBaseSize
                } else {
                    let crossSpace = available.cross
                    var knownCross = item.size.cross
                    if knownCross == nil, item.alignSelf == .stretch, item.crossIsAuto, let space = crossSpace.definite {
                        knownCross = space - item.marginCross
                    }
                    let inputs = container.inputs(
                        knownMain: nil, knownCross: knownCross, availableMain: available.main,
                        availableCross: crossSpace, sizing: .inherentSize)
                    var content = container.main(computeFlexChild(Int(item.node), inputs, .computeSize).size)
                    if !container.isRow { content = max(content, item.flexBaseSize) }
                    contribution = max(clamp(content, item.minSize.main, item.maxSize.main), item.paddingBorderMain)
                }
                // Taffy's per-item "flex fraction" (Chrome does not take the line's largest).
                let difference = contribution + item.marginMain - item.flexBaseSize
                var size = item.flexBaseSize
                if difference > 0 {
                    size += difference
                } else if difference < 0 {
                    let scaled = max(1, item.flexShrink * item.innerFlexBasis)
                    size += max(1, item.flexShrink) * item.innerFlexBasis * difference / scaled
                }
                total += size
            }
            largest = max(largest, total)
        }
        return largest
    }

    // MARK: - 9.7 Resolving flexible lengths

    /// §9.7 "Resolving Flexible Lengths": grow or shrink the unfrozen items in
    /// proportion to their factors, freezing those clamped by min/max, until none moves.
    @inline(__always)
    private mutating func resolveFlexibleLengths(
        _ container: FlexContainer, _ items: UnsafeMutableBufferPointer<FlexItem>, _ line: FlexLine,
        originalMainGap: Double
    ) {
        let range = line.start..<line.end
        let innerMain = container.innerContainerMain
        let gaps = sumOfGaps(container.gap.main, line.count)
        // 1. Determine the used flex factor.
        var hypotheticalSum = sumOfGaps(originalMainGap, line.count)
        for index in range { hypotheticalSum += items[index].hypotheticalOuterMain }
        let growing = hypotheticalSum < innerMain
        let shrinking = hypotheticalSum > innerMain
        // 2. Size inflexible items.
        for index in range {
            items[index].targetMain = items[index].hypotheticalMain
            let item = items[index]
            items[index].frozen =
                (!growing && !shrinking) || (growing ? item.flexGrow == 0 : item.flexShrink == 0)
                || (growing && item.flexBaseSize > item.hypotheticalMain)
                || (shrinking && item.flexBaseSize < item.hypotheticalMain)
        }
        // 3. Calculate initial free space.
        func freeSpace() -> Double {
            var used = gaps
            for index in range {
                let item = items[index]
                used += (item.frozen ? item.targetMain : item.flexBaseSize) + item.marginMain
            }
            return innerMain - used
        }
        let initialFreeSpace = freeSpace()
        // 4. Loop.
        while true {
            // a. Check for flexible items.
            var unfrozen = 0
            var factorSum = 0.0
            var scaledShrinkSum = 0.0
            for index in range where !items[index].frozen {
                unfrozen += 1
                factorSum += growing ? items[index].flexGrow : items[index].flexShrink
                scaledShrinkSum += items[index].flexShrink * items[index].innerFlexBasis
            }
            if unfrozen == 0 { break }
            // b. Calculate the remaining free space.
            var remaining = freeSpace()
            if factorSum < 1 {
                let scaled = initialFreeSpace * factorSum
                if abs(scaled) < abs(remaining) { remaining = scaled }
            }
            // c. Distribute free space proportional to the flex factors.
            for index in range where !items[index].frozen {
                let item = items[index]
                var target = item.flexBaseSize
                if remaining != 0 {
                    if growing, factorSum > 0 {
                        target += remaining * item.flexGrow / factorSum
                    } else if shrinking, scaledShrinkSum > 0 {
                        target += remaining * item.flexShrink * item.innerFlexBasis / scaledShrinkSum
                    }
                }
                items[index].targetMain = target
            }
            // d. Fix min/max violations (the content box cannot be negative).
            var totalViolation = 0.0
            for index in range where !items[index].frozen {
                let item = items[index]
                let minimum =
                    item.targetMain < minimumUpperBound(item)
                    ? resolvedMinimumMain(items, index, container) : item.paddingBorderMain
                let clamped = max(clamp(item.targetMain, minimum, item.maxSize.main), item.paddingBorderMain)
                items[index].violation = clamped - item.targetMain
                items[index].targetMain = clamped
                totalViolation += clamped - item.targetMain
            }
            // e. Freeze over-flexed items.
            for index in range where !items[index].frozen {
                let violation = items[index].violation
                items[index].frozen =
                    totalViolation > 1e-9 ? violation > 0 : (totalViolation < -1e-9 ? violation < 0 : true)
            }
        }
    }

    // MARK: - 9.4 Cross size determination

    /// §9.4 step 7, "Determine the hypothetical cross size of each item": laid out with
    /// its used main size.
    @inline(__always)
    private mutating func determineHypotheticalCrossSizes(
        _ container: FlexContainer, _ items: UnsafeMutableBufferPointer<FlexItem>, _ available: AvailableSpace
    ) {
        for index in items.indices {
            let item = items[index]
            let floor = item.paddingBorderCross
            var cross: Double
            if let size = item.size.cross {
                cross = max(clamp(size, item.minSize.cross, item.maxSize.cross), floor)
            } else {
                var space = available
                if let value = available.definite { space = .definite(max(clamp(value, item.minSize.cross, item.maxSize.cross), floor)) }
                let inputs = container.inputs(
                    knownMain: item.targetMain, knownCross: nil, availableMain: .definite(container.containerMain),
                    availableCross: space, sizing: .contentSize)
                let measured = container.cross(computeFlexChild(Int(item.node), inputs, .computeSize).size)
                cross = max(clamp(measured, item.minSize.cross, item.maxSize.cross), floor)
            }
            items[index].hypotheticalCross = cross
            items[index].hypotheticalOuterCross = cross + item.marginCross
        }
    }

    /// Baselines of the items that align by them (§8.3, §9.4 step 8.1), as distances
    /// from their outer top. Only rows: a column's items share no horizontal baseline
    /// (Chrome aligns them at flex-start).
    @inline(__always)
    private mutating func computeItemBaselines(
        _ container: FlexContainer, _ items: UnsafeMutableBufferPointer<FlexItem>,
        _ lines: UnsafeMutableBufferPointer<FlexLine>, _ available: AvailableSpace
    ) {
        guard container.isRow else { return }
        for line in lines {
            var participants = 0
            for index in line.start..<line.end where items[index].alignSelf == .baseline { participants += 1 }
            // One item alone is simply at the line's start.
            guard participants > 1 else { continue }
            for index in line.start..<line.end where items[index].alignSelf == .baseline {
                let item = items[index]
                let inputs = container.inputs(
                    knownMain: item.targetMain, knownCross: item.hypotheticalCross,
                    availableMain: .definite(container.containerMain), availableCross: available, sizing: .inherentSize)
                let output = computeFlexChild(Int(item.node), inputs, .computeBaseline)
                items[index].baseline = (output.firstBaseline ?? output.size.height) + item.marginTop
            }
        }
    }

    /// Whether an item takes part in its line's baseline alignment. In a column the
    /// items have no baseline on the cross axis: Chromium aligns their synthesized one,
    /// the physical left edge (baseline 0), so the group lines up on the left.
    @inline(__always)
    private func alignsByBaseline(_ item: FlexItem, _ container: FlexContainer) -> Bool {
        item.alignSelf == .baseline && !item.autoCrossStart && !item.autoCrossEnd
    }

    /// §9.4 step 8, "Calculate the cross size of each flex line".
    @inline(__always)
    private func calculateCrossSizeOfFlexLines(
        _ container: FlexContainer, _ items: UnsafeMutableBufferPointer<FlexItem>,
        _ lines: UnsafeMutableBufferPointer<FlexLine>
    ) {
        let paddingBorder = container.paddingBorderCross
        if !container.isWrap, let cross = container.outer.cross {
            // A single-line container with a definite cross size: its inner cross size.
            lines[0].crossSize = max(clamp(cross, container.minSize.cross, container.maxSize.cross) - paddingBorder, 0)
            return
        }
        for lineIndex in lines.indices {
            let line = lines[lineIndex]
            var maxBaseline = 0.0
            var maxBelowBaseline = 0.0
            var largest = 0.0
            for item in items[line.start..<line.end] {
                if alignsByBaseline(item, container) {
                    maxBaseline = max(maxBaseline, item.baseline)
                    maxBelowBaseline = max(maxBelowBaseline, item.hypotheticalOuterCross - item.baseline)
                } else {
                    largest = max(largest, item.hypotheticalOuterCross)
                }
            }
            lines[lineIndex].crossSize = max(largest, maxBaseline + maxBelowBaseline, 0)
        }
        if !container.isWrap {
            // A single line is clamped by the container's min/max cross sizes.
            lines[0].crossSize = clamp(
                lines[0].crossSize, container.minSize.cross.map { $0 - paddingBorder },
                container.maxSize.cross.map { $0 - paddingBorder })
        }
    }

    /// §9.4 step 9, "Handle 'align-content: stretch'": lines share the container's
    /// leftover cross space.
    @inline(__always)
    private func handleAlignContentStretch(_ container: FlexContainer, _ lines: UnsafeMutableBufferPointer<FlexLine>) {
        guard container.alignContent == .stretch, container.isWrap else { return }
        let minimum = container.minSize.cross, maximum = container.maxSize.cross
        guard let outer = container.outer.cross ?? minimum else { return }
        let inner = max(clamp(outer, minimum, maximum) - container.paddingBorderCross, 0)
        var total = sumOfGaps(container.gap.cross, lines.count)
        for line in lines { total += line.crossSize }
        guard total < inner else { return }
        let share = (inner - total) / Double(lines.count)
        for index in lines.indices { lines[index].crossSize += share }
    }

    /// §9.4 step 11, "Determine the used cross size of each flex item": stretched items
    /// fill their line.
    @inline(__always)
    private func determineUsedCrossSizes(
        _ container: FlexContainer, _ items: UnsafeMutableBufferPointer<FlexItem>,
        _ lines: UnsafeMutableBufferPointer<FlexLine>
    ) {
        for line in lines {
            for index in line.start..<line.end {
                let item = items[index]
                if item.alignSelf == .stretch, !item.autoCrossStart, !item.autoCrossEnd, item.crossIsAuto {
                    let stretched = clamp(line.crossSize - item.marginCross, item.minSize.cross, item.maxSize.cross)
                    items[index].targetCross = max(stretched, item.paddingBorderCross)
                } else {
                    items[index].targetCross = item.hypotheticalCross
                }
            }
        }
    }

    // MARK: - 9.5 Main-axis alignment

    /// §9.5 step 12, "Distribute any remaining free space": to auto margins, else by
    /// `justify-content`.
    @inline(__always)
    private func distributeRemainingFreeSpace(
        _ container: FlexContainer, _ items: UnsafeMutableBufferPointer<FlexItem>,
        _ lines: UnsafeMutableBufferPointer<FlexLine>
    ) {
        for line in lines {
            var used = sumOfGaps(container.gap.main, line.count)
            var autoMargins = 0
            for item in items[line.start..<line.end] {
                used += item.outerTargetMain
                autoMargins += (item.autoMainStart ? 1 : 0) + (item.autoMainEnd ? 1 : 0)
            }
            let free = container.innerContainerMain - used
            var leading = 0.0, between = 0.0
            if autoMargins > 0 {
                let share = max(free, 0) / Double(autoMargins)
                for index in line.start..<line.end {
                    if items[index].autoMainStart { items[index].marginMainStart = share }
                    if items[index].autoMainEnd { items[index].marginMainEnd = share }
                }
            } else {
                (leading, between) = distribution(
                    justify: container.justifyContent, free: free, count: line.count)
            }
            var cursor = leading
            for index in line.start..<line.end {
                items[index].offsetMain = cursor
                cursor += items[index].outerTargetMain + container.gap.main + between
            }
        }
    }

    /// Leading space and extra space between neighbours for a distribution. With
    /// negative space the space-* values fall back to flex-start (Chromium: "safe"
    /// alignment, see justify_content_space_around_overflow).
    @inline(__always)
    private func distribution(justify: FlexJustify, free: Double, count: Int) -> (Double, Double) {
        let n = Double(count)
        switch justify {
        case .flexStart: return (0, 0)
        case .flexEnd: return (free, 0)
        case .center: return (free / 2, 0)
        case .spaceBetween: return free > 0 && count > 1 ? (0, free / (n - 1)) : (0, 0)
        case .spaceAround: return free > 0 ? (free / n / 2, free / n) : (0, 0)
        case .spaceEvenly: return free > 0 ? (free / (n + 1), free / (n + 1)) : (0, 0)
        }
    }

    // MARK: - 9.6 Cross-axis alignment

    /// §9.6 steps 13–14, "Resolve cross-axis auto margins" and "Align all flex items
    /// along the cross-axis per align-self".
    @inline(__always)
    private func resolveCrossAxisAutoMarginsAndAlignItems(
        _ container: FlexContainer, _ items: UnsafeMutableBufferPointer<FlexItem>,
        _ lines: UnsafeMutableBufferPointer<FlexLine>
    ) {
        for line in lines {
            // The baseline-sharing group: baselines measured from the physical top (rows)
            // or left (columns); the group sits at the line's cross start.
            var maxBaseline = 0.0, maxBelow = 0.0
            for item in items[line.start..<line.end] where alignsByBaseline(item, container) {
                maxBaseline = max(maxBaseline, item.baseline)
                maxBelow = max(maxBelow, item.outerTargetCross - item.baseline)
            }
            let group = maxBaseline + maxBelow
            // Rows measure baselines from the top; columns from the real left edge (the
            // internal right in an rtl request, which the final mirror turns into the left).
            let measuredFromStart =
                container.isRow ? !container.crossFlip : container.crossFlip == flex.requestIsRightToLeft
            for index in line.start..<line.end {
                let item = items[index]
                let free = line.crossSize - item.outerTargetCross
                var offset = 0.0
                if item.autoCrossStart || item.autoCrossEnd {
                    let space = max(free, 0)
                    if item.autoCrossStart && item.autoCrossEnd {
                        items[index].marginCrossStart = space / 2
                        items[index].marginCrossEnd = space / 2
                    } else if item.autoCrossStart {
                        items[index].marginCrossStart = space
                    } else {
                        items[index].marginCrossEnd = space
                    }
                } else {
                    switch item.alignSelf {
                    case .flexStart, .stretch, .auto: offset = 0
                    case .flexEnd: offset = free
                    case .center: offset = free / 2
                    case .baseline:
                        let fromEdge = maxBaseline - item.baseline
                        offset = measuredFromStart ? fromEdge : group - fromEdge - item.outerTargetCross
                    }
                }
                items[index].offsetCross = offset
            }
        }
    }

    /// §9.6 step 15, "Determine the flex container's used cross size". Returns the
    /// lines' total cross size.
    @inline(__always)
    private func determineFlexContainerCrossSize(
        _ container: inout FlexContainer, _ lines: UnsafeMutableBufferPointer<FlexLine>
    ) -> Double {
        var total = 0.0
        for line in lines { total += line.crossSize }
        let paddingBorder = container.paddingBorderCross
        let content = total + sumOfGaps(container.gap.cross, lines.count) + paddingBorder
        let outer = max(clamp(container.outer.cross ?? content, container.minSize.cross, container.maxSize.cross), paddingBorder)
        container.containerCross = outer
        container.innerContainerCross = max(outer - paddingBorder, 0)
        container.inner.cross = container.innerContainerCross
        return total
    }

    /// §9.6 step 16, "Align all flex lines per align-content" (only multi-line
    /// containers; a `nowrap` container ignores align-content, as Chrome does).
    @inline(__always)
    private func alignFlexLines(
        _ container: FlexContainer, _ lines: UnsafeMutableBufferPointer<FlexLine>, _ totalLineCross: Double
    ) {
        let gaps = sumOfGaps(container.gap.cross, lines.count)
        let free = container.innerContainerCross - totalLineCross - gaps
        var leading = 0.0, between = 0.0
        if container.isWrap {
            let n = Double(lines.count)
            switch container.alignContent {
            case .flexStart, .stretch: break
            case .flexEnd: leading = free
            case .center: leading = free / 2
            case .spaceBetween: if free > 0 && lines.count > 1 { between = free / (n - 1) }
            case .spaceAround: if free > 0 { (leading, between) = (free / n / 2, free / n) }
            case .spaceEvenly: if free > 0 { (leading, between) = (free / (n + 1), free / (n + 1)) }
            }
        }
        var cursor = leading
        for index in lines.indices {
            lines[index].offsetCross = cursor
            cursor += lines[index].crossSize + container.gap.cross + between
        }
    }

    // MARK: - Final positions

    /// An item's border-box origin relative to the container's border box (physical,
    /// before relative offsets).
    @inline(__always)
    private func itemPosition(_ item: FlexItem, _ line: FlexLine, _ container: FlexContainer) -> Point {
        let fromMainStart = container.paddingBorderMainStart + item.offsetMain + item.marginMainStart
        let fromCrossStart =
            container.paddingBorderCrossStart + line.offsetCross + item.offsetCross + item.marginCrossStart
        let main = container.mainFlip ? container.containerMain - fromMainStart - item.targetMain : fromMainStart
        let cross = container.crossFlip ? container.containerCross - fromCrossStart - item.targetCross : fromCrossStart
        return container.isRow ? Point(x: main, y: cross) : Point(x: cross, y: main)
    }

    @inline(__always)
    private func finalInputs(_ item: FlexItem, _ container: FlexContainer) -> FlexInputs {
        container.inputs(
            knownMain: item.targetMain, knownCross: item.targetCross,
            availableMain: .definite(container.containerMain), availableCross: .definite(container.containerCross),
            sizing: .inherentSize)
    }

    /// Lays out every item at its final size and position; returns the container's
    /// first baseline (§8.5).
    @inline(__always)
    private mutating func placeFlexItems(
        _ container: FlexContainer, _ items: UnsafeMutableBufferPointer<FlexItem>,
        _ lines: UnsafeMutableBufferPointer<FlexLine>, at origin: Point
    ) -> Double? {
        let baselineItem = firstBaselineItem(container, items, lines)
        var baseline: Double?
        for line in lines {
            for index in line.start..<line.end {
                let item = items[index]
                let position = itemPosition(item, line, container)
                // Relative offsets: top wins over bottom; the start side wins over the end.
                let offset = relativeOffset(Int(item.node), container)
                let itemOrigin = Point(x: origin.x + position.x + offset.x, y: origin.y + position.y + offset.y)
                let node = Int(item.node)
                let output = computeFlexChild(node, finalInputs(item, container), .performLayout(itemOrigin))
                frames[node] = Rect(origin: itemOrigin, size: output.size)
                placed[node] = true
                if index == baselineItem {
                    baseline = position.y + (output.firstBaseline ?? output.size.height)
                }
            }
        }
        return baseline
    }

    /// A relatively positioned item's offset (CSS 2 §9.4.3): top wins over bottom, and
    /// the containing block's start side over its end side.
    private func relativeOffset(_ node: Int, _ container: FlexContainer) -> Point {
        let style = flexStyle(of: node)
        guard style.edges >= 0 else { return .zero }
        let inset = flexInsets(style, width: container.innerWidth, height: container.innerHeight)
        let dy = inset.top ?? inset.bottom.map { -$0 } ?? 0
        let dx =
            container.isRightToLeft
            ? (inset.right.map { -$0 } ?? inset.left ?? 0)
            : (inset.left ?? inset.right.map { -$0 } ?? 0)
        return Point(x: dx, y: dy)
    }

    /// §8.5 "Flex Container Baselines": from the first line's first item that aligns by
    /// baseline (any first item in a column), else its first item.
    @inline(__always)
    private func firstBaselineItem(
        _ container: FlexContainer, _ items: UnsafeMutableBufferPointer<FlexItem>,
        _ lines: UnsafeMutableBufferPointer<FlexLine>
    ) -> Int {
        guard let line = lines.first, line.count > 0 else { return -1 }
        if container.isRow {
            for index in line.start..<line.end where items[index].alignSelf == .baseline { return index }
        }
        return line.start
    }

    @inline(__always)
    private mutating func firstBaselineOfFlexContainer(
        _ container: FlexContainer, _ items: UnsafeMutableBufferPointer<FlexItem>,
        _ lines: UnsafeMutableBufferPointer<FlexLine>
    ) -> Double? {
        let index = firstBaselineItem(container, items, lines)
        guard index >= 0 else { return nil }
        let item = items[index]
        let position = itemPosition(item, lines[0], container)
        let output = computeFlexChild(Int(item.node), finalInputs(item, container), .computeBaseline)
        return position.y + (output.firstBaseline ?? output.size.height)
    }
}
