/// The nodes of a tree whose subtree hash differs from a previous tree's at the same index
/// (two trees of the same node count), found from the root down: a node whose hash is
/// the same holds the same subtree, so none of its nodes can differ and the walk skips
/// it; every ancestor of a node that differs differs too, so the walk reaches it. A
/// one-leaf change costs its path and the siblings along it, not a pass over the tree.
enum ChangedSubtrees {
    /// Ascending; empty when the roots agree.
    static func nodes(_ tree: NodeTree, hashes: [TreeHash], previous: [TreeHash]) -> [Int32] {
        let count = tree.nodes.count
        guard count > 0, hashes.count == count, previous.count == count else { return [] }
        // Room for a few levels' worth up front: grown from empty, each array was
        // reallocated four or five times per relayout.
        var changed: [Int32] = []
        changed.reserveCapacity(64)
        var pending: [Int32] = [0]
        pending.reserveCapacity(64)
        tree.nodes.withUnsafeBufferPointer { nodes in
            while let next = pending.popLast() {
                let node = Int(next)
                guard hashes[node] != previous[node] else { continue }
                changed.append(next)
                // Its units in the arena (children, contents), each a subtree range.
                let end = min(Int(nodes[node].subtreeEnd), count)
                var member = node + 1
                while member < end {
                    pending.append(Int32(truncatingIfNeeded: member))
                    member = max(Int(nodes[member].subtreeEnd), member + 1)
                }
            }
        }
        changed.sort()
        return changed
    }
}
