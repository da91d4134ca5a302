/// LazyVStack and LazyHStack. Along their axis they share out space as VStack and HStack
/// do (StackLayout.swift), and children are proposed the stack's cross-axis proposal as
/// there. Where they differ from a VStack (HStack): a lazy stack takes the whole length
/// proposed across its axis (a VStack is as wide as its widest child), and aligns its
/// children inside that length by `alignment` — a LazyVStack in a 390-wide screen is 390
/// wide with its children centred, where a VStack hugs them. With no cross proposal (or
/// an infinite one) it is as long as its children's aligned extent, as a stack is.
struct LazyStackLayout: NodeLayout {
    let axis: Axis
    let alignment: Alignment
    let spacing: Double?

    private func crossLength(_ proposal: ProposedSize) -> Double? {
        guard let length = proposal.value(along: axis.other), length.isFinite else { return nil }
        return length
    }

    func sizeThatFits(_ proposal: ProposedSize, node: Int, in computer: inout LayoutComputer) -> Size {
        let stack = computer.stackPlan(
            computer.layoutChildren(of: node), axis: axis, alignment: alignment, spacing: spacing, proposal
        ).size
        return Size(
            major: stack.value(along: axis), minor: crossLength(proposal) ?? stack.value(along: axis.other), axis: axis)
    }

    func placeSubviews(_ proposal: ProposedSize, node: Int, at origin: Point, in computer: inout LayoutComputer) {
        let children = computer.layoutChildren(of: node)
        let plan = computer.stackPlan(
            children, axis: axis, alignment: alignment, spacing: spacing, proposal, forPlacement: true)
        let minor = crossLength(proposal) ?? plan.size.value(along: axis.other)
        computer.frames[node] = Rect(
            origin: origin, size: Size(major: plan.size.value(along: axis), minor: minor, axis: axis))
        // The children's guides meet at the lazy stack's own guide, not at their extent's.
        let shift = LayoutComputer.guide(on: axis.other, alignment).defaultValue(minor) - plan.line
        computer.placeStack(children, plan, axis: axis, at: origin + Point(major: 0, minor: shift, axis: axis))
    }
}
