import Synchronization

/// What a layout leaves behind for the next layout of the same session: frames before
/// mirroring and rounding, and the proposal and origin each node was placed with, so that
/// a subtree whose hash and proposal are unchanged is copied instead of laid out again.
struct LayoutRecord: Sendable {
    var hashes: [TreeHash]
    /// The tree laid out (shared with the session's request, not copied): its subtree
    /// ranges tell whether a subtree found again has the same shape. Boxed, so that the
    /// record stays small (debug builds keep copies of it in deep recursions).
    private let shape: RecordedTree
    var frames: [Rect]
    var placed: [Bool]
    /// The proposal each node was placed with at its full level (nil where a container
    /// set the frame directly: those nodes cannot be reused on their own), and its origin.
    let placement: PlacementRecord
    var scrollContent: [Int32: Size]
    let index: TreeHashIndex
    /// What the tree alone decided, for the next layout of a tree of the same shape.
    var rigidity: Rigidity?
    var priorities: [Double] = []
    var hasExplicitGuides: [Bool] = []
    /// The transparent nodes, ascending (nil: not recorded).
    var transparentNodes: [Int32]?

    /// `previous`: the record of the layout this one reused, whose hash index is updated
    /// for the nodes whose hashes changed (`changed`, when known) instead of built again.
    /// `spare`: the frames of the layout before, for the next relayout to write in
    /// (FrameBuffer.swift).
    init(
        hashes: [TreeHash], tree: NodeTree, frames: [Rect], placed: [Bool], proposals: [ProposedSize?],
        origins: [Point], scrollContent: [Int32: Size], previous: LayoutRecord? = nil, changed: [Int32]? = nil,
        spare: SpareFrames? = nil
    ) {
        self.hashes = hashes
        shape = RecordedTree(tree)
        self.frames = frames
        self.placed = placed
        placement = PlacementRecord(PlacementRecord.Buffers(proposals: proposals, origins: origins, spare: spare))
        self.scrollContent = scrollContent
        index =
            previous.flatMap { TreeHashIndex(updating: $0.index, from: $0.hashes, to: hashes, changed: changed) }
            ?? TreeHashIndex(hashes)
    }

    var nodeCount: Int { shape.tree.nodes.count }

    /// One past the last node of `node`'s subtree.
    @inline(__always)
    func subtreeEnd(_ node: Int) -> Int { Int(shape.tree.nodes[node].subtreeEnd) }
}

/// A laid-out tree held by reference.
final class RecordedTree: Sendable {
    let tree: NodeTree

    init(_ tree: NodeTree) {
        self.tree = tree
    }
}

/// A record's proposals and origins (one of each per node), and its spare frame buffer.
/// The next layout of a tree of the same shape takes the buffers over and edits them in
/// place, keeping the few values it overwrites (LayoutComputer), so a one-leaf relayout
/// does not copy them whole. Taken once: a second taker (another request on the session
/// at the same time) gets nil and lays out without the previous layout.
final class PlacementRecord: Sendable {
    struct Buffers: Sendable {
        var proposals: [ProposedSize?]
        var origins: [Point]
        /// The frames of the layout before the record's, for the next relayout to lay out
        /// in (nil after a fresh layout, or when too many differ).
        var spare: SpareFrames? = nil
    }

    private let buffers: Mutex<Buffers?>

    init(_ buffers: Buffers) {
        self.buffers = Mutex(buffers)
    }

    /// The buffers, moved out (uniquely referenced, so edits do not copy them); nil once taken.
    func take() -> Buffers? {
        buffers.withLock { held in
            let taken = held
            held = nil
            return taken
        }
    }

    /// The buffers, shared (an edit copies them); nil once taken.
    func read() -> Buffers? {
        buffers.withLock { $0 }
    }

    /// Puts back buffers taken by a layout that was then refused, restored as they were.
    func putBack(_ restored: Buffers) {
        buffers.withLock { $0 = restored }
    }
}

/// A node with each hash: an open-addressing table built whole once (the hashes are
/// already uniformly random, so their low bits index it directly), shared by the records
/// of later layouts of the same shape, plus the nodes whose hashes changed since, in a
/// small dictionary. A relayout after a small change then adds its few nodes to the
/// dictionary instead of copying the table.
struct TreeHashIndex: Sendable {
    /// The whole table, naming nodes by the hashes they had when it was built.
    private let base: Table
    /// Nodes whose hash changed since `base` was built, by their hash now (or at the
    /// layout that added them).
    private var changed: [TreeHash: Int32] = [:]
    private let hashes: [TreeHash]

    init(_ hashes: [TreeHash]) {
        base = Table(hashes)
        self.hashes = hashes
    }

    /// The index of a tree of the same node count whose hashes differ from `old` at a few
    /// nodes: the table is shared and those nodes added beside it. An entry naming a node
    /// whose hash changed since matches nothing any more (lookups compare against the new
    /// hashes), so it only costs a probe. `changedNodes`: the nodes whose hashes differ,
    /// when known (else the hashes are compared). Nil (build whole) once the changed nodes
    /// pass an eighth of the tree, or when the node count differs.
    init?(updating index: TreeHashIndex, from old: [TreeHash], to hashes: [TreeHash], changed changedNodes: [Int32]? = nil) {
        guard old.count == hashes.count else { return nil }
        base = index.base
        changed = index.changed
        self.hashes = hashes
        let limit = 64 + hashes.count / 8
        if let changedNodes {
            guard changedNodes.count <= limit else { return nil }
            for node in changedNodes where !add(Int(node), limit: limit) { return nil }
            return
        }
        for node in hashes.indices where hashes[node] != old[node] {
            guard add(node, limit: limit) else { return nil }
        }
    }

    /// Adds node `node` under its hash now (the first node with each hash, as the table
    /// keeps); false once more than `limit` nodes are held.
    private mutating func add(_ node: Int, limit: Int) -> Bool {
        let hash = hashes[node]
        if let existing = changed[hash], hashes[Int(existing)] == hash { return true }
        changed[hash] = Int32(truncatingIfNeeded: node)
        return changed.count <= limit
    }

    func node(for hash: TreeHash) -> Int? {
        if let node = changed[hash], hashes[Int(node)] == hash { return Int(node) }
        return base.node(for: hash, hashes: hashes)
    }

    /// Open addressing over node numbers, probed by a hash's low bits.
    private struct Table: Sendable {
        private var slots: [Int32]
        private let mask: Int

        init(_ hashes: [TreeHash]) {
            var capacity = 16
            while capacity < hashes.count * 2 { capacity <<= 1 }
            slots = Array(repeating: -1, count: capacity)
            mask = capacity - 1
            for (node, hash) in hashes.enumerated() {
                var slot = Int(truncatingIfNeeded: hash.low) & mask
                var present = false
                while slots[slot] >= 0 {
                    if hashes[Int(slots[slot])] == hash {
                        present = true
                        break
                    }
                    slot = (slot + 1) & mask
                }
                if !present { slots[slot] = Int32(truncatingIfNeeded: node) }
            }
        }

        /// A node whose hash in `hashes` (the tree's now) is `hash`: slots naming nodes
        /// whose hash changed since the table was built are passed over.
        func node(for hash: TreeHash, hashes: [TreeHash]) -> Int? {
            var slot = Int(truncatingIfNeeded: hash.low) & mask
            while slots[slot] >= 0 {
                if hashes[Int(slots[slot])] == hash { return Int(slots[slot]) }
                slot = (slot + 1) & mask
            }
            return nil
        }
    }
}
