/// Any node as a flex item. A flex container runs the flex algorithm; any other node is
/// measured by its own (SwiftUI) rules through `size(node, proposal)`, the way Yoga and
/// Taffy call a measure function: min-content = propose 0 on the inline axis,
/// max-content = propose nothing, definite = propose the size.
extension LayoutComputer {
    mutating func computeFlexChild(_ node: Int, _ inputs: FlexInputs, _ mode: FlexRunMode) -> FlexOutput {
        // A flex container with SwiftUI modifiers is measured through them (its content
        // then sizes as a block-level box), so that padding, frames and backgrounds apply.
        if case .flex(let style) = tree.nodes[node].kind, tree.nodes[node].modifierCount == 0 {
            return computeFlexContainer(node, style: style, inputs, mode)
        }
        return computeMeasuredItem(node, inputs, mode)
    }

    /// Records an item's frame: its border box, unless SwiftUI modifiers (placed by
    /// `place`) decide where its content frame is.
    mutating func setItemFrame(_ node: Int, _ frame: Rect) {
        placed[node] = true
        if tree.nodes[node].modifierCount == 0 { frames[node] = frame }
    }

    /// The width a text with a ratio and no sizes, min or max sizes of its own starts from
    /// in a definite space (`computeMeasuredItem`): its fit-content width there, padding
    /// and border included, before lines taller than its ratio allows widen it. Nil for
    /// any other node, or without a definite space.
    mutating func ratioTextFitContentWidth(_ node: Int, _ inputs: FlexInputs) -> Double? {
        guard case .text = tree.nodes[node].kind, let space = inputs.availableWidth.definite else { return nil }
        let style = flexStyle(of: node)
        guard style.aspectRatio != nil else { return nil }
        let box = flexBox(style, percentBase: inputs.parentWidth)
        let sizes = FlexSizes(
            style, parentWidth: inputs.parentWidth, parentHeight: inputs.parentHeight, paddingBorder: box.paddingBorder,
            inherent: inputs.sizing == .inherentSize)
        guard Self.ratioAloneSizes(sizes, knownWidth: inputs.knownWidth, knownHeight: inputs.knownHeight) else { return nil }
        return ratioTextContribution(
            node, space: .definite(space), margin: box.margin.horizontal, paddingBorder: box.paddingBorder.horizontal)
    }

    /// Whether a ratio text's ratio alone sizes it: no size known or of its own, and no
    /// min or max size.
    private static func ratioAloneSizes(_ sizes: FlexSizes, knownWidth: Double?, knownHeight: Double?) -> Bool {
        (knownWidth ?? sizes.width) == nil && (knownHeight ?? sizes.height) == nil && sizes.minWidth == nil
            && sizes.maxWidth == nil && sizes.minHeight == nil && sizes.maxHeight == nil
    }


