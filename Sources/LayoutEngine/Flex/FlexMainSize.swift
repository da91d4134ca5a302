/// CSS Flexbox §9.3 "Main Size Determination": flex lines and the container's main
/// size (§9.9.1 for its intrinsic size).
extension LayoutComputer {
    // MARK: - 9.3 Main size determination

    /// §9.3 step 5, "Collect flex items into flex lines": greedily, breaking before an
    /// item whose outer hypothetical main size would overflow the line.
    /// (The container is `inout` though only read: borrowed from the caller's `inout`
    /// one, all 337 bytes of it were copied first, once or twice per run.)
    @inline(__always)
    mutating func collectFlexItemsIntoFlexLines(
        _ container: inout FlexContainer, _ items: UnsafeMutableBufferPointer<FlexItem>,
        _ lines: UnsafeMutableBufferPointer<FlexLine>, _ available: AvailableSpace
    ) -> Int {
        func single() -> Int {
            lines.baseAddress.unsafelyUnwrapped.initialize(to: FlexLine(start: 0, end: items.count))
            return 1
        }
        guard container.isWrap, !items.isEmpty else { return single() }
        if !container.isRow, keepsContentLine(container, items) { return single() }
        var available = available
        let breaksAtRatio = container.ratioLineLength != nil
        if !container.isRow, container.outer.main == nil || breaksAtRatio {
            // A column breaks its lines at its inner height only where that is definite:
            // the block axis offers no space (Chromium lays a column of indefinite height
            // out in one line, in 41px of space around items of 10 and 111), and at the
            // height its ratio transfers where that is known.
            available = container.ratioLineLength.map { .definite($0) } ?? .maxContent
        }
        var space = available
        if !container.isRow, let maximum = container.maxSize.main {
            // A max main size bounds a column's lines even when the space is indefinite.
            // (A row's lines break at its width, found first: its max-content size is all
            // its items on one line, clamped by the max width, fuzz_11602_7.)
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

    /// A column laid out at the indefinite height its own single line gave it keeps that
    /// line, even where negative margins make a first part of the line longer than the
    /// whole (Chromium: items of 0, 28 and a `margin: -13px` one, 2 tall together, stay
    /// in one line of a column flexed to 2; flexed to another height, they break).
    @inline(never)
    func keepsContentLine(_ container: borrowing FlexContainer, _ items: UnsafeMutableBufferPointer<FlexItem>) -> Bool {
        guard !container.heightIsDefinite, container.maxSize.main == nil, container.ratioLineLength == nil,
            let outer = container.outer.main
        else { return false }
        var total = sumOfGaps(container.gap.main, items.count)
        for item in items { total += item.hypotheticalOuterMain }
        let contentHeight = clamp(max(total, 0) + container.paddingBorderMain, container.minSize.main, nil)
        return abs(contentHeight - outer) < 1e-9
    }

    /// §9.3 steps 4–5 together (lines first: a wrapping container's main size needs
    /// them). Out of line, so that their locals are not in the frame of every run on a
    /// deep chain of nested containers.
    @inline(never)
    mutating func collectLinesAndDetermineMainSize(
        _ container: inout FlexContainer, _ items: UnsafeMutableBufferPointer<FlexItem>,
        _ lines: UnsafeMutableBufferPointer<FlexLine>, _ available: (main: AvailableSpace, cross: AvailableSpace)
    ) -> Int {
        let count = collectFlexItemsIntoFlexLines(&container, items, lines, available.main)
        let sizedByContent = container.outer.main == nil
        determineMainSizeOfFlexContainer(&container, items, UnsafeMutableBufferPointer(rebasing: lines[0..<count]), available)
        guard container.isWrap, container.isRow, sizedByContent, available.main.definite != nil || count == 1 else {
            return count
        }
        // A fit-content row breaks its lines at the width it found (§9.3 step 5 uses the
        // container's inner main size), which can be narrower than the space.
        UnsafeMutableBufferPointer(rebasing: lines[0..<count]).deinitialize()
        return collectFlexItemsIntoFlexLines(
            &container, items, lines, .definite(container.innerContainerMain))
    }

    /// §9.2 step 4 / §9.9.1, "Determine the main size of the flex container": its
    /// definite size, else its intrinsic main size from the items' contributions.
    @inline(__always)
    mutating func determineMainSizeOfFlexContainer(
        _ container: inout FlexContainer, _ items: UnsafeMutableBufferPointer<FlexItem>,
        _ lines: UnsafeMutableBufferPointer<FlexLine>, _ available: (main: AvailableSpace, cross: AvailableSpace)
    ) {
        let paddingBorder = container.paddingBorderMain
        var outerMain: Double
        if let known = container.outer.main {
            outerMain = known
        } else if container.isRow, let space = available.main.definite {
            // A row sized in definite space is fit-content (CSS Sizing 3 §5.1):
            // min(max-content, max(min-content, space)), from the items' §9.9.1
            // contributions, not their flex base sizes (Chromium: an item with
            // `flex-basis: 74px` and no content contributes 0). Max-content puts every
            // item on one line; min-content, in a wrapping row, each on its own.
            outerMain = fitContentMainSize(container, items, available, space: space) + paddingBorder
        } else if container.isRow, container.isWrap, available.main.isMinContent {
            // A wrapping row's min-content size is its largest item's min-content
            // contribution (§9.9.1, each item on its own line), not its largest flex base
            // size (Chromium: a `flex-basis: 90px` item without content contributes 0).
            outerMain = fitContentMainSize(container, items, available, space: 0) + paddingBorder
        } else if available.main.definite != nil || (available.main.isMinContent && container.isWrap) {
            // Sum of the clamped flex base sizes of the longest line.
            var longest = 0.0
            for line in lines {
                var total = sumOfGaps(container.gap.main, line.count)
                for item in items[line.start..<line.end] {
                    // A column's height is its items' hypothetical sizes (max sizes
                    // included), as Chromium lays it out with an indefinite height.
                    total +=
                        container.isRow
                        // (clamped by the max main size too: §9.3 step 3's hypothetical size)
                        ? max(
                            max(min(item.flexBaseSize, item.maxSize.main ?? .infinity), item.minSize.main ?? -.infinity),
                            item.paddingBorderMain) + item.marginMain
                        : item.hypotheticalOuterMain
                }
                longest = max(longest, total)
            }
            // (Its longest line, also when its max height broke the lines: Chromium makes
            // a `max-height: 10px; gap: 11px` column of two empty items 0 tall.)
            outerMain = longest + paddingBorder
        } else {
            outerMain = intrinsicMainSize(&container, items, lines, available) + paddingBorder
        }
        outerMain = max(clamp(outerMain, container.minSize.main, container.maxSize.main), paddingBorder)
        let innerMain = max(outerMain - paddingBorder, 0)
        container.containerMain = outerMain
        container.innerContainerMain = innerMain
        container.inner.main = innerMain
        // Percentage gaps resolve against the now definite size: a row's width is known
        // before its items are laid out (in Chromium, after its intrinsic sizing), but a
        // column's content-sized height only after, so its percentage gaps stay 0.
        // (A column's ratio height, resolved with the container, stays the basis.)
        if container.isRow || (container.heightIsDefinite && container.ratioPercentHeight == nil) {
            container.gap.main = container.gapStyle.main.resolve(innerMain) ?? 0
        }
    }

    /// §9.9.1 "Flex Container Intrinsic Main Sizes", as Chrome and Firefox do it: each
    /// line is the sum of its items' min-/max-content contributions (clamped by their
    /// min/max sizes, and by the flex base size when the item cannot grow or shrink).
    /// (`inout` though only read, as in `collectFlexItemsIntoFlexLines`.)
    @inline(__always)
    mutating func intrinsicMainSize(
        _ container: inout FlexContainer, _ items: UnsafeMutableBufferPointer<FlexItem>,
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
            largest = max(largest, intrinsicLineSize(container, items, start: line.start, end: line.end, available))
        }
        if container.isWrap, items.contains(where: { ($0.flexGrow == 0 && $0.flexBasisStyle != nil) || $0.marginMain < 0 }) {
            // A wrapping row is never narrower than its largest item's min-content
            // contribution (§9.9.1), which negative margins can take the sum below, and
            // so can a basis an item cannot grow past (Chromium: a wrapping row around a
            // `flex-basis: 6px; width: 46px` item is 46 wide as a flex item, as in
            // `fitContentMainSize`).
            var intrinsic = available
            intrinsic.main = .minContent
            for index in items.indices {
                largest = max(
                    largest,
                    intrinsicLineSize(container, items, start: index, end: index + 1, intrinsic, contributionsOnly: true))
            }
        }
        return largest
    }

    @inline(never)
    mutating func fitContentMainSize(
        _ container: borrowing FlexContainer, _ items: UnsafeMutableBufferPointer<FlexItem>,
        _ available: (main: AvailableSpace, cross: AvailableSpace), space: Double
    ) -> Double {
        var intrinsic = available
        intrinsic.main = .maxContent
        var maxContent = intrinsicLineSize(container, items, start: 0, end: items.count, intrinsic, reuseBaseSizes: true)
        // A wrapping row's min-content size is its largest min-content contribution, not
        // clamped by a flex base size, and its max-content size is never below it
        // (Chromium: `flex-basis: 10px; width: 50px` makes a wrapping row 50 wide, a
        // single-line one 10). Only an item that cannot grow past an explicit basis can
        // make them differ, so only then is each item measured again.
        // Nor can negative margins take it below its largest item (Chromium: a wrapping
        // row of a 6px item and a `margin-right: -19px` one is 6 wide).
        let basisCanClamp = container.isWrap && items.contains { ($0.flexGrow == 0 && $0.flexBasisStyle != nil) || $0.marginMain < 0 }
        if maxContent <= space, !basisCanClamp { return maxContent }
        intrinsic.main = .minContent
        var minContent = 0.0
        if container.isWrap {
            for index in items.indices {
                minContent = max(
                    minContent,
                    intrinsicLineSize(container, items, start: index, end: index + 1, intrinsic, contributionsOnly: true))
            }
            maxContent = max(maxContent, minContent)
            if maxContent <= space { return maxContent }
        } else {
            minContent = intrinsicLineSize(container, items, start: 0, end: items.count, intrinsic)
        }
        return max(space, minContent)
    }

    /// The §9.9.1 intrinsic size of one line made of `items[start..<end]` (a row's).
    mutating func intrinsicLineSize(
        _ container: borrowing FlexContainer, _ items: UnsafeMutableBufferPointer<FlexItem>, start: Int, end: Int,
        _ available: (main: AvailableSpace, cross: AvailableSpace), reuseBaseSizes: Bool = false,
        contributionsOnly: Bool = false
    ) -> Double {
        var total = sumOfGaps(container.gap.main, end - start)
        for index in start..<end {
            // (Read in place: a copy of the item read all of it from memory.)
            let item = items.baseAddress.unsafelyUnwrapped + index
            let preferred = item.pointee.size.main
            // An item that cannot grow contributes at most its flex base size, even
            // below its preferred size (Chromium: `flex-basis: 8px; width: 58px` gives 8).
            // Only a definite basis clamps it from below: a content-based one does not
            // (Chromium: a `flex: none` item of 100px text contributes its min-content
            // size, so a fit-content row in 94px of space is 94 wide).
            let clampingBasis = item.pointee.flexBaseSize
            let basisMinimum =
                item.pointee.flexShrink == 0 && !contributionsOnly && item.pointee.basisIsDefinite ? clampingBasis : nil
            let basisMaximum = item.pointee.flexGrow == 0 && !contributionsOnly ? clampingBasis : nil
            var maximum = Double.infinity
            if let value = item.pointee.maxSize.main { maximum = min(maximum, value) }
            if let value = basisMaximum { maximum = min(maximum, value) }
            // The minimum only matters against a finite maximum, and the automatic one
            // (never above `minimumUpperBound`) not when the preferred size wins at a
            // maximum already that large (`flex-grow: 0; width: 30px`: 30, whatever the
            // content). Then its content is not measured here: the contribution is that
            // maximum whatever the minimum (which never exceeds it), percentages or not.
            var minimum = -Double.infinity
            if maximum.isFinite,
                !(preferred.map { maximum <= $0 } ?? false && maximum >= minimumUpperBound(item.pointee))
            {
                minimum = resolvedMinimumMain(items, index, container)
            }
            if let value = item.pointee.minSize.main { minimum = max(minimum, value) }
            // §9.9.1 clamps by the base size first and by the item's min/max size after,
            // so the item's own max size wins over a non-shrinkable base (Chromium: `flex:
            // none; max-width: 1px` around 12px of content contributes 1).
            if let value = basisMinimum { minimum = max(minimum, min(value, item.pointee.maxSize.main ?? .infinity)) }
            let contribution: Double
            if let preferred, maximum <= minimum || maximum <= preferred {
                contribution = max(min(preferred, maximum), minimum)
            } else if maximum <= minimum {
                contribution = minimum
            } else if reuseBaseSizes, item.pointee.flexBasisStyle == nil, item.pointee.size.main == nil,
                item.pointee.aspectRatio == nil
            {
                // An auto basis without a main size is the max-content size already
                // measured for §9.2 step 3: the same answer, without another run.
                contribution = max(
                    clamp(item.pointee.flexBaseSize, item.pointee.minSize.main, item.pointee.maxSize.main),
                    item.pointee.paddingBorderMain)
            } else {
                let crossSpace = available.cross
                // (The cross size as used: clamped by its min/max, or stretched where that is
                // definite, as §9.2 step 3 measures it; not in a wrapping container, whose
                // lines are not sized yet: Chromium, `aspect-ratio: 0.5` in a 24px high
                // wrapping row contributes 0, fuzz_10102_2.)
                var knownCross = item.pointee.size.cross.map {
                    clamp($0, item.pointee.minSize.cross, item.pointee.maxSize.cross)
                }
                // (Stretched only in a container of definite cross size, §9.8 item 1: space
                // bounded by a max size alone leaves the item its own content's cross size;
                // Chromium: a `max-height: 115px` row is 0 wide around a `flex-basis: 112px;
                // aspect-ratio: 1` item.)
                if knownCross == nil, item.pointee.alignSelf == .stretch, item.pointee.crossIsAuto,
                    !item.pointee.autoCrossStart, !item.pointee.autoCrossEnd,
                    container.stretchIsDefinite, let space = crossSpace.definite
                {
                    // (Stretched within its own min/max cross sizes, §9.4 step 11: a
                    // `max-height: 19px; aspect-ratio: 16 / 9` item of a 78px row is 19
                    // tall, so its width contributes 33.8.)
                    knownCross = clamp(space - item.pointee.marginCross, item.pointee.minSize.cross, item.pointee.maxSize.cross)
                }
                let inputs = container.inputs(
                    knownMain: nil, knownCross: knownCross, availableMain: available.main,
                    availableCross: crossSpace, sizing: .inherentSize)
                var content = container.main(
                    computeFlexChild(Int(item.pointee.node), inputs, flex.itemSizeMode(isRow: container.isRow)).size)
                if !container.isRow { content = max(content, item.pointee.flexBaseSize) }
                // (Clamped by the base size too where the item cannot grow or shrink past
                // it: `flex-basis: 46px` around 90px of text contributes 46.)
                let clamped = max(
                    clamp(content, item.pointee.minSize.main, item.pointee.maxSize.main), item.pointee.paddingBorderMain)
                contribution = max(min(clamped, max(maximum, item.pointee.paddingBorderMain)), minimum)
            }
            if contributionsOnly {
                total += contribution + item.pointee.marginMain
                continue
            }
            // Taffy's per-item "flex fraction" (Chrome does not take the line's largest),
            // on outer sizes: a negative margin takes its share off the line.
            let difference = contribution - item.pointee.flexBaseSize
            var size = item.pointee.flexBaseSize + item.pointee.marginMain
            if difference > 0 {
                size += difference
            } else if difference < 0, item.pointee.flexShrink == 0,
                !item.pointee.basisIsDefinite
                    || (item.pointee.maxSize.main.map { $0 < item.pointee.flexBaseSize } ?? false)
            {
                size += difference  // its own max size or a content basis took it below its base (above)
            } else if difference < 0, item.pointee.flexShrink > 0 {
                let scaled = max(1, item.pointee.flexShrink * item.pointee.innerFlexBasis)
                size += max(1, item.pointee.flexShrink) * item.pointee.innerFlexBasis * difference / scaled
            }
            total += size
        }
        return total
    }
}
