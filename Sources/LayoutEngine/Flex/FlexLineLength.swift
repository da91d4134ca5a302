/// CSS Flexbox §9.2 "Line Length Determination": available space, flex base sizes and
/// hypothetical main sizes, and §4.5 automatic minimum sizes.
extension LayoutComputer {
    // MARK: - 9.2 Line length determination

    /// §9.2 step 2, "Determine the available main and cross space for the flex items":
    /// the container's definite content size, else the space offered less its own
    /// margins, border and padding.
    @inline(__always)
    func determineAvailableSpace(_ box: FlexBox, isRow: Bool, _ inputs: FlexInputs)
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
    func itemCrossSpace(_ item: FlexItem, _ container: borrowing FlexContainer, _ available: AvailableSpace)
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
    /// stretched item when that is known. Only a container of definite cross size makes
    /// a stretched item's size definite (§9.8 item 1): a fit-content container (a column
    /// sized by its content's widths) measures its items at their own widths.
    @inline(__always)
    func itemKnownCross(_ item: FlexItem, _ container: borrowing FlexContainer, _ crossSpace: AvailableSpace) -> Double? {
        // (The item's own cross size as used: clamped by its min/max cross sizes.)
        if let cross = item.size.cross { return clamp(cross, item.minSize.cross, item.maxSize.cross) }
        // (Auto cross margins keep it from stretching, §9.4 step 11.)
        guard item.alignSelf == .stretch, item.crossIsAuto, !item.autoCrossStart, !item.autoCrossEnd,
            container.stretchIsDefinite, let space = crossSpace.definite
        else { return nil }
        if container.isRow, let transferred = container.ratioPercentHeight {
            // A row whose height its ratio gave (its content may have grown it) stretches
            // its items to the transferred height for their flex base sizes, as for their
            // percentages (Chromium: a `width: 10px; aspect-ratio: 1` row around a 84px
            // child makes an `aspect-ratio: 2` item 20 wide, not 168).
            return clamp(transferred - item.marginCross, item.minSize.cross, item.maxSize.cross)
        }
        return space - item.marginCross
    }

