/// CSS Flexbox §9.4 "Cross Size Determination", with baselines (§8.3).
extension LayoutComputer {
    // MARK: - 9.4 Cross size determination

    /// §9.4 step 7, "Determine the hypothetical cross size of each item": laid out with
    /// its used main size. Returns what step 8 takes the cross size of a single line
    /// without baseline-aligned items from (`lineCrossContribution`, the largest in item
    /// order), found in the same pass: a wide container's items do not fit the caches.
    @inline(__always)
    mutating func determineHypotheticalCrossSizes(
        _ container: borrowing FlexContainer, _ items: UnsafeMutableBufferPointer<FlexItem>, _ available: AvailableSpace
    ) -> Double {
        var largest = 0.0
        var widthFromLines = false
        if !container.isRow, container.isWrap, container.outer.cross == nil { widthFromLines = true }
        // A single line of a definite cross size is the container's inner cross size
        // (§9.4 step 8), and its stretched items are that size (step 11) whatever their
        // content: it is not asked. (Not a ratio item: where its ratio gave its cross
        // size, its content's percentages see that size, `heightIsTransferred`.)
        let definiteLine = flex.stretchedItemsSkipContent ? container.definiteLineCross : nil
        for index in items.indices {
            // (Read in place: a copy of the item read all of it from memory.)
            let item = items.baseAddress.unsafelyUnwrapped + index
            let floor = item.pointee.paddingBorderCross
            var cross: Double
            if let size = item.pointee.size.cross {
                cross = max(clamp(size, item.pointee.minSize.cross, item.pointee.maxSize.cross), floor)
            } else if let stretched = container.stretchedCross ?? (item.pointee.aspectRatio == nil ? definiteLine : nil),
                item.pointee.alignSelf == .stretch, item.pointee.crossIsAuto, !item.pointee.autoCrossStart,
                !item.pointee.autoCrossEnd
            {
                let stretchedCross = stretched - item.pointee.marginCross
                cross = max(clamp(stretchedCross, item.pointee.minSize.cross, item.pointee.maxSize.cross), floor)
            } else {
                var space = available
                if container.isRow, available.isMinContent {
                    // A row asked its min-content height (a column's content size
                    // suggestion, §4.5) lays its items out in an indefinite height: a
                    // height has no min-content constraint of its own. So an item's ratio
                    // stretches its own items to the height it transfers (Chromium: a
                    // shrunk column item around an `aspect-ratio: 16 / 9` box around an
                    // 81px square is 45.6 tall, not 81).
                    space = .maxContent
                }
                if let value = available.definite {
                    // The limits bound the item's border box; the space the item is asked
                    // in still holds its margins, which it takes off again (Chromium: a
                    // `margin-left: 175px; max-width: 103px` wrapping row of items 67 and 8
                    // wide, in a 500px column, is 75 wide, its items in one line).
                    let inner = max(
                        clamp(value - item.pointee.marginCross, item.pointee.minSize.cross, item.pointee.maxSize.cross), floor)
                    space = .definite(inner + item.pointee.marginCross)
                }
                // A wrapping column whose width its lines give (§9.9.2) takes each item's
                // contribution before flexing: Chromium sizes a 96px column around `height:
                // 108px; aspect-ratio: 2` 216 wide, though the item shrinks to 96. Its width
                // comes from its own height alone: `flex-basis: 99px; aspect-ratio: 1`
                // contributes 0, and so does a `min-height: 84px` item around an `aspect-ratio:
                // 2` box that stretches 168 wide in it, fuzz_11602_5.
                var main: Double? = item.pointee.targetMain
                if widthFromLines {
                    // (Its height as used: within its min and max heights; Chromium makes
                    // a wrapping column's `height: 69%; max-height: 14%` item as wide as
                    // its content laid out 14% tall, fuzz_12664_1.)
                    main = item.pointee.size.main.map { clamp($0, item.pointee.minSize.main, item.pointee.maxSize.main) }
                }
                var inputs = container.inputs(
                    knownMain: main, knownCross: nil, availableMain: .definite(container.containerMain),
                    availableCross: space, sizing: .contentSize, mainIsDefinite: container.mainIsDefinite(item.pointee))
                if !container.isRow, item.pointee.aspectRatio != nil, item.pointee.size.main == nil {
                    // A ratio item's width comes from its content measured before its
                    // height is known (§9.8: without a height of its own, its main size is
                    // not definite), so its stretched items contribute their content, not
                    // the height transferred (Chromium: an `aspect-ratio: 1` row 7 tall
                    // around an `aspect-ratio: 1; margin-right: 7px` item is 7 wide, not 14).
                    // So in a column of definite height too, and under a flex basis: an
                    // `aspect-ratio: 1; flex-basis: 50px` row is 50 wide around an
                    // `aspect-ratio: 2` box, fuzz_11801_6.
                    inputs.heightIsIndefinite = true
                } else if !container.isRow, !inputs.heightIsIndefinite, rowWidthIgnoresOwnHeight(item) {
                    // (Its contributions as found for its content height: FlexColumnRowWidth.)
                    inputs.heightIsIndefinite = true
                }
                var measured: Double
                if widthFromLines, main == nil, item.pointee.aspectRatio != nil,
                    case .text = tree.nodes[Int(item.pointee.node)].kind
                {
                    // A ratio text contributes its lines' width (in a 30px column too,
                    // fuzz_12764_1).
                    measured = ratioTextContribution(
                        Int(item.pointee.node), space: space, margin: item.pointee.marginCross, paddingBorder: floor)
                } else {
                    measured = container.cross(computeFlexChild(Int(item.pointee.node), inputs, .computeSize).size)
                }
                if !container.isRow, !widthFromLines, let ratio = item.pointee.aspectRatio, let main,
                    item.pointee.minSize.main != nil, item.pointee.size.main == nil, heightIsAuto(Int(item.pointee.node))
                {
                    // A column item whose flex basis or content (not its height) and given
                    // min height fix its main size takes its width from that size through the
                    // ratio, and its content is no minimum there (Chromium: `flex-basis: 116px;
                    // min-height: 0; aspect-ratio: 0.5` around a 116px child is 58 wide,
                    // fuzz_11010_3; `min-height: 18px; aspect-ratio: 1` around `HH` shrunk
                    // in a 15px column is 18 wide, fuzz_11511_1; with `height: 61px` instead,
                    // its content still is, and so with a percentage height that does not
                    // resolve: `flex-basis: 18px; height: 10%; min-height: 28%; aspect-ratio:
                    // 0.5` around an 83px child is 83 wide, fuzz_12717_2).
                    measured = item.pointee.crossThroughRatio(main, ratio, isRow: false)
                }
                cross = max(clamp(measured, item.pointee.minSize.cross, item.pointee.maxSize.cross), floor)
            }
            items[index].hypotheticalCross = cross
            items[index].hypotheticalOuterCross = cross + item.pointee.marginCross
            largest = max(largest, lineCrossContribution(items[index], container))
        }
        return largest
    }

