/// GeometryReader: takes all the space proposed (10 where unspecified) and offers it to
/// each child, placed at its top-leading corner.
struct GeometryReaderLayout: NodeLayout {
    func sizeThatFits(_ proposal: ProposedSize, node: Int, in computer: inout LayoutComputer) -> Size {
        proposal.replacingUnspecified()
    }

    func placeSubviews(_ proposal: ProposedSize, node: Int, at origin: Point, in computer: inout LayoutComputer) {
        let size = computer.level0Size(node, proposal)
        computer.frames[node] = Rect(origin: origin, size: size)
        for child in computer.tree.children(of: node) { computer.place(Int(child), ProposedSize(size), at: origin) }
    }
}
