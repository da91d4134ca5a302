/// ScrollView: as big as proposed; its children are stacked along its axis (a VStack for
/// vertical and both) and offered unspecified space along the scrolling axes. Content is
/// laid out at scroll offset 0, centred across a non-scrolling axis where it is smaller.
extension LayoutComputer {
    private func contentProposal(_ axes: ScrollAxes, _ proposal: ProposedSize) -> ProposedSize {
        ProposedSize(
            width: axes.scrollsHorizontally ? nil : proposal.width,
            height: axes.scrollsVertically ? nil : proposal.height)
    }

    mutating func scrollSize(_ node: Int, axes: ScrollAxes, _ proposal: ProposedSize) -> Size {
        if let width = proposal.width, let height = proposal.height { return Size(width: width, height: height) }
        let content = scrollContentPlan(node, axes: axes, proposal).size
        return Size(width: proposal.width ?? content.width, height: proposal.height ?? content.height)
    }

    private mutating func scrollContentPlan(
        _ node: Int, axes: ScrollAxes, _ proposal: ProposedSize, forPlacement: Bool = false
    ) -> StackPlan {
        stackPlan(
            layoutChildren(of: node), axis: axes.stackAxis, alignment: .center, spacing: nil,
            contentProposal(axes, proposal), forPlacement: forPlacement)
    }

    mutating func placeScroll(_ node: Int, axes: ScrollAxes, _ proposal: ProposedSize, size: Size, at origin: Point) {
        let plan = scrollContentPlan(node, axes: axes, proposal, forPlacement: true)
        scrollContent.append((Int32(node), plan.size))
        let x = axes.scrollsHorizontally ? 0 : (size.width - plan.size.width) / 2
        let y = axes.scrollsVertically ? 0 : (size.height - plan.size.height) / 2
        placeStack(layoutChildren(of: node), plan, axis: axes.stackAxis, at: origin + Point(x: x, y: y))
    }
}

struct ScrollLayout: NodeLayout {
    let axes: ScrollAxes

    func sizeThatFits(_ proposal: ProposedSize, node: Int, in computer: inout LayoutComputer) -> Size {
        computer.scrollSize(node, axes: axes, proposal)
    }

    func placeSubviews(_ proposal: ProposedSize, node: Int, at origin: Point, in computer: inout LayoutComputer) {
        let size = computer.level0Size(node, proposal)
        computer.frames[node] = Rect(origin: origin, size: size)
        computer.placeScroll(node, axes: axes, proposal, size: size, at: origin)
    }
}
