/// A `flex` node whose parent is not a flex container (the root, or a child of a SwiftUI
/// container) sizes like a block-level box in normal flow (CSS 2 §10.3.3): it fills the
/// proposed width less its margins unless it has a width, auto margins centre it, and its
/// height fits its content unless given. Its frame is its border box; the size it
/// reports to its parent includes its margins.
struct BlockLevelFlexBox {
    var borderBox: Size
    /// The border box's offset from the margin box's top-left.
    var offset: Point
    var outerSize: Size
    var inputs: FlexInputs
}

extension LayoutComputer {
    mutating func blockLevelFlexBox(_ node: Int, _ proposal: ProposedSize) -> BlockLevelFlexBox {
        guard case .flex(let styleIndex) = tree.nodes[node].kind else {
            return BlockLevelFlexBox(
                borderBox: .zero, offset: .zero, outerSize: .zero,
                inputs: FlexInputs(
                    knownWidth: nil, knownHeight: nil, parentWidth: nil, parentHeight: nil,
                    availableWidth: .maxContent, availableHeight: .maxContent, sizing: .inherentSize))
        }
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
        let inputs = FlexInputs(
            knownWidth: knownWidth, knownHeight: nil, parentWidth: proposal.width, parentHeight: proposal.height,
            availableWidth: proposal.width.map { .definite($0) } ?? .maxContent, availableHeight: .maxContent,
            sizing: .inherentSize)
        let size = computeFlexContainer(node, style: styleIndex, inputs, .computeSize).size
        var left = box.margin.left, right = box.margin.right
        if let width = proposal.width, box.marginAutoLeft || box.marginAutoRight {
            let free = max(width - size.width - left - right, 0)
            if box.marginAutoLeft && box.marginAutoRight {
                (left, right) = (free / 2, free / 2)
            } else if box.marginAutoLeft {
                left = free
            } else {
                right = free
            }
        }
        // Laid out again with the same inputs (a memo hit for its items): a height it
        // computed itself is not definite for its items' percentages.
        return BlockLevelFlexBox(
            borderBox: size, offset: Point(x: left, y: box.margin.top),
            outerSize: Size(width: size.width + left + right, height: size.height + box.margin.vertical),
            inputs: inputs)
    }

    mutating func placeBlockLevelFlexBox(_ node: Int, _ proposal: ProposedSize, at origin: Point) {
        guard case .flex(let styleIndex) = tree.nodes[node].kind else { return }
        let block = blockLevelFlexBox(node, proposal)
        let borderOrigin = origin + block.offset
        frames[node] = Rect(origin: borderOrigin, size: block.borderBox)
        _ = computeFlexContainer(node, style: styleIndex, block.inputs, .performLayout(borderOrigin))
    }
}
