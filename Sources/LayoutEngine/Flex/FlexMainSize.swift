/// CSS Flexbox §9.3 "Main Size Determination": flex lines and the container's main
/// size (§9.9.1 for its intrinsic size).
extension LayoutComputer {
    // MARK: - 9.3 Main size determination

    /// §9.3 step 5, "Collect flex items into flex lines": greedily, breaking before an
    /// item whose outer hypothetical main size would overflow the line.
    @inline(__always)
    func collectFlexItemsIntoFlexLines(
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
    mutating func determineMainSizeOfFlexContainer(
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
                    // A column's height is its items' hypothetical sizes (max sizes
                    // included), as Chromium lays it out with an indefinite height.
                    total +=
                        container.isRow
                        ? max(max(item.flexBaseSize, item.minSize.main ?? -.infinity), item.paddingBorderMain)
                            + item.marginMain
                        : item.hypotheticalOuterMain
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
        // Percentage gaps resolve against the now definite size: a row's width is known
        // before its items are laid out (in Chromium, after its intrinsic sizing), but a
        // column's content-sized height only after, so its percentage gaps stay 0.
        if container.isRow || container.heightIsDefinite {
            container.gap.main = container.gapStyle.main.resolve(innerMain) ?? 0
        }
    }

    /// §9.9.1 "Flex Container Intrinsic Main Sizes", as Chrome and Firefox do it: each
    /// line is the sum of its items' min-/max-content contributions (clamped by their
    /// min/max sizes, and by the flex base size when the item cannot grow or shrink).
    @inline(__always)
    mutating func intrinsicMainSize(
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
                // An item that cannot grow contributes at most its flex base size, even
                // below its preferred size (Chromium: `flex-basis: 8px; width: 58px` gives 8).
                let clampingBasis = item.flexBaseSize
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
                // Taffy's per-item "flex fraction" (Chrome does not take the line's largest),
                // on outer sizes: a negative margin takes its share off the line.
                let difference = contribution - item.flexBaseSize
                var size = item.flexBaseSize + item.marginMain
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
}
