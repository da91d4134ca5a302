/// CSS Flexbox §9.5 "Main-Axis Alignment" and §9.6 "Cross-Axis Alignment".
extension LayoutComputer {
    // MARK: - 9.5 Main-axis alignment

    /// §9.5 step 12, "Distribute any remaining free space" of one line: to auto
    /// margins, else by `justify-content`. `outerMainSum` and `autoMargins`: the line's
    /// gaps plus its items' outer target main sizes, and its count of auto main margins
    /// (found by step 11). Returns the space before the first item and between items,
    /// from which step 13 sets the items' main offsets in its pass.
    @inline(__always)
    mutating func distributeRemainingFreeSpace(
        _ container: borrowing FlexContainer, _ items: UnsafeMutableBufferPointer<FlexItem>, _ line: FlexLine,
        outerMainSum used: Double, autoMargins: Int
    ) -> (leading: Double, between: Double) {
        let free = container.innerContainerMain - used
        var leading = 0.0, between = 0.0
        // Auto margins take positive free space only; with none to share they are
        // zero and justify-content places the line (§9.5 steps 12–13).
        if autoMargins > 0, free > 0 {
            let share = free / Double(autoMargins)
            for index in line.start..<line.end {
                if items[index].autoMainStart { items[index].marginMainStart = share }
                if items[index].autoMainEnd { items[index].marginMainEnd = share }
            }
        } else {
            (leading, between) = distribution(
                justify: free < 0 ? container.justifyContentIfOverflowing : container.justifyContent, free: free,
                count: line.count)
        }
        return (leading, between)
    }

    /// Leading space and extra space between neighbours for a distribution. With
    /// negative space the space-* values fall back to flex-start (Chromium: "safe"
    /// alignment, see justify_content_space_around_overflow).
    @inline(__always)
    func distribution(justify: FlexJustify, free: Double, count: Int) -> (Double, Double) {
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

    /// §9.6 steps 13–14 for one line, "Resolve cross-axis auto margins" and "Align all
    /// flex items along the cross-axis per align-self"; in the same pass, the main
    /// offsets §9.5 step 12 found the space for (`leading`, `between`).
    @inline(__always)
    mutating func resolveCrossAxisAutoMarginsAndAlignItems(
        _ container: borrowing FlexContainer, _ items: UnsafeMutableBufferPointer<FlexItem>, _ line: FlexLine,
        leading: Double, between: Double
    ) {
        // The baseline-sharing group: baselines measured from the physical top (rows)
        // or left (columns); the group sits at the line's cross start.
        // A column's group is placed with its items' hypothetical cross sizes, though
        // a wrapped line wider than the container can widen them afterwards (Chromium:
        // a `last baseline` text, 50 wide in a `max-width: 32px` column, sits at 61 in a
        // 111px line, 110 wide).
        let isRow = container.isRow
        var first = BaselineGroup(), last = BaselineGroup()
        let groupItems = container.hasBaselineItems ? line.start..<line.end : line.end..<line.end
        for index in groupItems where alignsByBaseline(items[index], container) {
            let outer = isRow ? items[index].outerTargetCross : items[index].hypotheticalOuterCross
            if items[index].alignSelf == .baseline {
                first.add(items[index].baseline, outer: outer)
            } else {
                last.add(items[index].baseline, outer: outer)
            }
        }
        // Rows measure baselines from the top; columns from the real left edge (the
        // internal right in an rtl request, which the final mirror turns into the left).
        let measuredFromStart =
            container.isRow ? !container.crossFlip : container.crossFlip == flex.requestIsRightToLeft
        var cursor = leading
        for index in line.start..<line.end {
            items[index].offsetMain = cursor
            cursor += items[index].outerTargetMain + container.gap.main + between
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
                switch free < 0 ? item.alignSelfIfOverflowing : item.alignSelf {
                case .flexStart, .stretch: offset = 0
                case .flexEnd: offset = free
                case .center: offset = free / 2
                case .baseline:
                    // The group sits at the line's cross start.
                    let fromEdge = first.above - item.baseline
                    offset = measuredFromStart ? fromEdge : first.size - fromEdge - item.outerTargetCross
                case .lastBaseline:
                    // The group sits at the line's cross end.
                    let fromEdge = last.above - item.baseline
                    offset =
                        measuredFromStart
                        ? line.crossSize - last.size + fromEdge : line.crossSize - fromEdge - item.outerTargetCross
                }
            }
            items[index].offsetCross = offset
        }
    }

    /// §9.6 step 15, "Determine the flex container's used cross size". Returns the
    /// lines' total cross size.
    @inline(__always)
    mutating func determineFlexContainerCrossSize(
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
    mutating func alignFlexLines(
        _ container: borrowing FlexContainer, _ lines: UnsafeMutableBufferPointer<FlexLine>, _ totalLineCross: Double
    ) {
        let gaps = sumOfGaps(container.gap.cross, lines.count)
        let free = container.innerContainerCross - totalLineCross - gaps
        var leading = 0.0, between = 0.0
        if container.isWrap {
            let n = Double(lines.count)
            switch free < 0 ? container.alignContentIfOverflowing : container.alignContent {
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
}
