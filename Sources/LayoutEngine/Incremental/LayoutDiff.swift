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
        let pair = AlignedPair(previous: previous, tree: tree, result: result, hashes: hashes)
        // Nodes are wide records: read through a pointer, once per index where the hashes agree.
        tree.nodes.withUnsafeBufferPointer { nodes in
            for index in nodes.indices { diff.visit(index, pair, nodes) }
        }
        return diff
    }

    /// The two layouts an aligned diff reads, taken out of their structures once.
    private struct AlignedPair {
        let framed: [Bool], oldFramed: [Bool]
        let frames: [Rect], oldFrames: [Rect]
        let newHashes: [TreeHash], oldHashes: [TreeHash]
        let oldNodes: [Node]
        let tree: NodeTree, previousTree: NodeTree

        init(
            previous: (tree: NodeTree, result: LayoutResult, hash: TreeHash), tree: NodeTree, result: LayoutResult,
            hashes: (old: [TreeHash], new: [TreeHash])
        ) {
            (framed, oldFramed) = (result.hasFrame, previous.result.hasFrame)
            (frames, oldFrames) = (result.frames, previous.result.frames)
            (newHashes, oldHashes) = (hashes.new, hashes.old)
            oldNodes = previous.tree.nodes
            self.tree = tree
            previousTree = previous.tree
        }
    }

    /// Node `index` of an aligned diff.
    @inline(__always)
    private mutating func visit(_ index: Int, _ pair: AlignedPair, _ nodes: UnsafeBufferPointer<Node>) {
        let now = pair.framed[index] && nodes[index].hasFrame
        if pair.newHashes[index] == pair.oldHashes[index] {
            // The same id and fields: only the placed flags can differ.
            let before = pair.oldFramed[index] && nodes[index].hasFrame
            if now && before {
                compare(index, before: pair.oldFrames[index], now: pair.frames[index])
            } else if now {
                inserted.append(index)
                markChanged(index)
            } else if before {
                removed.append(index)
            }
            return
        }
        if now {
            if let old = pair.previousTree.node(withIdOf: index, in: pair.tree), pair.oldFramed[old],
                pair.oldNodes[old].hasFrame
            {
                compare(index, before: pair.oldFrames[old], now: pair.frames[index])
            } else {
                inserted.append(index)
                markChanged(index)
            }
        }
        if pair.oldFramed[index] && pair.oldNodes[index].hasFrame {
            let new = pair.tree.node(withIdOf: index, in: pair.previousTree)
            if new == nil || !(pair.framed[new ?? 0] && nodes[new ?? 0].hasFrame) { removed.append(index) }
        }
    }

    /// The aligned diff of an in-place relayout, from what it wrote (`RelayoutLog`): only
    /// the nodes whose frames it wrote, whose hashes changed, or whose placed flags
    /// differ can differ, so only they are visited (in index order, as `aligned` visits
    /// every node); every other node is unchanged where it has a frame. `previousFramed`:
    /// how many nodes had frames in the previous layout. A patch's diff read all 10,000
    /// nodes' flags, hashes, records and frames: 25 µs, more than its relayout.
    static func fromLog(
        previous: (tree: NodeTree, result: LayoutResult, hash: TreeHash), previousFramed: Int, tree: NodeTree,
        result: LayoutResult, hashes: (old: [TreeHash], new: [TreeHash]), log: RelayoutLog
    ) -> LayoutDiff? {
        let count = tree.nodes.count
        guard previous.tree.nodes.count == count, hashes.old.count == count, hashes.new.count == count,
            result.hasFrame.count == count, previous.result.hasFrame.count == count,
            result.frames.count == count, previous.result.frames.count == count
        else { return nil }
        var marks = NodeMarks(count: count)
        log.written.forEachRange { marks.insert($0) }
        for node in log.changedHashes { marks.insert(Int(node)..<Int(node) + 1) }
        marks.insertDifferences(result.hasFrame, previous.result.hasFrame)
        var diff = LayoutDiff(baseline: previous.hash)
        let pair = AlignedPair(previous: previous, tree: tree, result: result, hashes: hashes)
        var previouslyFramed = 0
        tree.nodes.withUnsafeBufferPointer { nodes in
            marks.forEach { index in
                if pair.oldFramed[index] && pair.oldNodes[index].hasFrame { previouslyFramed += 1 }
                diff.visit(index, pair, nodes)
            }
        }
        // The rest: the same node, placed alike, with the same frame.
        diff.unchanged += previousFramed - previouslyFramed
        return diff
    }

    /// How many nodes have frames in the layout diffed (each is unchanged or changed).
    var framedCount: Int { unchanged + changedNodes.count }
}

/// A set of node indices, one bit each, read back in ascending order.
private struct NodeMarks {
    private var words: [UInt64]
    private let count: Int

    init(count: Int) {
        self.count = count
        words = Array(repeating: 0, count: (count + 63) / 64)
    }

    mutating func insert(_ range: Range<Int>) {
        let nodes = range.clamped(to: 0..<count)
        words.withUnsafeMutableBufferPointer { words in
            for node in nodes { words[node >> 6] |= 1 << UInt64(node & 63) }
        }
    }

    /// Every index where the two flag arrays (of `count` each) differ, compared eight at a time.
    mutating func insertDifferences(_ new: [Bool], _ old: [Bool]) {
        new.withUnsafeBytes { new in
            old.withUnsafeBytes { old in
                var offset = 0
                while offset < count {
                    let width = min(8, count - offset)
                    if width < 8
                        || new.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                            != old.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    {
                        for node in offset..<offset + width where new[node] != old[node] { insert(node..<node + 1) }
                    }
                    offset += 8
                }
            }
        }
    }

    func forEach(_ body: (Int) -> Void) {
        for (index, word) in words.enumerated() {
            var bits = word
            while bits != 0 {
                body(index << 6 | bits.trailingZeroBitCount)
                bits &= bits - 1
            }
        }
    }
}
