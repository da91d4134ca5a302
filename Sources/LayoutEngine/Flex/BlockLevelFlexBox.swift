/// A `flex` node whose parent is not a flex container (the root, or a child of a SwiftUI
/// container) sizes like a block-level box in normal flow (CSS 2 §10.3.3): it fills the
/// proposed width less its margins unless it has a width, auto margins centre it, and its
/// height fits its content unless given. Its frame is its border box; the size it
/// reports to its parent includes its margins.
extension LayoutComputer {
    /// The size it reports to its parent: its border box and its margins.
    mutating func blockLevelFlexBoxSize(_ node: Int, _ proposal: ProposedSize) -> Size {
        guard case .flex(let styleIndex) = tree.nodes[node].kind else { return .zero }
        let (inputs, box) = blockLevelInputs(node, proposal)
        let size = blockLevelBorderBox(node, style: styleIndex, inputs)
        let (left, right) = blockLevelHorizontalMargins(box, proposal, width: size.width)
        return Size(width: size.width + left + right, height: size.height + box.margin.vertical)
    }

    /// Placed without its size question where it can be: the run that lays the box out
    /// finds its size, which is the answer to that question (both lay the items out at
    /// the width found from content). Only a width that centres it between auto margins
    /// is asked first. A root whose size is asked after it is placed is then laid out in
    /// one run (plus a width question where its width is found from content), not a
    /// size run and a layout run.
    mutating func placeBlockLevelFlexBox(_ node: Int, _ proposal: ProposedSize, at origin: Point) {
        guard case .flex(let styleIndex) = tree.nodes[node].kind else { return }
        let (inputs, box) = blockLevelInputs(node, proposal)
        // A ratio box's size question goes on past its layout's (the height transferred
        // through the ratio, the floor its padding and border give): asked first, for its frame.
        let hasRatio = styleIndex >= 0 && tree.flexStyles[Int(styleIndex)].aspectRatio != nil
        var size: Size?
        if hasRatio || (proposal.width != nil && (box.marginAutoLeft || box.marginAutoRight)) {
            size = blockLevelBorderBox(node, style: styleIndex, inputs)
        }
        let left = size.map { blockLevelHorizontalMargins(box, proposal, width: $0.width).left } ?? box.margin.left
        let borderOrigin = origin + Point(x: left, y: box.margin.top)
        if let size { frames[node] = Rect(origin: borderOrigin, size: size) }
        let output = computeFlexContainer(node, style: styleIndex, inputs, .performLayout(borderOrigin))
        guard size == nil else { return }
        frames[node] = Rect(origin: borderOrigin, size: output.size)
        if !isChildlessFlexBox(node, style: styleIndex) {
            flex.memo.store(node, flexMemoKey(node, style: styleIndex, inputs), output.size, widthOnly: false)
        }
    }

    /// The border box its size question finds: its items laid out at the width found
    /// from content, as its layout lays them out (the two must agree).
    private mutating func blockLevelBorderBox(_ node: Int, style styleIndex: Int32, _ inputs: FlexInputs) -> Size {
        computeFlexContainer(node, style: styleIndex, inputs, .computeSize, foundWidth: .always).size
    }

    /// The inputs a block-level flex box is laid out with, and its box (for its margins).
    private mutating func blockLevelInputs(_ node: Int, _ proposal: ProposedSize) -> (FlexInputs, FlexBox) {
        let style = flexStyle(of: node)
        let box = flexBox(style, percentBase: proposal.width)
        let sizes = FlexSizes(
            style, parentWidth: proposal.width, parentHeight: proposal.height, paddingBorder: box.paddingBorder)
        var knownWidth: Double?
        if sizes.width == nil, let width = proposal.width {
            knownWidth = max(clamp(width - box.margin.horizontal, sizes.minWidth, sizes.maxWidth), box.paddingBorder.horizontal)
            if let ratio = style.aspectRatio, style.boxSizing == .borderBox, let filled = knownWidth {
                // A border-box ratio box is at least as wide as its padding and border's
                // height transfer (Chromium: `padding: 49%; aspect-ratio: 16 / 9` in 500px
                // is 871 wide, fuzz_10105_1).
                knownWidth = max(filled, min(throughRatio(box.paddingBorder.vertical * ratio), sizes.maxWidth ?? .infinity))
            }
        }
        // (A height it computes itself is not definite for its items' percentages.)
        let inputs = FlexInputs(
            knownWidth: knownWidth, knownHeight: nil, parentWidth: proposal.width, parentHeight: proposal.height,
            availableWidth: proposal.width.map { .definite($0) } ?? .maxContent, availableHeight: .maxContent,
            sizing: .inherentSize)
        return (inputs, box)
    }

    /// Auto margins centre the box in a definite width (or push it to one side).
    private func blockLevelHorizontalMargins(_ box: FlexBox, _ proposal: ProposedSize, width: Double)
        -> (left: Double, right: Double)
    {
        let (left, right) = (box.margin.left, box.margin.right)
        guard let space = proposal.width, box.marginAutoLeft || box.marginAutoRight else { return (left, right) }
        let free = max(space - width - left - right, 0)
        if box.marginAutoLeft && box.marginAutoRight { return (free / 2, free / 2) }
        return box.marginAutoLeft ? (free, right) : (left, free)
    }
}
