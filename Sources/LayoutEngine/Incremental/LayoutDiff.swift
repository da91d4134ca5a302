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

    /// Node indices of the new tree whose frames differ from the previous layout's.
    var changed: [Bool] = []

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
        diff.changed = Array(repeating: false, count: tree.nodes.count)
        for index in tree.nodes.indices where result.hasFrame[index] && tree.nodes[index].hasFrame {
            diff.unchanged += 1
        }
        return diff
    }

    /// `hashes`: the subtree hashes of the previous tree and of this one, when known: a
    /// node whose hash is the same at the same index has the same id there, which spares
    /// looking its id up (most nodes of a relayout).
    static func compute(
        previous: (tree: NodeTree, result: LayoutResult, hash: TreeHash)?, tree: NodeTree, result: LayoutResult,
        hashes: (old: [TreeHash], new: [TreeHash])? = nil
    ) -> LayoutDiff {
        var diff = LayoutDiff(baseline: previous?.hash)
        diff.changed = Array(repeating: false, count: tree.nodes.count)
        let aligned = hashes.flatMap { pair in
            pair.old.count == pair.new.count && pair.new.count == tree.nodes.count
                && previous?.tree.nodes.count == tree.nodes.count ? pair : nil
        }
        @inline(__always) func sameIndex(_ index: Int) -> Bool { aligned.map { $0.old[index] == $0.new[index] } ?? false }
        for index in tree.nodes.indices where result.hasFrame[index] && tree.nodes[index].hasFrame {
            guard let previous, let old = sameIndex(index) ? index : previous.tree.node(withIdOf: index, in: tree),
                previous.result.hasFrame[old], previous.tree.nodes[old].hasFrame
            else {
                diff.inserted.append(index)
                diff.changed[index] = true
                continue
            }
            let before = previous.result.frames[old], now = result.frames[index]
            let moved = !Self.same(before.x, now.x) || !Self.same(before.y, now.y)
            let resized = !Self.same(before.width, now.width) || !Self.same(before.height, now.height)
            if moved { diff.moved.append(index) }
            if resized { diff.resized.append(index) }
            if moved || resized { diff.changed[index] = true } else { diff.unchanged += 1 }
        }
        if let previous {
            for old in previous.tree.nodes.indices
            where previous.result.hasFrame[old] && previous.tree.nodes[old].hasFrame {
                let index = sameIndex(old) ? old : tree.node(withIdOf: old, in: previous.tree)
                if index == nil || !(result.hasFrame[index ?? 0] && tree.nodes[index ?? 0].hasFrame) {
                    diff.removed.append(old)
                }
            }
        }
        return diff
    }
}
