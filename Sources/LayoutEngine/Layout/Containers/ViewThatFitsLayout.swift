/// ViewThatFits(in: axes): the first child whose ideal size fits the proposal on the
/// constrained axes, else the last (Apple's documentation of `ViewThatFits`). A child's
/// ideal size is its size proposed nothing on the constrained axes and the proposal on
/// the others; an unspecified proposal fits anything. The chosen child is then laid out
/// with the whole proposal and the container takes its size. The other children are not
/// laid out: they and their subtrees get no frames.
struct ViewThatFitsLayout: NodeLayout {
    let axes: ScrollAxes

    private func chosen(_ node: Int, _ proposal: ProposedSize, in computer: inout LayoutComputer) -> Int? {
        let children = computer.tree.children(of: node)
        guard let last = children.last else { return nil }
        let horizontal = axes.scrollsHorizontally, vertical = axes.scrollsVertically
        let ideal = ProposedSize(width: horizontal ? nil : proposal.width, height: vertical ? nil : proposal.height)
        func fits(_ value: Double, _ proposed: Double?, constrained: Bool) -> Bool {
            guard constrained, let proposed else { return true }
            return value <= proposed + 1e-9
        }
        for child in children.dropLast() {
            let size = computer.size(Int(child), ideal)
            if fits(size.width, proposal.width, constrained: horizontal)
                && fits(size.height, proposal.height, constrained: vertical)
            {
                return Int(child)
            }
        }
        return Int(last)
    }

    func sizeThatFits(_ proposal: ProposedSize, node: Int, in computer: inout LayoutComputer) -> Size {
        guard let child = chosen(node, proposal, in: &computer) else { return .zero }
        return computer.size(child, proposal)
    }

    func placeSubviews(_ proposal: ProposedSize, node: Int, at origin: Point, in computer: inout LayoutComputer) {
        computer.frames[node] = Rect(origin: origin, size: computer.level0Size(node, proposal))
        guard let child = chosen(node, proposal, in: &computer) else { return }
        computer.place(child, proposal, at: origin)
    }

    /// The chosen child's guides are the container's.
    func explicitAlignment(
        _ guide: AlignmentGuide, _ proposal: ProposedSize, node: Int, in computer: inout LayoutComputer
    ) -> Double? {
        guard let child = chosen(node, proposal, in: &computer) else { return nil }
        return computer.explicitGuide(child, level: Int(computer.tree.nodes[child].modifierCount), proposal, guide)
    }
}