    /// What an item not aligned by a baseline adds to its line's cross size (§9.4 step 8).
    @inline(__always)
    func lineCrossContribution(_ item: FlexItem, _ container: borrowing FlexContainer) -> Double {
        if container.stretchedItemsFollowLine, item.alignSelf == .stretch, item.crossIsAuto, !item.autoCrossStart,
            !item.autoCrossEnd
        {
            // (Only its margins and the least it can stretch to count: its min size,
            // padding and border; not its content, nor its own ratio.)
            return max(item.minSize.cross ?? 0, item.paddingBorderCross) + item.marginCross
        }
        return item.hypotheticalOuterCross
    }

    /// Baselines of the items that align by them (§8.3, §9.4 step 8.1), as distances
    /// from their outer top. Only rows: a column's items share no horizontal baseline
    /// (Chrome aligns them at flex-start).
    @inline(__always)
    mutating func computeItemBaselines(
        _ container: borrowing FlexContainer, _ items: UnsafeMutableBufferPointer<FlexItem>,
        _ lines: UnsafeMutableBufferPointer<FlexLine>, _ available: AvailableSpace
    ) {
        guard container.isRow else {
            // A column's items have no baseline on the cross axis: Chromium synthesizes
            // it at the item's physical left border edge (css-align-3 §9.1), so its
            // distance from the outer left edge is the left margin (negative ones too).
            let leftIsCrossStart = container.crossFlip == flex.requestIsRightToLeft
            for index in items.indices where alignsByBaseline(items[index], container) {
                items[index].baseline = leftIsCrossStart ? items[index].marginCrossStart : items[index].marginCrossEnd
            }
            return
        }
        // Two baseline-sharing groups per line: first baselines and last baselines.
        for line in lines {
            var firstCount = 0, lastCount = 0
            for index in line.start..<line.end {
                if items[index].alignSelf == .baseline { firstCount += 1 }
                if items[index].alignSelf == .lastBaseline { lastCount += 1 }
            }
            if firstCount > 1 { measureBaselines(of: .baseline, line, container, items, available) }
            if lastCount > 1 { measureBaselines(of: .lastBaseline, line, container, items, available) }
        }
    }