    /// §9.2 step 3, "Determine the flex base size and hypothetical main size of each
    /// item", and §4.5 "Automatic Minimum Size of Flex Items" (`min-width: auto`).
    @inline(__always)
    mutating func determineFlexBaseSizes(
        _ container: borrowing FlexContainer, _ items: UnsafeMutableBufferPointer<FlexItem>,
        _ available: (main: AvailableSpace, cross: AvailableSpace)
    ) {
        for index in items.indices {
            // In place: a FlexItem is too large to copy in and out per item.
            let slot = items.baseAddress.unsafelyUnwrapped + index
            let crossSpace = itemCrossSpace(slot.pointee, container, available.cross)
            var knownCross = itemKnownCross(slot.pointee, container, crossSpace)
            if !container.isRow, slot.pointee.size.cross == nil, slot.pointee.aspectRatio == nil, let stretched = knownCross,
                case .text = tree.nodes[Int(slot.pointee.node)].kind
            {
                // Chromium finds a stretched text's height no narrower than its longest
                // word (min_width_auto_text_grows_in_column). (Not one with a ratio: its
                // height is the stretched width transferred; Chromium makes `aspect-ratio: 1`
                // around `HHHH` in a 17px column 17 tall, fuzz_10800_1.)
                let longestWord = size(Int(slot.pointee.node), ProposedSize(width: 0, height: nil)).width
                knownCross = max(stretched, longestWord + slot.pointee.paddingBorderCross)
            }
            var base: Double
            var baseIsContentSize = false
            // (A content basis, a percentage of an indefinite size, is the content's size
            // even for a ratio item with a definite main size but no definite cross size:
            // Chromium makes a `flex: 0.5; height: 43px; aspect-ratio: 0.5` item of a
            // content-sized column 0 tall, and `flex-basis: 0%; height: 49px; aspect-ratio: 1`
            // around nothing 0 tall, fuzz_10102_1.)
            // (A main size the ratio transferred from the cross size is no main size
            // property: B transfers the cross size as used, not clamped by the min/max main
            // sizes, which only clamp the hypothetical main size; Chromium grows a
            // `flex-grow: 0.5; height: 30px; min-width: 72px; aspect-ratio: 0.5` item from
            // 15 in a 500px row to 257.5, not from 72 to 286.)
            if let definite = slot.pointee.flexBasisStyle
                ?? (slot.pointee.flexBasisIsContent || (slot.pointee.mainSizeIsTransferred && knownCross != nil)
                    ? nil : slot.pointee.size.main)
            {
                // A. A definite flex basis (auto: the main size property).
                base = definite
            } else if let ratio = slot.pointee.aspectRatio, let cross = knownCross {
                // B. An aspect ratio and a definite cross size, transferred.
                // (The cross size as used: never below its padding and border; Chromium:
                // `padding: 18%; height: 12px; aspect-ratio: 2` is 360 wide, fuzz_10105_1.)
                let usedCross = max(cross, slot.pointee.paddingBorderCross)
                base = slot.pointee.mainThroughRatio(usedCross, ratio, isRow: container.isRow)
            } else {
                // E. The item's max-content main size (min-content under a min-content constraint).
                // (A column's ratio item of no definite width is measured as for its
                // min-content height, where its content's percentage heights stay
                // indefinite: Chromium makes an `aspect-ratio: 16 / 9` column 10 wide by
                // content 10 tall around a 10px child and a `flex-basis: 75%` one, not 14.2.)
                let columnRatioByContent = !container.isRow && slot.pointee.aspectRatio != nil && knownCross == nil
                let mainSpace: AvailableSpace =
                    available.main.isMinContent || columnRatioByContent ? .minContent : .maxContent
                // (A column ratio item's min width that its percentage min height
                // transferred is no floor of its flex base size: Chromium grows a
                // `flex-grow: 0.5; min-height: 70%; aspect-ratio: 1` item of an 87px
                // wrapping column from 0, frozen at its min height, 60.9, not from 60.9 to
                // 73.9; fuzz_12664_2.)
                let ownMinimumCross =
                    columnRatioByContent && minCrossIsTransferredPercentage(slot.pointee) ? nil : slot.pointee.minSize.cross
                // (Chromium: a `max-width: 78px` row around 101px of content resolves its
                // items' `padding: 44%` against 78.)
                var (measured, clampedWidth) = measureContentSize(
                    slot.pointee, container, knownCross: knownCross, availableMain: mainSpace, availableCross: crossSpace,
                    minimumCross: ownMinimumCross)
                if let width = clampedWidth {
                    knownCross = width
                    if let ratio = slot.pointee.aspectRatio {
                        // A ratio item's basis is then that width through the ratio, not
                        // floored by its content (only its automatic minimum brings that
                        // back, capped by the max width transferred; Chromium: `max-width:
                        // 16px; aspect-ratio: 2` around a 40 by 10 child is 8 tall in a
                        // wrapping column, as in one that stretches it).
                        measured.height = slot.pointee.mainThroughRatio(max(width, slot.pointee.paddingBorderCross), ratio, isRow: false)
                    }
                }
                base = container.main(measured)
                if !container.isRow, knownCross == nil, let ratio = slot.pointee.aspectRatio {
                    // A column ratio item's basis is its content's width through the ratio,
                    // not floored by its content's height (which only its automatic minimum
                    // brings back): Chromium makes `flex-basis: 5%; height: 10px;
                    // aspect-ratio: 2` around a 60 by 105 child 30 tall in a content-sized
                    // column, and with `height: 52px` 52 tall, fuzz_11210_2; and grows a
                    // `flex-grow: 0.5; aspect-ratio: 2` item around a 37px box of text 30
                    // tall from 18.5 in a wrapping column, fuzz_12665_2. A text's width is its
                    // fit-content width, before lines taller than its ratio allows widen it
                    // (`computeMeasuredItem`), which too only its automatic minimum brings
                    // back: Chromium grows a `flex-grow: 0.5; aspect-ratio: 16 / 9` text in
                    // three lines 40 wide from 22.5 in a 46px wrapping column, to 34.25, not
                    // from 30; without the growth it is 30 tall.
                    let inputs = container.inputs(
                        knownMain: nil, knownCross: nil, availableMain: mainSpace, availableCross: crossSpace, sizing: .contentSize)
                    let width = ratioTextFitContentWidth(Int(slot.pointee.node), inputs) ?? measured.width
                    base = slot.pointee.mainThroughRatio(max(width, slot.pointee.paddingBorderCross), ratio, isRow: false)
                }
                if let ratio = slot.pointee.aspectRatio, knownCross == nil {
                    if let maximumCross = slot.pointee.maxSize.cross {
                        // A ratio box's max-content size is capped by its max cross size (as
                        // used: at least its min cross size) transferred (CSS Sizing 4 §5.1;
                        // Chromium: `max-height: 68px; aspect-ratio: 1` around a 108px child
                        // is 68 wide in a row).
                        let usedMaximum = max(maximumCross, slot.pointee.minSize.cross ?? 0)
                        base = min(base, slot.pointee.mainThroughRatio(usedMaximum, ratio, isRow: container.isRow))
                    }
                    if let minimumCross = ownMinimumCross {
                        // ... and at least its min cross size transferred (CSS Sizing 4 §5.2;
                        // Chromium: `flex-grow: 0.5; min-height: 72px; aspect-ratio: 16 / 9`
                        // grows from 128 in a 500px row to 314, fuzz_10802_3).
                        base = max(base, slot.pointee.mainThroughRatio(minimumCross, ratio, isRow: container.isRow))
                    }
                }
                // (Not for a column's ratio item: its max-content height leaves out the
                // content its line stretches, which its min-content height, §4.5's content
                // size suggestion, counts; Chromium makes an `aspect-ratio: 2` item around
                // a stretched 30px-tall child 30 tall and 60 wide in a column, but 0 by 0
                // in a row; nor for one whose content basis came through its ratio above.)
                baseIsContentSize = container.isRow || slot.pointee.aspectRatio == nil
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
            // The hypothetical main size is clamped by the *used* minimum, the automatic
            // one included: an item whose base size is below its content (`flex: 0` with
            // wide content) starts from its content size, even when the line has free space.
            // (A content-sized base is at least the min-content size: nothing to measure.)
            if !baseIsContentSize, slot.pointee.flexBaseSize < minimumUpperBound(slot.pointee) {
                let automatic = resolvedMinimumMain(items, index, container)
                items[index].hypotheticalMain = clamp(items[index].flexBaseSize, automatic, items[index].maxSize.main)
                items[index].hypotheticalOuterMain = items[index].hypotheticalMain + items[index].marginMain
            }
        }
    }

    /// An item's content size for its flex base size or automatic minimum (§9.2 step 3 E,
    /// §4.5). A column item's auto width is fit-content, which its min/max widths clamp
    /// before its height is found, so where the clamp changes that width the item is
    /// measured again at it: the size, and the clamped width where it differs.
    /// `minimumCross` is the min width clamped by: the item's, or none where its ratio
    /// only transferred one from a percentage min height (`minCrossIsTransferredPercentage`).
    @inline(__always)
    mutating func measureContentSize(
        _ item: borrowing FlexItem, _ container: borrowing FlexContainer, knownCross: Double?,
        availableMain: AvailableSpace, availableCross: AvailableSpace, minimumCross: Double?,
        percentHeightsIndefinite: Bool = false
    ) -> (size: Size, clampedWidth: Double?) {
        var inputs = container.inputs(
            knownMain: nil, knownCross: knownCross, availableMain: availableMain, availableCross: availableCross,
            sizing: .contentSize)
        if percentHeightsIndefinite { inputs.parentHeight = nil }
        // (A row reads its items' widths alone: a row item then stops at its width.)
        let measured = computeFlexChild(Int(item.node), inputs, flex.itemSizeMode(isRow: container.isRow)).size
        let minimumWidth = minimumCross, maximumWidth = item.maxSize.cross
        guard !container.isRow, knownCross == nil, minimumWidth != nil || maximumWidth != nil else { return (measured, nil) }
        let width = clamp(measured.width, minimumWidth, maximumWidth)
        guard width != measured.width else { return (measured, nil) }
        let clamped = container.inputs(
            knownMain: nil, knownCross: width, availableMain: availableMain, availableCross: availableCross,
            sizing: .contentSize)
        return (computeFlexChild(Int(item.node), clamped, .computeSize).size, width)
    }

    /// Whether a column item's min cross size (its min width) is none of its own, only a
    /// percentage min height transferred through its ratio (`FlexSizes`). (A min height in
    /// points still floors the flex base size through the ratio: Chromium grows a
    /// `flex-grow: 0.5; min-height: 61px; aspect-ratio: 1` item of an 87px wrapping column
    /// from 61 to 74, and keeps a `min-height: 34px; aspect-ratio: 0.5` item 34 tall
    /// around a child of min height 74.) Mutating, and reading its two style fields in
    /// place, as `flexInsets` is and does (there a non-mutating method called from
    /// mutating code copied the whole computer, and the style's 177 bytes).
    @inline(__always)
    mutating func minCrossIsTransferredPercentage(_ item: borrowing FlexItem) -> Bool {
        guard item.minSize.cross != nil, case .flex(let index) = tree.nodes[Int(item.node)].kind, index >= 0 else {
            return false
        }
        return tree.flexStyles[Int(index)].minWidth.resolve(0) == nil
            && tree.flexStyles[Int(index)].minHeight.unit == .percent
    }

    /// A wrapping column whose height is a percentage: a column's content size suggestion
    /// lays it out as if that height did not resolve, in one line (Chromium: `flex-basis:
    /// 94px; height: 94%` of 174 around items of 120 and 59 is 163.6 tall, its content
    /// 179; with `height: 163px` it breaks its lines there and is 120 tall, fuzz_12757_1).
    /// Not a ratio box, whose resolved percentage keeps its content as its minimum
    /// (`sizesThroughRatio`; Chromium: `flex-basis: 8px; width: 42px; height: 80%;
    /// aspect-ratio: 16 / 9` around four lines of text is 40 tall, not 23.6, fuzz_12757_3).
    @inline(never)
    func isWrappingColumnOfPercentHeight(_ item: borrowing FlexItem) -> Bool {
        guard case .flex(let index) = tree.nodes[Int(item.node)].kind, index >= 0 else { return false }
        let style = tree.flexStyles[Int(index)]
        return !style.flexDirection.isRow && style.flexWrap != .nowrap && style.height.unit == .percent
            && style.aspectRatio == nil
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
    mutating func resolvedMinimumMain(
        _ items: UnsafeMutableBufferPointer<FlexItem>, _ index: Int, _ container: borrowing FlexContainer
    ) -> Double {
        // (Checked before the item is copied: most are known.)
        if !items[index].resolvedMinMain.isNaN { return items[index].resolvedMinMain }
        let item = items[index]
        // §4.5 content size suggestion: the min-content size, which for an item with an
        // aspect ratio and a definite cross size (its own, or stretched in a container of
        // definite cross size, §9.8 item 1) is that size transferred through the ratio.
        let knownCross = item.sizingCross
        if !container.isRow, !container.isWrap, item.aspectRatio != nil, knownCross == nil, let specified = item.size.main,
            item.alignSelf == .stretch, item.crossIsAuto, !item.autoCrossStart, !item.autoCrossEnd
        {
            // A stretched column item with a ratio and a definite height but no definite
            // width: its width is that height transferred, and its content height the width
            // transferred back, so the suggestion is the height itself (Chromium keeps
            // `height: 29px; aspect-ratio: 2` at 29 in a 25px column). Its flex base
            // size is the height its width comes from (Chromium: `flex: 0.5; height:
            // 43px; aspect-ratio: 0.5` in a content-sized column is 0 by 0). (Unstretched,
            // its content is the suggestion: `height: 98px` around nothing shrinks to 48 in
            // a 48px column, fuzz_10106_1.)
            let minimum = max(
                min(item.flexBaseSize, specified, item.maxSize.main ?? .infinity), item.paddingBorderMain)
            items[index].resolvedMinMain = minimum
            return minimum
        }
        // (Chromium: a `min-width: 109px` column item around a `padding: 23%` child is
        // 50.125 tall.)
        let measured = measureContentSize(
            item, container, knownCross: knownCross, availableMain: .minContent, availableCross: item.sizingCrossSpace,
            minimumCross: item.minSize.cross,
            percentHeightsIndefinite: !container.isRow && isWrappingColumnOfPercentHeight(item)
        ).size
        var contentMinimum = container.main(measured)
        if item.aspectRatio != nil {
            contentMinimum = ratioContentMinimum(
                items, index, contentMinimum, knownCross: knownCross, isRow: container.isRow,
                percentBase: container.innerHeight)
        }
        // (A size transferred through the ratio is no specified size suggestion.)
        if let specified = item.size.main, !item.mainSizeIsTransferred { contentMinimum = min(contentMinimum, specified) }
        if let maximum = item.maxSize.main { contentMinimum = min(contentMinimum, maximum) }
        let minimum = max(contentMinimum, item.paddingBorderMain)
        items[index].resolvedMinMain = minimum
        return minimum
    }

    /// A ratio item's content size suggestion beyond its measured content (out of line:
    /// the common path of `resolvedMinimumMain` stays small).
    @inline(never)
    private mutating func ratioContentMinimum(
        _ items: UnsafeMutableBufferPointer<FlexItem>, _ index: Int, _ content: Double, knownCross: Double?,
        isRow: Bool, percentBase: Double?
    ) -> Double {
        // (Read in place: a FlexItem is too large to copy into the call.)
        let item = items.baseAddress.unsafelyUnwrapped + index
        guard let ratio = item.pointee.aspectRatio else { return content }
        var contentMinimum = content
        if knownCross == nil, let minimumCross = item.pointee.minSize.cross {
            // The content of a ratio box is at least its min cross size transferred
            // (Chromium keeps `height: 105px; min-width: 85px; aspect-ratio: 0.5` at 105
            // in a 91px column).
            contentMinimum = max(contentMinimum, item.pointee.mainThroughRatio(minimumCross, ratio, isRow: isRow))
        }
        if !isRow, !item.pointee.isScrollContainer, let width = knownCross,
            case .text = tree.nodes[Int(item.pointee.node)].kind,
            !Self.isUnresolvedPercentage(flexStyle(of: Int(item.pointee.node)).height, percentBase)
        {
            // A text's content size suggestion is its lines' height at its own width, above
            // what the ratio transfers (Chromium: `width: 14px; aspect-ratio: 2` around
            // `HHHH H` is 20 tall in a column, fuzz_10104_1; not under a percentage of
            // an indefinite height, as in `sizesThroughRatio`, but under one that
            // resolves: `height: 100%` of 97 with `width: 23px; aspect-ratio: 1` around
            // `HH HHH HH` is 30 tall at `flex: 0`, fuzz_12773_1. At a stretched width
            // too: `HHHH` with `aspect-ratio: 16 / 9` stretched to 12px is 10 tall,
            // fuzz_10800_2.)
            contentMinimum = max(
                contentMinimum,
                textLinesHeight(Int(item.pointee.node), width: max(width - item.pointee.paddingBorderCross, 0))
                    + item.pointee.paddingBorderMain)
        }
        if !isRow || knownCross == nil, let maximum = item.pointee.maxSize.cross {
            // §4.5: the content size suggestion is clamped by the max cross size (as used:
            // at least the min cross size) converted through the ratio (Chromium:
            // `max-width: 18px; aspect-ratio: 16 / 9` around 12px of content is 10.125
            // tall in a column, fuzz_10800_3; Taffy's
            // aspect_ratio_flex_column_stretch_fill_max_height). Not in a row at a
            // definite cross size: there the content's width is the suggestion (Chromium:
            // `max-height: 44px; aspect-ratio: 1` stretched in a definite line around an
            // 83px child is 83 wide).
            let maximumCross = max(maximum, item.pointee.minSize.cross ?? 0)
            contentMinimum = min(
                contentMinimum,
                max(item.pointee.mainThroughRatio(maximumCross, ratio, isRow: isRow), item.pointee.paddingBorderMain))
        }
        return contentMinimum
    }

    /// The automatic minimum can only bind below this (it is capped by the specified
    /// and max sizes): a target at or above it needs no content measurement. A known
    /// minimum (specified, or already measured) always applies.
    @inline(__always)
    func minimumUpperBound(_ item: FlexItem) -> Double {
        if !item.resolvedMinMain.isNaN { return .infinity }  // known: always applies
        let specified = item.mainSizeIsTransferred ? nil : item.size.main
        return max(min(specified ?? .infinity, item.maxSize.main ?? .infinity), item.paddingBorderMain)
    }
}
