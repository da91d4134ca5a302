/// `ignoresSafeArea` (SwiftUI's `ignoresSafeArea(_:edges:)`): the root is laid out in
/// the bounds less the safe-area insets, except on the edges it ignores itself. Any other
/// node whose frame touches (or crosses) one of those safe-area edges, on an edge it
/// ignores, extends through the inset to the bounds' edge, as a full-bleed background
/// does in SwiftUI; the node's content is then laid out again in the extended frame.
/// Content that does not take the extended size when offered it (a rigid view) keeps
/// its frame.
extension EdgeInsets {
    func removing(_ edges: SafeAreaEdges) -> EdgeInsets {
        EdgeInsets(
            top: edges.contains(.top) ? 0 : top, leading: edges.contains(.leading) ? 0 : leading,
            bottom: edges.contains(.bottom) ? 0 : bottom, trailing: edges.contains(.trailing) ? 0 : trailing)
    }
}

extension LayoutComputer {
    /// Parents come before their descendants in the arena, so a node extended here lays
    /// its subtree out again before any descendant is looked at.
    mutating func extendThroughSafeArea(bounds: ProposedSize, insets: EdgeInsets) {
        let touching = 1e-9
        // Without insets no frame can extend: skip the pass over every node.
        guard insets.top > 0 || insets.leading > 0 || insets.bottom > 0 || insets.trailing > 0 else { return }
        for node in tree.nodes.indices.dropFirst() where placed[node] && tree.nodes[node].modifierCount > 0 {
            let edges = ignoredSafeAreaEdges(node)
            guard !edges.isEmpty else { continue }
            let frame = frames[node]
            var minX = frame.x, minY = frame.y, maxX = frame.maxX, maxY = frame.maxY
            if edges.contains(.top), insets.top > 0, bounds.height != nil, minY <= insets.top + touching { minY = 0 }
            if edges.contains(.leading), insets.leading > 0, bounds.width != nil, minX <= insets.leading + touching {
                minX = 0
            }
            if edges.contains(.bottom), insets.bottom > 0, let height = bounds.height,
                maxY >= height - insets.bottom - touching
            {
                maxY = height
            }
            if edges.contains(.trailing), insets.trailing > 0, let width = bounds.width,
                maxX >= width - insets.trailing - touching
            {
                maxX = width
            }
            guard minX != frame.x || minY != frame.y || maxX != frame.maxX || maxY != frame.maxY else { continue }
            let extended = Size(width: max(maxX - minX, 0), height: max(maxY - minY, 0))
            // Only content that takes the space offered grows into it; rigid content stays.
            let size = level0Size(node, ProposedSize(extended))
            guard abs(size.width - extended.width) <= touching, abs(size.height - extended.height) <= touching else {
                continue
            }
            place(node, level: 0, ProposedSize(extended), at: Point(x: minX, y: minY))
        }
    }
}
