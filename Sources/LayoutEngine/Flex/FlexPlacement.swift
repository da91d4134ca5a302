/// Final positions of the items (Taffy's final layout pass), relative offsets and the
/// container's first baseline (§8.5).
extension LayoutComputer {
    // MARK: - Final positions

    /// An item's border-box origin relative to the container's border box (physical,
    /// before relative offsets).
    @inline(__always)
    func itemPosition(_ item: FlexItem, _ line: FlexLine, _ container: borrowing FlexContainer) -> Point {
        let fromMainStart = container.paddingBorderMainStart + item.offsetMain + item.marginMainStart
        let fromCrossStart =
            container.paddingBorderCrossStart + line.offsetCross + item.offsetCross + item.marginCrossStart
        let main = container.mainFlip ? container.containerMain - fromMainStart - item.targetMain : fromMainStart
        let cross = container.crossFlip ? container.containerCross - fromCrossStart - item.targetCross : fromCrossStart
        return container.isRow ? Point(x: main, y: cross) : Point(x: cross, y: main)
    }

    @inline(__always)
    func finalInputs(_ item: FlexItem, _ container: borrowing FlexContainer) -> FlexInputs {
        var inputs = container.inputs(
            knownMain: item.targetMain, knownCross: item.targetCross,
            availableMain: .definite(container.containerMain), availableCross: .definite(container.containerCross),
            sizing: .inherentSize, crossIsDefinite: container.crossIsDefinite(item),
            mainIsDefinite: container.mainIsDefinite(item))
        // A row item's auto height that its ratio gave it (not stretched to another
        // height): its content's percentages see the height its width transfers.
        inputs.heightIsTransferred =
            container.isRow && item.aspectRatio != nil && item.size.cross == nil && item.targetCross == item.hypotheticalCross
        return inputs
    }

    /// Lays out every item at its final size and position; returns the container's
    /// first baseline (§8.5).
    @inline(__always)
    mutating func placeFlexItems(
        _ container: borrowing FlexContainer, _ items: UnsafeMutableBufferPointer<FlexItem>,
        _ lines: UnsafeMutableBufferPointer<FlexLine>, at origin: Point
    ) -> Double? {
        let baselineItem = firstBaselineItem(container, items, lines)
        var baseline: Double?
        for line in lines {
            for index in line.start..<line.end {
                // (Read in place: a copy of the item read all of it from memory.)
                let item = items.baseAddress.unsafelyUnwrapped + index
                let position = itemPosition(item.pointee, line, container)
                // Relative offsets: top wins over bottom; the start side wins over the end.
                let offset = relativeOffset(Int(item.pointee.node), container)
                let itemOrigin = Point(x: origin.x + position.x + offset.x, y: origin.y + position.y + offset.y)
                let node = Int(item.pointee.node)
                let output = computeFlexChild(node, finalInputs(item.pointee, container), .performLayout(itemOrigin))
                setItemFrame(node, Rect(origin: itemOrigin, size: output.size))
                if index == baselineItem {
                    baseline = position.y + (output.firstBaseline ?? output.size.height)
                }
            }
        }
        return baseline
    }

    /// A relatively positioned item's offset (CSS 2 §9.4.3): top wins over bottom, and
    /// the containing block's start side over its end side. (`mutating`, though it
    /// changes nothing: called from `placeFlexItems`, a non-mutating method got a copy of
    /// the whole computer, once per item; the style is not copied either.)
    mutating func relativeOffset(_ node: Int, _ container: borrowing FlexContainer) -> Point {
        // Most items have no edges at all: check before copying the style.
        guard let index = tree.flexStyleIndex(of: node), tree.flexStyles[Int(index)].edges >= 0 else { return .zero }
        let inset = flexInsets(
            edges: tree.flexStyles[Int(index)].edges, direction: tree.flexStyles[Int(index)].direction,
            width: container.innerWidth, height: container.innerHeight)
        let dy = inset.top ?? inset.bottom.map { -$0 } ?? 0
        let dx =
            container.isRightToLeft
            ? (inset.right.map { -$0 } ?? inset.left ?? 0)
            : (inset.left ?? inset.right.map { -$0 } ?? 0)
        return Point(x: dx, y: dy)
    }

    /// §8.5 "Flex Container Baselines": from the first line's first item that aligns by
    /// baseline (any first item in a column), else its first item. "First" is in block
    /// and inline order, as Chromium reads it: a reversed direction takes its items from
    /// the other end, and a `wrap-reverse` row its lines (Chromium: a `column-reverse`
    /// container's first baseline is its top item's, its last item in order).
    @inline(__always)
    func firstBaselineItem(
        _ container: borrowing FlexContainer, _ items: UnsafeMutableBufferPointer<FlexItem>,
        _ lines: UnsafeMutableBufferPointer<FlexLine>
    ) -> Int {
        guard !lines.isEmpty else { return -1 }
        let line = lines[baselineLine(container, lines, last: false)]
        guard line.count > 0 else { return -1 }
        let reverse = container.isReverse
        if container.isRow, container.hasBaselineItems {
            // A `baseline` item first, else a `last baseline` one: Chromium takes that
            // item's last baseline for the container's first (fuzz_10803_1), but a
            // `baseline` item's first wherever it is in the line (fuzz_11901_1). Only
            // items that do align so: an auto cross margin takes one out (Chromium: a
            // `max-height: 13px` row of a `padding: 8px; margin-bottom: auto` box and an
            // empty one, both `last baseline`, has its baselines at 13, not 16).
            for pass in 0..<2 {
                let group: FlexAlign = pass == 0 ? .baseline : .lastBaseline
                for offset in 0..<line.count {
                    let index = reverse ? line.end - 1 - offset : line.start + offset
                    if items[index].alignSelf == group, alignsByBaseline(items[index], container) { return index }
                }
            }
        }
        return reverse ? line.end - 1 : line.start
    }

