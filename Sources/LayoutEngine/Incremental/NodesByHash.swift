/// A small map from subtree hash to node (the nodes a `TreeHashIndex` added since its
/// table was built): open addressing on the hash's low bits, which are already uniformly
/// random. A `Dictionary` hashed each 16-byte key with seeded SipHash at every insertion
/// and lookup, and a relayout looks up every changed node (some 3% of a one-leaf
/// relayout of 10,000 nodes). A value: indexes of later layouts copy it and add theirs.
struct NodesByHash: Sendable {
    private struct Slot: Sendable {
        var hash: TreeHash
        /// The node plus one; 0 where the slot is free.
        var nodePlusOne: Int32
    }

    /// Empty until the first insertion; a power of two, at most half full.
    private var slots: [Slot] = []
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    @inline(__always)
    private static func home(_ hash: TreeHash, mask: Int) -> Int { Int(truncatingIfNeeded: hash.low) & mask }

    subscript(hash: TreeHash) -> Int32? {
        get {
            guard count > 0 else { return nil }
            let mask = slots.count - 1
            var index = Self.home(hash, mask: mask)
            while slots[index].nodePlusOne != 0 {
                if slots[index].hash == hash { return slots[index].nodePlusOne &- 1 }
                index = (index + 1) & mask
            }
            return nil
        }
    }

    /// Maps `hash` to `node`, replacing what it mapped to.
    mutating func set(_ hash: TreeHash, _ node: Int32) {
        if (count + 1) * 2 > slots.count { grow() }
        let mask = slots.count - 1
        var index = Self.home(hash, mask: mask)
        while slots[index].nodePlusOne != 0 {
            if slots[index].hash == hash {
                slots[index].nodePlusOne = node &+ 1
                return
            }
            index = (index + 1) & mask
        }
        slots[index] = Slot(hash: hash, nodePlusOne: node &+ 1)
        count += 1
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: Slot(hash: TreeHash(high: 0, low: 0), nodePlusOne: 0), count: max(16, old.count * 2))
        count = 0
        for slot in old where slot.nodePlusOne != 0 { set(slot.hash, slot.nodePlusOne &- 1) }
    }
}
