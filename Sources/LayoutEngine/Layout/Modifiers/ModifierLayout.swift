/// Sizing, placement and alignment guides through one level of a node's modifier chain.
extension LayoutComputer {
    @inline(__always)
    func modifier(_ node: Int, level: Int) -> Modifier {
        tree.modifiers[Int(tree.nodes[node].modifierStart) + level - 1]
    }

    mutating func modifierSize(_ node: Int, level: Int, _ proposal: ProposedSize) -> Size {
        switch modifier(node, level: level) {
        case .padding(let spec):
            let insets = spec.resolve(against: proposal)
            let inner = size(node, level: level - 1, Self.inset(proposal, by: insets))
            return Size(width: inner.width + insets.horizontal, height: inner.height + insets.vertical)
        case .frame(let width, let height, _):
            return fixedFrameSize(node, level: level, width: width, height: height, proposal)
        case .flexibleFrame(let spec):
            return flexibleFrameSize(node, level: level, spec, proposal)
        case .position:
            return proposal.replacingUnspecified()
        case .aspectRatio(let ratio, let fill):
            return size(node, level: level - 1, aspectRatioProposal(node, level: level, ratio: ratio, fill: fill, proposal))
        case .fixedSize(let horizontal, let vertical):
            return size(node, level: level - 1, Self.fixing(proposal, horizontal: horizontal, vertical: vertical))
        case .offset, .layoutPriority, .ignoresSafeArea, .alignmentGuide, .background, .overlay, .gridCell:
            return size(node, level: level - 1, proposal)
        }
    }

    mutating func placeModifier(_ node: Int, level: Int, _ proposal: ProposedSize, at origin: Point) {
        switch modifier(node, level: level) {
        case .padding(let spec):
            let insets = spec.resolve(against: proposal)
            place(
                node, level: level - 1, Self.inset(proposal, by: insets),
                at: Point(x: origin.x + insets.leading, y: origin.y + insets.top))
        case .offset(let x, let y):
            let shift = Point(x: x.resolve(against: proposal.width) ?? 0, y: y.resolve(against: proposal.height) ?? 0)
            place(node, level: level - 1, proposal, at: origin + shift)
        case .background(let layer, let alignment), .overlay(let layer, let alignment):
            place(node, level: level - 1, proposal, at: origin)
            let size = size(node, level: level - 1, proposal)
            placeAligned(Int(layer), ProposedSize(size), in: size, alignment: alignment, at: origin)
        case .fixedSize(let horizontal, let vertical):
            place(node, level: level - 1, Self.fixing(proposal, horizontal: horizontal, vertical: vertical), at: origin)
        case .aspectRatio(let ratio, let fill):
            place(
                node, level: level - 1, aspectRatioProposal(node, level: level, ratio: ratio, fill: fill, proposal),
                at: origin)
        case .frame, .flexibleFrame, .position:
            let (childProposal, offset) = childPlacement(node, level: level, proposal)
            place(node, level: level - 1, childProposal, at: origin + offset)
        case .layoutPriority, .ignoresSafeArea, .alignmentGuide, .gridCell:
            place(node, level: level - 1, proposal, at: origin)
        }
    }

    /// For modifiers that position their child inside themselves: the child's proposal and
    /// its offset from this level's origin.
    mutating func childPlacement(_ node: Int, level: Int, _ proposal: ProposedSize) -> (ProposedSize, Point) {
        switch modifier(node, level: level) {
        case .padding(let spec):
            let insets = spec.resolve(against: proposal)
            return (Self.inset(proposal, by: insets), Point(x: insets.leading, y: insets.top))
        case .frame(let width, let height, let alignment):
            let childProposal = ProposedSize(
                width: width?.resolve(against: proposal.width) ?? proposal.width,
                height: height?.resolve(against: proposal.height) ?? proposal.height)
            let size = modifierSize(node, level: level, proposal)
            return (childProposal, alignedOffset(node, level: level - 1, childProposal, in: size, alignment: alignment))
        case .flexibleFrame(let spec):
            let childProposal = flexibleFrameChildProposal(spec, proposal)
            let size = modifierSize(node, level: level, proposal)
            return (childProposal, alignedOffset(node, level: level - 1, childProposal, in: size, alignment: spec.alignment))
        case .position(let x, let y):
            let child = size(node, level: level - 1, proposal)
            let point = Point(x: x.resolve(against: proposal.width) ?? 0, y: y.resolve(against: proposal.height) ?? 0)
            return (proposal, Point(x: point.x - child.width / 2, y: point.y - child.height / 2))
        case .fixedSize(let horizontal, let vertical):
            return (Self.fixing(proposal, horizontal: horizontal, vertical: vertical), .zero)
        case .aspectRatio(let ratio, let fill):
            return (aspectRatioProposal(node, level: level, ratio: ratio, fill: fill, proposal), .zero)
        case .offset, .layoutPriority, .ignoresSafeArea, .alignmentGuide, .background, .overlay, .gridCell:
            return (proposal, .zero)
        }
    }

    /// Where a child of `level`'s content goes inside a box of `size` so that their
    /// alignment guides meet (SwiftUI aligns by guides, so explicit guides move children).
    mutating func alignedOffset(
        _ node: Int, level: Int, _ proposal: ProposedSize, in size: Size, alignment: Alignment
    ) -> Point {
        let child = self.size(node, level: level, proposal)
        let childX =
            guideValue(node, level: level, proposal, .horizontal(alignment.horizontal), size: child)
        let childY = guideValue(node, level: level, proposal, .vertical(alignment.vertical), size: child)
        return Point(
            x: alignment.horizontal.defaultValue(width: size.width) - childX,
            y: alignment.vertical.defaultValue(height: size.height) - childY)
    }

    /// Places a whole node aligned inside a box (backgrounds, overlays, grid cells).
    mutating func placeAligned(_ node: Int, _ proposal: ProposedSize, in size: Size, alignment: Alignment, at origin: Point) {
        let offset = alignedOffset(node, level: Int(tree.nodes[node].modifierCount), proposal, in: size, alignment: alignment)
        place(node, proposal, at: origin + offset)
    }

    @inline(__always)
    static func inset(_ proposal: ProposedSize, by insets: EdgeInsets) -> ProposedSize {
        ProposedSize(
            width: proposal.width.map { max($0 - insets.horizontal, 0) },
            height: proposal.height.map { max($0 - insets.vertical, 0) })
    }

    @inline(__always)
    static func fixing(_ proposal: ProposedSize, horizontal: Bool, vertical: Bool) -> ProposedSize {
        ProposedSize(width: horizontal ? nil : proposal.width, height: vertical ? nil : proposal.height)
    }

    /// The node's layout priority: the outermost `layoutPriority` modifier; spacers sit
    /// below everything else unless given one.
    @inline(__always)
    func layoutPriority(_ node: Int) -> Double { priorities[node] }

    /// The safe-area edges the node's chain ignores (its `ignoresSafeArea` modifiers'
    /// edges together).
    func ignoredSafeAreaEdges(_ node: Int) -> SafeAreaEdges {
        let record = tree.nodes[node]
        var edges: SafeAreaEdges = []
        for index in Int(record.modifierStart)..<Int(record.modifierStart + record.modifierCount) {
            if case .ignoresSafeArea(let ignored) = tree.modifiers[index] { edges.formUnion(ignored) }
        }
        return edges
    }
}
