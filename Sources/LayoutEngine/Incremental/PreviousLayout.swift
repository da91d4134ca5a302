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

    init(
        hashes: [TreeHash], subtreeEnds: [Int32], frames: [Rect], placed: [Bool], proposals: [ProposedSize?],
        origins: [Point], scrollContent: [Int32: Size]
    ) {
        self.hashes = hashes
        self.subtreeEnds = subtreeEnds
        self.frames = frames
        self.placed = placed
        self.proposals = proposals
        self.origins = origins
        self.scrollContent = scrollContent
        index = TreeHashIndex(hashes)
    }
}

/// The first node with each hash: an open-addressing table (the hashes are already
/// uniformly random, so their low bits index it directly).
struct TreeHashIndex: Sendable {
    private var slots: [Int32]
    private let mask: Int
    private let hashes: [TreeHash]

    init(_ hashes: [TreeHash]) {
        var capacity = 16
        while capacity < hashes.count * 2 { capacity <<= 1 }
        slots = Array(repeating: -1, count: capacity)
        mask = capacity - 1
        self.hashes = hashes
        for (node, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash.low) & mask
            while slots[slot] >= 0 {
                if hashes[Int(slots[slot])] == hash { break }
                slot = (slot + 1) & mask
            }
            if slots[slot] < 0 { slots[slot] = Int32(node) }
        }
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