    @inline(__always)
    private mutating func measureBaselines(
        of group: FlexAlign, _ line: FlexLine, _ container: borrowing FlexContainer, _ items: UnsafeMutableBufferPointer<FlexItem>,
        _ available: AvailableSpace
    ) {
        // (One item alone is simply at the line's start, or end for the last group: the
        // caller measures only groups of two or more.)
        for index in line.start..<line.end where items[index].alignSelf == group {
            let item = items[index]
            var inputs = container.inputs(
                knownMain: item.targetMain, knownCross: item.hypotheticalCross,
                availableMain: .definite(container.containerMain), availableCross: available, sizing: .inherentSize,
                crossIsDefinite: item.size.cross != nil || item.aspectRatio != nil)
            // A height its ratio gives the item is definite for its content's percentages,
            // as in its final layout (`finalInputs`; Chromium: `height: 20%` under the `H`
            // of an `aspect-ratio: 1; flex-wrap: wrap-reverse` item 10 wide puts its
            // baseline at 16).
            inputs.heightIsTransferred = item.aspectRatio != nil && item.size.cross == nil
            let output = computeFlexChild(Int(item.node), inputs, .computeBaseline)
            let baseline = group == .baseline ? output.firstBaseline : output.lastBaseline
            items[index].baseline = (baseline ?? output.size.height) + item.marginTop
        }
    }

    /// Whether a node's `height` is `auto` (not merely unresolved, as a percentage of an
    /// indefinite height is).
    @inline(__always)
    func heightIsAuto(_ node: Int) -> Bool {
        guard let index = tree.flexStyleIndex(of: node) else { return true }
        return tree.flexStyles[Int(index)].height.isAuto
    }

    /// Whether an item takes part in its line's baseline alignment. In a column the
    /// items align their synthesized baselines, their physical left border edges.
    @inline(__always)
    func alignsByBaseline(_ item: FlexItem, _ container: borrowing FlexContainer) -> Bool {
        (item.alignSelf == .baseline || item.alignSelf == .lastBaseline) && !item.autoCrossStart && !item.autoCrossEnd
    }

    /// §9.4 step 8, "Calculate the cross size of each flex line". `singleLineLargest`:
    /// the largest `lineCrossContribution` of the items, which is all a single line
    /// without baseline-aligned items needs.
    @inline(__always)
    mutating func calculateCrossSizeOfFlexLines(
        _ container: borrowing FlexContainer, _ items: UnsafeMutableBufferPointer<FlexItem>,
        _ lines: UnsafeMutableBufferPointer<FlexLine>, singleLineLargest: Double
    ) {
        if let definite = container.definiteLineCross {
            // A single-line container with a definite cross size: its inner cross size.
            lines[0].crossSize = definite
            return
        }
        let paddingBorder = container.paddingBorderCross
        var measuredLines = lines.indices
        if !container.isWrap, !container.hasBaselineItems {
            // (As the loop below finds it, with both baseline groups empty.)
            lines[0].crossSize = max(singleLineLargest, 0, 0, 0)
            measuredLines = 0..<0
        }
        for lineIndex in measuredLines {
            let line = lines[lineIndex]
            var first = BaselineGroup(), last = BaselineGroup()
            var largest = 0.0
            for item in items[line.start..<line.end] {
                if alignsByBaseline(item, container) {
                    if item.alignSelf == .baseline {
                        first.add(item.baseline, outer: item.hypotheticalOuterCross)
                    } else {
                        last.add(item.baseline, outer: item.hypotheticalOuterCross)
                    }
                } else {
                    largest = max(largest, lineCrossContribution(item, container))
                }
            }
            lines[lineIndex].crossSize = max(largest, first.size, last.size, 0)
        }
        if !container.isWrap {
            // A single line is clamped by the container's min/max cross sizes, as content
            // sizes: never negative (Chromium: `padding: 87%; max-height: 97px;
            // align-items: center` centres its item in an empty line).
            lines[0].crossSize = clamp(
                lines[0].crossSize, container.minSize.cross.map { max($0 - paddingBorder, 0) },
                container.maxSize.cross.map { max($0 - paddingBorder, 0) })
        }
    }

