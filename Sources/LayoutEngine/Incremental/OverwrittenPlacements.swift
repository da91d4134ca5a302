/// The placements a relayout overwrote in the previous layout's buffers (taken over,
/// `PlacementJournal`), by node: open addressing on node numbers, hashed by one
/// multiplication. A `Dictionary` hashed each node number with SipHash at every node
/// copied or looked up, a fifth of a relayout that moves a thousand nodes.
struct OverwrittenPlacements {
    typealias Placement = NodePlacement

    /// Node numbers, -1 where a slot is free; empty until the first insertion.
    private var keys: [Int32] = []
    private var values: [Placement] = []
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    /// Bytes held (for the scratch pool's bound, which keeps an emptied table between
    /// layouts: made afresh, its slots were an allocation and a fill per relayout).
    var footprint: Int { keys.capacity * MemoryLayout<Int32>.stride + values.capacity * MemoryLayout<Placement>.stride }

    /// Every slot free, the memory kept (the values stay as they were: a value is read
    /// only where its slot holds a node).
    mutating func removeAll() {
        guard count > 0 else { return }
        keys.withUnsafeMutableBufferPointer { keys in
            if let start = keys.baseAddress { start.update(repeating: -1, count: keys.count) }
        }
        count = 0
    }

    @inline(__always)
    private func slot(of node: Int32, mask: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(UInt32(bitPattern: node)) &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    /// The placement saved for `node`, if any.
    subscript(node: Int32) -> Placement? {
        guard count > 0 else { return nil }
        let mask = keys.count - 1
        var index = slot(of: node, mask: mask)
        while keys[index] >= 0 {
            if keys[index] == node { return values[index] }
            index = (index + 1) & mask
        }
        return nil
    }

    /// Saves `placement` for `node` unless one is saved already (the first value
    /// overwritten is the previous layout's).
    mutating func saveFirst(_ node: Int32, _ placement: Placement) {
        if (count + 1) * 2 > keys.count { grow() }
        let mask = keys.count - 1
        var index = slot(of: node, mask: mask)
        while keys[index] >= 0 {
            if keys[index] == node { return }
            index = (index + 1) & mask
        }
        keys[index] = node
        values[index] = placement
        count += 1
    }

    /// Every saved node and placement, in no particular order.
    func forEach(_ body: (Int32, Placement) -> Void) {
        for index in keys.indices where keys[index] >= 0 { body(keys[index], values[index]) }
    }

    private mutating func grow() {
        let old = (keys, values)
        // A one-leaf relayout overwrites a few placements: 512 slots to start with were
        // an allocation and a fill of some 26 KB per relayout (5% of its time). Growing
        // fourfold, a relayout that moves hundreds of nodes rehashes no more than before.
        let capacity = keys.isEmpty ? 64 : keys.count * 4
        keys = Array(repeating: -1, count: capacity)
        values = Array(repeating: .unplaced, count: capacity)
        count = 0
        for index in old.0.indices where old.0[index] >= 0 { saveFirst(old.0[index], old.1[index]) }
    }
}