    /// Taffy's `compute_leaf_layout`: the style's sizes where given, else the measured
    /// content plus padding and border, clamped by min/max.
    private mutating func computeMeasuredItem(_ node: Int, _ inputs: FlexInputs, _ mode: FlexRunMode) -> FlexOutput {
        let style = flexStyle(of: node)
        let box = flexBox(style, percentBase: inputs.parentWidth)
        let paddingBorder = box.paddingBorder
        let sizes = FlexSizes(
            style, parentWidth: inputs.parentWidth, parentHeight: inputs.parentHeight, paddingBorder: paddingBorder,
            inherent: inputs.sizing == .inherentSize)
        var knownWidth = inputs.knownWidth ?? sizes.width
        var knownHeight = inputs.knownHeight ?? sizes.height
        let isText: Bool
        if case .text = tree.nodes[node].kind { isText = true } else { isText = false }
        if let ratio = style.aspectRatio {
            if isText, Self.ratioAloneSizes(sizes, knownWidth: knownWidth, knownHeight: knownHeight) {
                // A text with a ratio but neither size is as wide as without it, and the
                // ratio gives its height (Chromium: `aspect-ratio: 2` around 100px of text
                // in a column is 100×50, fuzz_10104_1).
                var content: Double
                if let space = inputs.availableWidth.definite {
                    content = ratioTextWidth(
                        node, space: .definite(space), margin: box.margin.horizontal,
                        paddingBorder: box.paddingBorder.horizontal)
                    // Lines taller than the ratio allows make it wider, as tall as they are
                    // at the first width (Chromium: `aspect-ratio: 2` around four lines of
                    // 20px text 89px wide is 160×80, fuzz_10104_1).
                    // That floor is the automatic minimum of the ratio-dependent axis (CSS
                    // Sizing 4 §5.2), which Chromium gives only to a computed `height: auto`:
                    // a percentage height, unresolvable here, sizes like `auto` but has no
                    // floor (`height: 48%; aspect-ratio: 2` around `H` in a content-sized
                    // column is 10×5, fuzz_11510_1), and only with `min-height: auto` (a
                    // `min-height: 40%` of an indefinite height, no minimum, still leaves
                    // three lines 30 tall in a 50×25 box, fuzz_12666_3).
                    // A height in points (not `sizes`' here: a content size is asked) caps
                    // that floor: Chromium makes `flex: 0.5; height: 36px; aspect-ratio:
                    // 16 / 9` around four lines of text 40 tall a base of 36, 64 wide, in a
                    // wrapping column (around one line 10 tall, 10).
                    var linesHeight = textLinesHeight(node, width: content)
                    if let height = style.height.resolve(nil) {
                        let ownContent = style.boxSizing == .contentBox ? height : height - paddingBorder.vertical
                        linesHeight = min(linesHeight, max(ownContent, 0))
                    }
                    if linesHeight > content / ratio, style.height.unit != .percent, style.minHeight.isAuto {
                        knownHeight = linesHeight + paddingBorder.vertical
                        content = linesHeight * ratio
                    }
                } else {
                    content = size(node, ProposedSize(width: inputs.availableWidth.isMinContent ? 0 : nil, height: nil)).width
                }
                knownWidth = content + paddingBorder.horizontal
            }
            if let width = knownWidth, knownHeight == nil { knownHeight = throughRatio(width / ratio) }
            // (A width `sizes` transferred from the height is the ratio's as well: Chromium
            // makes `flex-grow: 1; height: 13px; aspect-ratio: 0.5` around `HHH` 30 wide
            // also as the content of a row sized by its items.)
            let widthIsTransferred = inputs.knownWidth == nil && style.width.resolve(inputs.parentWidth) == nil
            if let height = knownHeight, knownWidth == nil || widthIsTransferred {
                knownWidth = knownWidth ?? throughRatio(height * ratio)
                // A text's automatic minimum width on the axis the ratio sizes is its
                // min-content width, its longest word (CSS Sizing 4 §5.2).
                if isText, style.minWidth.isAuto, style.overflow == .visible {
                    knownWidth = max(
                        knownWidth ?? throughRatio(height * ratio),
                        size(node, ProposedSize(width: 0, height: nil)).width + paddingBorder.horizontal)
                }
            }
        }
        if mode.isComputeSize, let knownWidth, let knownHeight {
            return FlexOutput(size: Size(width: knownWidth, height: knownHeight), firstBaseline: nil)
        }
        // The width offered to the content: the known width, else the space (less the
        // margins) clamped by min/max; a constraint becomes SwiftUI's 0 or nil. The
        // height stays unspecified unless known, so text shows all its lines.
        var proposedWidth: Double?
        if let width = knownWidth {
            proposedWidth = max(width - paddingBorder.horizontal, 0)
            if isText, let box = proposedWidth {
                // A box narrower than the text's longest word breaks its lines at that
                // word's width (its anonymous block overflows, not each word: Chromium,
                // `width: 10%` around `HHHHH HHHHH HHH H HHHHH` has 4 lines, fuzz_10101_1).
                proposedWidth = max(box, size(node, ProposedSize(width: 0, height: nil)).width)
            }
        } else if let space = inputs.availableWidth.definite {
            let outer = clamp(space - box.margin.horizontal, sizes.minWidth, sizes.maxWidth)
            proposedWidth = max(outer - paddingBorder.horizontal, 0)
            if case .text = tree.nodes[node].kind, let available = proposedWidth {
                let fitContent = textFitContentWidth(node, available: available)
                knownWidth = fitContent + paddingBorder.horizontal
                // Its lines are broken at that width, not at the narrower space: a word
                // wider than the space pushes the box out, and the other words wrap in it.
                proposedWidth = fitContent
            }
        } else if inputs.availableWidth.isMinContent {
            proposedWidth = 0
        }
        // A text's height does not narrow its lines (CSS: the lines overflow a short box).
        let proposal = ProposedSize(
            width: proposedWidth, height: isText ? nil : knownHeight.map { max($0 - paddingBorder.vertical, 0) })
        let measured = size(node, proposal)
        let width = knownWidth ?? max(clamp(measured.width + paddingBorder.horizontal, sizes.minWidth, sizes.maxWidth), paddingBorder.horizontal)
        let height = knownHeight ?? max(clamp(measured.height + paddingBorder.vertical, sizes.minHeight, sizes.maxHeight), paddingBorder.vertical)
        let result = Size(width: width, height: height)
        switch mode {
        case .computeSize, .computeWidth:
            return FlexOutput(size: result, firstBaseline: nil)
        case .computeBaseline:
            let baselines = measuredBaselines(node, result, paddingBorder)
            return FlexOutput(
                size: result, firstBaseline: Self.baselineOfScrollContainer(baselines?.first, style.overflow, height: height),
                lastBaseline: Self.baselineOfScrollContainer(baselines?.last, style.overflow, height: height))
        case .performLayout(let origin):
            let content = ProposedSize(
                width: max(width - paddingBorder.horizontal, 0), height: max(height - paddingBorder.vertical, 0))
            if case .text = tree.nodes[node].kind, tree.nodes[node].modifierCount == 0 {} else {
                place(node, content, at: Point(x: origin.x + paddingBorder.left, y: origin.y + paddingBorder.top))
            }
            return FlexOutput(
                size: result,
                firstBaseline: Self.baselineOfScrollContainer(
                    measuredBaselines(node, result, paddingBorder)?.first, style.overflow, height: height))
        }
    }

