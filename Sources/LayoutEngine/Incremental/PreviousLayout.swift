/// What a layout leaves behind for the next layout of the same session: frames before
/// mirroring and rounding, and the proposal and origin each node was placed with, so that
/// a subtree whose hash and proposal are unchanged is copied instead of laid out again.
struct LayoutRecord: Sendable {
    var hashes: [TreeHash]
    var subtreeEnds: [Int32]
    var frames: [Rect]
    var placed: [Bool]
    /// The proposal each node was placed with at its full level; nil where a container
    /// set the frame directly (those nodes cannot be reused on their own).
    var proposals: [ProposedSize?]
    var origins: [Point]
    var scrollContent: [Int32: Size]
    let index: TreeHashIndex
    /// What the tree alone decided, for the next layout of a tree of the same shape.
    var rigidity: Rigidity?
    var priorities: [Double] = []
    var hasExplicitGuides: [Bool] = []
    /// The transparent nodes, ascending (nil: not recorded).
    var transparentNodes: [Int32]?

    /// `previous`: the record of the layout this one reused, whose hash index is updated
    /// for the nodes whose hashes changed instead of built again.
    init(
        hashes: [TreeHash], subtreeEnds: [Int32], frames: [Rect], placed: [Bool], proposals: [ProposedSize?],
        origins: [Point], scrollContent: [Int32: Size], previous: LayoutRecord? = nil
    ) {
        self.hashes = hashes
        self.subtreeEnds = subtreeEnds
        self.frames = frames
        self.placed = placed
        self.proposals = proposals
        self.origins = origins
        self.scrollContent = scrollContent
        index = previous.flatMap { TreeHashIndex(updating: $0.index, from: $0.hashes, to: hashes) } ?? TreeHashIndex(hashes)
    }
}

/// A node with each hash (the first, when built whole): an open-addressing table (the
/// hashes are already uniformly random, so their low bits index it directly).
struct TreeHashIndex: Sendable {
    private var slots: [Int32]
    private let mask: Int
    private let hashes: [TreeHash]
    /// Slots in use, stale ones included.
    private var used = 0

    init(_ hashes: [TreeHash]) {
        var capacity = 16
        while capacity < hashes.count * 2 { capacity <<= 1 }
        slots = Array(repeating: -1, count: capacity)
        mask = capacity - 1
        self.hashes = hashes
        for (node, hash) in hashes.enumerated() { insert(node, hash) }
    }

    /// The index of a tree of the same node count whose hashes differ from `old` at a few
    /// nodes: the table is copied and those nodes added. A slot left naming a node whose
    /// hash changed matches nothing any more (lookups compare against the new hashes), so
    /// it only costs a probe; nil (build whole) once such slots would fill the table past
    /// three quarters, or when the node count differs.
    init?(updating index: TreeHashIndex, from old: [TreeHash], to hashes: [TreeHash]) {
        guard old.count == hashes.count else { return nil }
        slots = index.slots
        mask = index.mask
        used = index.used
        self.hashes = hashes
        for node in hashes.indices where hashes[node] != old[node] {
            insert(node, hashes[node])
            guard used * 4 <= slots.count * 3 else { return nil }
        }
    }

    private mutating func insert(_ node: Int, _ hash: TreeHash) {
        var slot = Int(truncatingIfNeeded: hash.low) & mask
        while slots[slot] >= 0 {
            if hashes[Int(slots[slot])] == hash { return }
            slot = (slot + 1) & mask
        }
        slots[slot] = Int32(truncatingIfNeeded: node)
        used += 1
    }

    func node(for hash: TreeHash) -> Int? {
        var slot = Int(truncatingIfNeeded: hash.low) & mask
        while slots[slot] >= 0 {
            if hashes[Int(slots[slot])] == hash { return Int(slots[slot]) }
            slot = (slot + 1) & mask
        }
        return nil
    }
}