    /// §9.4 step 9, "Handle 'align-content: stretch'": lines share the container's
    /// leftover cross space.
    @inline(__always)
    mutating func handleAlignContentStretch(_ container: borrowing FlexContainer, _ lines: UnsafeMutableBufferPointer<FlexLine>) {
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

    /// §9.4 step 11, "Determine the used cross size of each flex item" of one line:
    /// stretched items fill their line. Returns, found in the same pass, what §9.5 step
    /// 12 starts from: the line's gaps plus its items' outer target main sizes, and its
    /// count of auto main margins.
    @inline(__always)
    mutating func determineUsedCrossSizes(
        _ container: borrowing FlexContainer, _ items: UnsafeMutableBufferPointer<FlexItem>, _ line: FlexLine
    ) -> (outerMainSum: Double, autoMainMargins: Int) {
        var used = sumOfGaps(container.gap.main, line.count)
        var autoMargins = 0
        for index in line.start..<line.end {
            let item = items[index]
            used += item.outerTargetMain
            autoMargins += (item.autoMainStart ? 1 : 0) + (item.autoMainEnd ? 1 : 0)
            if item.alignSelf == .stretch, !item.autoCrossStart, !item.autoCrossEnd, item.crossIsAuto {
                let stretched = clamp(line.crossSize - item.marginCross, item.minSize.cross, item.stretchMaxCross)
                items[index].targetCross = max(stretched, item.paddingBorderCross)
            } else if !container.isRow, container.isWrap, item.size.cross == nil, item.aspectRatio == nil,
                item.hypotheticalOuterCross < line.crossSize - 1e-9
            {
                // An unstretched item of a wrapping column is fit-content in its line,
                // not in the column: Chromium lays it out again in the line's cross
                // size (a `flex-wrap: wrap` row of items 34 and 37 wide, in a 15px
                // column whose line a 62px sibling makes 62 wide, is 62 wide, its items
                // in one line).
                let inputs = container.inputs(
                    knownMain: item.targetMain, knownCross: nil, availableMain: .definite(container.containerMain),
                    availableCross: .definite(line.crossSize), sizing: .contentSize,
                    mainIsDefinite: container.mainIsDefinite(item))
                let measured = container.cross(computeFlexChild(Int(item.node), inputs, .computeSize).size)
                let fitted = max(clamp(measured, item.minSize.cross, item.maxSize.cross), item.paddingBorderCross)
                items[index].targetCross = max(fitted, item.hypotheticalCross)
            } else {
                items[index].targetCross = item.hypotheticalCross
            }
        }
        return (used, autoMargins)
    }
}

/// A baseline-sharing group of one line (§8.3): how far its items reach above and
/// below their shared baseline.
struct BaselineGroup {
    // Not floored at zero: negative margins can put every item's baseline outside it
    // (§9.4 step 8 takes the largest distances as they are).
    var above = -Double.infinity
    var below = -Double.infinity

    var size: Double { above == -.infinity ? 0 : above + below }

    @inline(__always)
    mutating func add(_ baseline: Double, outer: Double) {
        above = max(above, baseline)
        below = max(below, outer - baseline)
    }
}