    /// A scroll container's baselines stay inside its border box (CSS Box Alignment 3
    /// §9.1, as Chromium clamps them: `overflow: hidden; height: 61px` around a 71px
    /// child has its last baseline at 61; a child with `margin: -15px` puts it at 0).
    static func baselineOfScrollContainer(_ baseline: Double?, _ overflow: FlexOverflow, height: Double) -> Double? {
        guard overflow != .visible, let baseline else { return baseline }
        return min(max(baseline, 0), height)
    }

    /// The line of the first (or last) baseline set: the first (last) line, which
    /// `wrap-reverse` makes the last (first), in rows and columns alike (Chromium: a
    /// `wrap-reverse` column of lines [40] and [30, 20] has its first baseline at 30 and
    /// its last at 40, in either direction).
    @inline(__always)
    func baselineLine(_ container: borrowing FlexContainer, _ lines: UnsafeMutableBufferPointer<FlexLine>, last: Bool) -> Int {
        let isWrapReverse = container.isRow ? container.crossFlip : container.crossFlip != container.isRightToLeft
        return last != isWrapReverse ? lines.count - 1 : 0
    }

    @inline(__always)
    mutating func firstBaselineOfFlexContainer(
        _ container: borrowing FlexContainer, _ items: UnsafeMutableBufferPointer<FlexItem>,
        _ lines: UnsafeMutableBufferPointer<FlexLine>
    ) -> Double? {
        let index = firstBaselineItem(container, items, lines)
        guard index >= 0 else { return nil }
        let item = items[index]
        let position = itemPosition(item, lines[baselineLine(container, lines, last: false)], container)
        let output = computeFlexChild(Int(item.node), finalInputs(item, container), .computeBaseline)
        // (A column's items share no baseline with the container's: its first item gives
        // its first baseline, whatever it aligns by. So does a row's item that an auto
        // cross margin keeps from aligning by its last baseline: Chromium puts a row's
        // first baseline at 8 around a `last baseline; margin-bottom: auto` item of five
        // lines, not at 48, fuzz_12762_1.)
        var byLast = false
        if container.isRow, item.alignSelf == .lastBaseline { byLast = alignsByBaseline(item, container) }
        let baseline = byLast ? output.lastBaseline : output.firstBaseline
        return position.y + (baseline ?? output.size.height)
    }

    /// §8.5's last main-axis baseline set: from the last line's last item that aligns by
    /// its last baseline (rows), else that line's last item (in block and inline order).
    @inline(__always)
    mutating func lastBaselineOfFlexContainer(
        _ container: borrowing FlexContainer, _ items: UnsafeMutableBufferPointer<FlexItem>,
        _ lines: UnsafeMutableBufferPointer<FlexLine>
    ) -> Double? {
        guard !lines.isEmpty else { return nil }
        let line = lines[baselineLine(container, lines, last: true)]
        guard line.count > 0 else { return nil }
        // (In block and inline order, as for the first baseline.)
        let reverse = container.isReverse
        var index = reverse ? line.start : line.end - 1
        if container.isRow, container.hasBaselineItems {
            // A `last baseline` item first, else a `baseline` one (fuzz_10803_2, fuzz_11901_1).
            search: for pass in 0..<2 {
                let group: FlexAlign = pass == 0 ? .lastBaseline : .baseline
                for offset in 0..<line.count {
                    let candidate = reverse ? line.start + offset : line.end - 1 - offset
                    if items[candidate].alignSelf == group, alignsByBaseline(items[candidate], container) {
                        index = candidate
                        break search
                    }
                }
            }
        }
        let item = items[index]
        let position = itemPosition(item, line, container)
        let output = computeFlexChild(Int(item.node), finalInputs(item, container), .computeBaseline)
        // (A first-baseline item of a row gives its first baseline: Chromium, fuzz_10803_2.
        // A column's last item gives its last baseline, whatever it aligns by: Chromium puts
        // that of a `column-reverse; align-items: first baseline` box around a column of an
        // empty box and a 28px one at 28.)
        var byFirst = false
        if container.isRow, item.alignSelf == .baseline { byFirst = alignsByBaseline(item, container) }
        let baseline = byFirst ? output.firstBaseline : output.lastBaseline
        return position.y + (baseline ?? output.size.height)
    }
}
