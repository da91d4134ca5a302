/// A `flex` container as a `NodeLayout`: the CSS flexbox engine of Flex/, entered as a
/// block-level box (Flex/BlockLevelFlexBox.swift).
struct FlexBoxLayout: NodeLayout {
    func sizeThatFits(_ proposal: ProposedSize, node: Int, in computer: inout LayoutComputer) -> Size {
        computer.blockLevelFlexBoxSize(node, proposal)
    }

    func placeSubviews(_ proposal: ProposedSize, node: Int, at origin: Point, in computer: inout LayoutComputer) {
        computer.placeBlockLevelFlexBox(node, proposal, at: origin)
    }
}