    /// The height of a text's lines at a width, broken as `computeMeasuredItem` breaks
    /// them (never narrower than the longest word).
    mutating func textLinesHeight(_ node: Int, width: Double) -> Double {
        let lineWidth = max(width, size(node, ProposedSize(width: 0, height: nil)).width)
        return size(node, ProposedSize(width: lineWidth, height: nil)).height
    }

    /// A ratio text's contribution to a column's width, its padding and border included:
    /// its lines' fit-content width in `space` (what the column offers inline, the text's
    /// margins included), not the width its ratio makes of their height (Chromium:
    /// `aspect-ratio: 16 / 9` around `H` makes a column 10 wide, wrapping or not, and is
    /// 10 by 10 in a single-line one, 17.8 by 10 in a wrapping one).
    mutating func ratioTextContribution(
        _ node: Int, space: AvailableSpace, margin: Double, paddingBorder: Double
    ) -> Double {
        ratioTextWidth(node, space: space, margin: margin, paddingBorder: paddingBorder) + paddingBorder
    }

    /// Such a text's fit-content width, its content box alone: in `space` less its margins,
    /// padding and border (a constraint stays one). Also where a ratio text's width starts
    /// before its ratio gives its height.
    mutating func ratioTextWidth(_ node: Int, space: AvailableSpace, margin: Double, paddingBorder: Double) -> Double {
        let inner = space.minus(margin).minus(paddingBorder)
        return textFitContentWidth(node, available: inner.isMinContent ? 0 : max(inner.definite ?? .infinity, 0))
    }

    /// A text box is fit-content wide: its one-line width when that fits, else the
    /// space, but never narrower than its longest word (text_column_align_center).
    mutating func textFitContentWidth(_ node: Int, available: Double) -> Double {
        let oneLine = size(node, ProposedSize(width: nil, height: nil)).width
        let longestWord = size(node, ProposedSize(width: 0, height: nil)).width
        return max(min(available, oneLine), longestWord)
    }

    /// A text's first and last baselines at its final width (0.8em below their lines'
    /// tops, plus half the leading); other leaves have none (their border-box bottom is used).
    private func measuredBaselines(_ node: Int, _ size: Size, _ paddingBorder: FlexSides) -> (first: Double, last: Double)? {
        guard case .text(let text) = tree.nodes[node].kind else { return nil }
        // (Broken as in `computeMeasuredItem`: never narrower than the longest word.)
        let longestWord = textLines(Int(text), ProposedSize(width: 0, height: nil)).width
        let lines = textLines(
            Int(text), ProposedSize(width: max(size.width - paddingBorder.horizontal, longestWord, 0), height: nil))
        return (paddingBorder.top + lines.firstBaseline, paddingBorder.top + lines.lastBaseline)
    }
}
