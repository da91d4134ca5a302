/// The identity diff of API.md §5: what changed between a session's previous layout and
/// this one, by node id, on the final (mirrored, rounded) frames.
struct LayoutDiff: Sendable {
    var baseline: TreeHash?
    var inserted: [Int] = []
    /// Ids (as node indices of the previous tree) no longer present.
    var removed: [Int] = []
    var moved: [Int] = []
    var resized: [Int] = []
    var unchanged = 0

    /// Node indices of the new tree whose frames differ from the previous layout's,
    /// ascending (a patch's answer sends their frames).
    var changedNodes: [Int] = []

    /// Equal to within a billionth of a point (relative for large values): a subtree reused
    /// from the previous layout is translated in floating point, which can change the last
    /// bit of a coordinate that did not move.
    @inline(__always)
    static func same(_ a: Double, _ b: Double) -> Bool {
        a == b || abs(a - b) <= 1e-9 * max(1, abs(a))
    }

    /// The diff of a layout against itself: every framed node unchanged, nothing else.
    static func unchanged(tree: NodeTree, result: LayoutResult, baseline: TreeHash) -> LayoutDiff {
        var diff = LayoutDiff(baseline: baseline)
        for index in tree.nodes.indices where result.hasFrame[index] && tree.nodes[index].hasFrame {
            diff.unchanged += 1
        }
        return diff
    }

    /// `hashes`: the subtree hashes of the previous tree and of this one, when known: a
    /// node whose hash is the same at the same index has the same id and fields there,
    /// which spares looking its id up and reading its previous node (most nodes of a
    /// relayout). Such trees are diffed in one pass over the arrays.
    static func compute(
        previous: (tree: NodeTree, result: LayoutResult, hash: TreeHash)?, tree: NodeTree, result: LayoutResult,
        hashes: (old: [TreeHash], new: [TreeHash])? = nil
    ) -> LayoutDiff {
        if let previous, let hashes, hashes.old.count == tree.nodes.count, hashes.new.count == tree.nodes.count,
            previous.tree.nodes.count == tree.nodes.count
        {
            return aligned(previous: previous, tree: tree, result: result, hashes: hashes)
        }
        var diff = LayoutDiff(baseline: previous?.hash)
        for index in tree.nodes.indices where result.hasFrame[index] && tree.nodes[index].hasFrame {
            guard let previous, let old = previous.tree.node(withIdOf: index, in: tree),
                previous.result.hasFrame[old], previous.tree.nodes[old].hasFrame
            else {
                diff.inserted.append(index)
                diff.markChanged(index)
                continue
            }
            diff.compare(index, before: previous.result.frames[old], now: result.frames[index])
        }
        if let previous {
            for old in previous.tree.nodes.indices
            where previous.result.hasFrame[old] && previous.tree.nodes[old].hasFrame {
                let index = tree.node(withIdOf: old, in: previous.tree)
                if index == nil || !(result.hasFrame[index ?? 0] && tree.nodes[index ?? 0].hasFrame) {
                    diff.removed.append(old)
                }
            }
        }
        return diff
    }

    @inline(__always)
    private mutating func markChanged(_ index: Int) {
        changedNodes.append(index)
    }

    /// Moved, resized or unchanged: node `index` had frame `before` and has `now`.
    @inline(__always)
    private mutating func compare(_ index: Int, before: Rect, now: Rect) {
        let moved = !Self.same(before.x, now.x) || !Self.same(before.y, now.y)
        let resized = !Self.same(before.width, now.width) || !Self.same(before.height, now.height)
        if moved { self.moved.append(index) }
        if resized { self.resized.append(index) }
        if moved || resized { markChanged(index) } else { unchanged += 1 }
    }

    /// Trees of the same node count: at each index, the new node against the previous
    /// one at the same index when their hashes agree, else both looked up by id (the
    /// new node for inserted, moved or resized, the previous one for removed). The lists
    /// come out in index order, as the two passes over each tree would give them.
    private static func aligned(
        previous: (tree: NodeTree, result: LayoutResult, hash: TreeHash), tree: NodeTree, result: LayoutResult,
        hashes: (old: [TreeHash], new: [TreeHash])
    ) -> LayoutDiff {
        var diff = LayoutDiff(baseline: previous.hash)
        let (framed, oldFramed) = (result.hasFrame, previous.result.hasFrame)
        let (frames, oldFrames) = (result.frames, previous.result.frames)
        let (newHashes, oldHashes) = (hashes.new, hashes.old)
        let oldNodes = previous.tree.nodes
        // Nodes are wide records: read through a pointer, once per index where the hashes agree.
        tree.nodes.withUnsafeBufferPointer { nodes in
            for index in nodes.indices {
                let now = framed[index] && nodes[index].hasFrame
                if newHashes[index] == oldHashes[index] {
                    // The same id and fields: only the placed flags can differ.
                    let before = oldFramed[index] && nodes[index].hasFrame
                    if now && before {
                        diff.compare(index, before: oldFrames[index], now: frames[index])
                    } else if now {
                        diff.inserted.append(index)
                        diff.markChanged(index)
                    } else if before {
                        diff.removed.append(index)
                    }
                    continue
                }
                if now {
                    if let old = previous.tree.node(withIdOf: index, in: tree), oldFramed[old], oldNodes[old].hasFrame {
                        diff.compare(index, before: oldFrames[old], now: frames[index])
                    } else {
                        diff.inserted.append(index)
                        diff.markChanged(index)
                    }
                }
                if oldFramed[index] && oldNodes[index].hasFrame {
                    let new = tree.node(withIdOf: index, in: previous.tree)
                    if new == nil || !(framed[new ?? 0] && nodes[new ?? 0].hasFrame) { diff.removed.append(index) }
                }
            }
        }
        return diff
    }
}
