/// Lays out a tree: SwiftUI's two questions asked of every node — what size for this
/// proposal (`size`), and where do your children go (`place`). A node's modifiers wrap its
/// content one level each, innermost first: level 0 is the content, level `modifierCount`
/// the node as its parent sees it.
struct LayoutComputer {
    let tree: NodeTree
    var cache: MeasureCache
    /// Absolute frames (left-to-right, unrounded), valid where `placed`.
    var frames: [Rect]
    var placed: [Bool]
    /// Content sizes of scroll views and forms, by node.
    var scrollContent: [(node: Int32, size: Size)] = []
    /// Sizes computed (not answered from the memo), for the profiler.
    var measured = 0
    /// Flex layout's memo and direction (Flex/FlexScratch.swift).
    var flex = FlexScratch()

    init(tree: NodeTree) {
        self.tree = tree
        cache = MeasureCache(nodeCount: tree.nodes.count)
        frames = Array(repeating: Rect(x: 0, y: 0, width: 0, height: 0), count: tree.nodes.count)
        placed = Array(repeating: false, count: tree.nodes.count)
    }

    // MARK: - Sizing

    /// The node's size for `proposal`, modifiers included.
    @inline(__always)
    mutating func size(_ node: Int, _ proposal: ProposedSize) -> Size {
        if let size = cache.lookup(node, proposal) { return size }
        let size = size(node, level: Int(tree.nodes[node].modifierCount), proposal)
        cache.store(node, proposal, size)
        return size
    }

    mutating func size(_ node: Int, level: Int, _ proposal: ProposedSize) -> Size {
        if level == 0 {
            measured += 1
            return contentSize(node, proposal)
        }
        return modifierSize(node, level: level, proposal)
    }

    private mutating func contentSize(_ node: Int, _ proposal: ProposedSize) -> Size {
        switch tree.nodes[node].kind {
        case .view(let size): return size
        case .rect(let ideal): return Self.fill(proposal, ideal: ideal)
        case .image(let size, let resizable): return resizable ? Self.fill(proposal, ideal: size) : size
        case .text(let text): return textSize(Int(text), proposal)
        case .spacer(let minLength): return spacerSize(minLength, context: tree.nodes[node].stackContext, proposal)
        case .divider(let thickness): return dividerSize(thickness, context: tree.nodes[node].stackContext, proposal)
        case .stack(let axis, let alignment, let spacing):
            return stackPlan(tree.children(of: node), axis: axis, alignment: alignment, spacing: spacing, proposal).size
        case .zstack(let alignment): return zstackPlan(tree.children(of: node), alignment: alignment, proposal).size
        case .scroll(let axes): return scrollSize(node, axes: axes, proposal)
        case .geometry: return proposal.replacingUnspecified()
        case .grid(let grid): return gridPlan(node, tree.grids[Int(grid)], proposal).size
        case .form(let form): return formPlan(tree.forms[Int(form)], proposal).size
        case .flex: return blockLevelFlexBox(node, proposal).outerSize
        case .gridRow, .section, .transparent: return .zero  // laid out by their parent, never on their own
        }
    }

    /// A shape's answer: the proposal, or the ideal size where unspecified.
    @inline(__always)
    static func fill(_ proposal: ProposedSize, ideal: Size) -> Size {
        Size(width: proposal.width ?? ideal.width, height: proposal.height ?? ideal.height)
    }

    // MARK: - Placement

    /// Places the node (and its subtree) for `proposal` with its top-left at `origin`.
    @inline(__always)
    mutating func place(_ node: Int, _ proposal: ProposedSize, at origin: Point) {
        place(node, level: Int(tree.nodes[node].modifierCount), proposal, at: origin)
    }

    mutating func place(_ node: Int, level: Int, _ proposal: ProposedSize, at origin: Point) {
        if level > 0 {
            placeModifier(node, level: level, proposal, at: origin)
            return
        }
        placed[node] = true
        // Containers compute their plan once and size themselves from it.
        switch tree.nodes[node].kind {
        case .stack(let axis, let alignment, let spacing):
            let plan = stackPlan(
                tree.children(of: node), axis: axis, alignment: alignment, spacing: spacing, proposal, forPlacement: true)
            frames[node] = Rect(origin: origin, size: plan.size)
            placeStack(tree.children(of: node), plan, axis: axis, at: origin)
        case .zstack(let alignment):
            let plan = zstackPlan(tree.children(of: node), alignment: alignment, proposal)
            frames[node] = Rect(origin: origin, size: plan.size)
            placeZStack(tree.children(of: node), plan, alignment: alignment, at: origin)
        case .grid(let grid):
            let plan = gridPlan(node, tree.grids[Int(grid)], proposal)
            frames[node] = Rect(origin: origin, size: plan.size)
            placeGrid(node, plan, tree.grids[Int(grid)], at: origin)
        case .form(let form):
            let plan = formPlan(tree.forms[Int(form)], proposal)
            frames[node] = Rect(origin: origin, size: plan.size)
            placeForm(node, plan, tree.forms[Int(form)], at: origin)
        case .scroll(let axes):
            let size = level0Size(node, proposal)
            frames[node] = Rect(origin: origin, size: size)
            placeScroll(node, axes: axes, proposal, size: size, at: origin)
        case .flex:
            placeBlockLevelFlexBox(node, proposal, at: origin)
        case .geometry:
            let size = level0Size(node, proposal)
            frames[node] = Rect(origin: origin, size: size)
            for child in tree.children(of: node) { place(Int(child), ProposedSize(size), at: origin) }
        default:
            frames[node] = Rect(origin: origin, size: level0Size(node, proposal))
        }
    }

    /// The content size, from the memo when the node has no modifiers (then the content
    /// is the whole node).
    @inline(__always)
    private mutating func level0Size(_ node: Int, _ proposal: ProposedSize) -> Size {
        tree.nodes[node].modifierCount == 0 ? size(node, proposal) : size(node, level: 0, proposal)
    }

    /// Records the frame of a node that its container positions itself (form separators).
    mutating func setFrame(_ node: Int, _ frame: Rect) {
        frames[node] = frame
        placed[node] = true
    }
}
