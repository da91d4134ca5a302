/// ZStack: sized by the union of its highest-priority children's aligned frames; every
/// child is then offered that size and aligned inside it.
struct ZStackPlan {
    var size: Size
    /// Where the alignment guides meet, from the stack's top-left.
    var line: Point
}

extension LayoutComputer {
    mutating func zstackPlan(_ children: ArraySlice<Int32>, alignment: Alignment, _ proposal: ProposedSize) -> ZStackPlan {
        guard !children.isEmpty else { return ZStackPlan(size: .zero, line: .zero) }
        var top = -Double.infinity
        for child in children { top = max(top, layoutPriority(Int(child))) }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        var infiniteWidth = false, infiniteHeight = false
        for child in children where layoutPriority(Int(child)) == top {
            let node = Int(child)
            let level = Int(tree.nodes[node].modifierCount)
            let childSize = size(node, proposal)
            let x = guideValue(node, level: level, proposal, .horizontal(alignment.horizontal), size: childSize)
            let y = guideValue(node, level: level, proposal, .vertical(alignment.vertical), size: childSize)
            minX = min(minX, -x)
            minY = min(minY, -y)
            maxX = max(maxX, childSize.width - x)
            maxY = max(maxY, childSize.height - y)
            if childSize.width == .infinity { infiniteWidth = true }
            if childSize.height == .infinity { infiniteHeight = true }
        }
        // An infinite child makes the union infinite (not ∞ − ∞ when centred), as in stacks.
        let size = Size(
            width: infiniteWidth ? .infinity : maxX - minX, height: infiniteHeight ? .infinity : maxY - minY)
        return ZStackPlan(size: size, line: Point(x: -minX, y: -minY))
    }

    mutating func placeZStack(_ children: ArraySlice<Int32>, _ plan: ZStackPlan, alignment: Alignment, at origin: Point) {
        let proposal = ProposedSize(plan.size)
        for child in children {
            let node = Int(child)
            let level = Int(tree.nodes[node].modifierCount)
            let childSize = size(node, proposal)
            let x = guideValue(node, level: level, proposal, .horizontal(alignment.horizontal), size: childSize)
            let y = guideValue(node, level: level, proposal, .vertical(alignment.vertical), size: childSize)
            place(node, proposal, at: Point(x: origin.x + plan.line.x - x, y: origin.y + plan.line.y - y))
        }
    }
}

struct ZStackLayout: NodeLayout {
    let alignment: Alignment

    func sizeThatFits(_ proposal: ProposedSize, node: Int, in computer: inout LayoutComputer) -> Size {
        computer.zstackPlan(computer.tree.children(of: node), alignment: alignment, proposal).size
    }

    func placeSubviews(_ proposal: ProposedSize, node: Int, at origin: Point, in computer: inout LayoutComputer) {
        let children = computer.tree.children(of: node)
        let plan = computer.zstackPlan(children, alignment: alignment, proposal)
        computer.frames[node] = Rect(origin: origin, size: plan.size)
        computer.placeZStack(children, plan, alignment: alignment, at: origin)
    }
}
