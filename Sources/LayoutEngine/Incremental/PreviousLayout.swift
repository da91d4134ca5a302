import Synchronization

/// What a layout leaves behind for the next layout of the same session: frames before
/// mirroring and rounding, and the proposal and origin each node was placed with, so that
/// a subtree whose hash and proposal are unchanged is copied instead of laid out again.
///
/// One reference to storage of its own: the layout computer binds the record at every
/// subtree it tries to reuse, and a record of a dozen arrays cost a dozen retains and
/// releases at each (some 30,000 instructions of a one-leaf relayout of 10,000 nodes).
struct LayoutRecord: Sendable {
    private let storage: Storage

    /// `previous`: the record of the layout this one reused, whose hash index is updated
    /// for the nodes whose hashes changed (`changed`, when known) instead of built again.
    /// `spare`: the frames of the layout before, for the next relayout to write in
    /// (FrameBuffer.swift).
    init(
        hashes: [TreeHash], tree: NodeTree, frames: [Rect], placed: [Bool], placements: [NodePlacement],
        scrollContent: [Int32: Size], previous: LayoutRecord? = nil, changed: [Int32]? = nil,
        spare: SpareFrames? = nil
    ) {
        storage = Storage(
            hashes: hashes, shape: tree.nodes, frames: frames, placed: placed,
            placement: PlacementRecord(PlacementRecord.Buffers(placements: placements, spare: spare)),
            scrollContent: scrollContent,
            index: previous.flatMap { TreeHashIndex(updating: $0.index, from: $0.hashes, to: hashes, changed: changed) }
                ?? TreeHashIndex(hashes))
    }

    var hashes: [TreeHash] { storage.hashes }
    var frames: [Rect] { storage.frames }
    var placed: [Bool] { storage.placed }

    /// Whether the layout placed node `index`.
    @inline(__always)
    func isPlaced(_ index: Int) -> Bool {
        storage.placed.withUnsafeBufferPointer { index >= 0 && index < $0.count && $0[index] }
    }

    /// The proposal each node was placed with at its full level (nil where a container
    /// set the frame directly: those nodes cannot be reused on their own), and its origin.
    var placement: PlacementRecord { storage.placement }
    var scrollContent: [Int32: Size] { storage.scrollContent }
    var index: TreeHashIndex { storage.index }

    var nodeCount: Int { storage.shape.count }

    /// One past the last node of `node`'s subtree.
    @inline(__always)
    func subtreeEnd(_ node: Int) -> Int { Int(storage.shape[node].subtreeEnd) }

    private final class Storage: Sendable {
        let hashes: [TreeHash]
        /// The nodes of the tree laid out (shared with the session's request, not
        /// copied): their subtree ranges tell whether a subtree found again has the same
        /// shape. The arena alone: the whole tree is a dozen arrays, each retained here
        /// and released again at every relayout.
        let shape: [Node]
        let frames: [Rect]
        let placed: [Bool]
        let placement: PlacementRecord
        let scrollContent: [Int32: Size]
        let index: TreeHashIndex

        init(
            hashes: [TreeHash], shape: [Node], frames: [Rect], placed: [Bool], placement: PlacementRecord,
            scrollContent: [Int32: Size], index: TreeHashIndex
        ) {
            self.hashes = hashes
            self.shape = shape
            self.frames = frames
            self.placed = placed
            self.placement = placement
            self.scrollContent = scrollContent
            self.index = index
        }
    }
}

/// A record's placements (a proposal and an origin per node), and its spare frame buffer.
/// The next layout of a tree of the same shape takes the buffers over and edits them in
/// place, keeping the few values it overwrites (LayoutComputer), so a one-leaf relayout
/// does not copy them whole. Taken once: a second taker (another request on the session
/// at the same time) gets nil and lays out without the previous layout.
final class PlacementRecord: Sendable {
    struct Buffers: Sendable {
        var placements: [NodePlacement]
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
    private var changed = NodesByHash()
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
        changed.set(hash, Int32(truncatingIfNeeded: node))
        return changed.count <= limit
    }

    func node(for hash: TreeHash) -> Int? {
        if !changed.isEmpty, let node = changed[hash], hashes[Int(node)] == hash { return Int(node) }
        return base.node(for: hash, hashes: hashes)
    }

    /// Open addressing over node numbers, probed by a hash's low bits. Each slot also
    /// holds 32 bits of its node's hash (from `high`, independent of the probe bits), so
    /// that a probe past another node's slot, and a miss (every changed node of a
    /// relayout is looked up and missed), reads no hash: after a request's decoding the
    /// hash array is out of cache, and each read of it cost a miss.
    private struct Table: Sendable {
        /// Per slot: the node number plus one in the low 32 bits (0: empty), the hash's
        /// tag in the high 32.
        private var slots: [UInt64]
        private let mask: Int

        @inline(__always)
        private static func tag(_ hash: TreeHash) -> UInt64 { hash.high & 0xFFFF_FFFF_0000_0000 }

        init(_ hashes: [TreeHash]) {
            var capacity = 16
            while capacity < hashes.count * 2 { capacity <<= 1 }
            slots = Array(repeating: 0, count: capacity)
            mask = capacity - 1
            for (node, hash) in hashes.enumerated() {
                let tag = Self.tag(hash)
                var slot = Int(truncatingIfNeeded: hash.low) & mask
                var present = false
                while slots[slot] != 0 {
                    let entry = slots[slot]
                    if entry & 0xFFFF_FFFF_0000_0000 == tag, hashes[Int(entry & 0xFFFF_FFFF) - 1] == hash {
                        present = true
                        break
                    }
                    slot = (slot + 1) & mask
                }
                if !present { slots[slot] = tag | UInt64(truncatingIfNeeded: node + 1) }
            }
        }

        /// A node whose hash in `hashes` (the tree's now) is `hash`: slots naming nodes
        /// whose hash changed since the table was built are passed over.
        func node(for hash: TreeHash, hashes: [TreeHash]) -> Int? {
            let tag = Self.tag(hash)
            var slot = Int(truncatingIfNeeded: hash.low) & mask
            while slots[slot] != 0 {
                let entry = slots[slot]
                if entry & 0xFFFF_FFFF_0000_0000 == tag {
                    let node = Int(entry & 0xFFFF_FFFF) - 1
                    if hashes[node] == hash { return node }
                }
                slot = (slot + 1) & mask
            }
            return nil
        }
    }
}
