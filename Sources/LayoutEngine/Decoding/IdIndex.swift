/// Finds duplicate node ids as they are made: an open-addressing hash set of node
/// indices keyed by their id bytes (no String per node).
struct IdIndex: Sendable {
    private var slots: [Int32]
    private var mask: Int
    private var count = 0

    init(expectedCount: Int) {
        var capacity = 16
        while capacity < expectedCount * 2 { capacity <<= 1 }
        slots = Array(repeating: -1, count: capacity)
        mask = capacity - 1
    }

    /// Inserts node `index`; returns the node that already has the same id, if any.
    mutating func insert(_ index: Int32, in tree: NodeTree) -> Int32? {
        if (count + 1) * 2 > slots.count { grow(tree) }
        let node = tree.nodes[Int(index)]
        let (slot, existing) = probe(tree.idBytes, start: Int(node.idStart), length: Int(node.idLength), in: tree)
        if let existing { return existing }
        slots[slot] = index
        count += 1
        return nil
    }

    /// The node whose id is `bytes[start..<start + length]` of `other`, if any.
    func lookup(_ bytes: [UInt8], start: Int, length: Int, in tree: NodeTree) -> Int32? {
        probe(bytes, start: start, length: length, in: tree).existing
    }

    /// Walks the probe sequence of an id: the node holding it, or the empty slot where it
    /// would go.
    private func probe(
        _ bytes: [UInt8], start: Int, length: Int, in tree: NodeTree
    ) -> (slot: Int, existing: Int32?) {
        var slot = Self.hash(bytes, start, length) & mask
        while true {
            let existing = slots[slot]
            if existing < 0 { return (slot, nil) }
            let node = tree.nodes[Int(existing)]
            if Int(node.idLength) == length {
                var same = true
                for offset in 0..<length where tree.idBytes[Int(node.idStart) + offset] != bytes[start + offset] {
                    same = false
                    break
                }
                if same { return (slot, existing) }
            }
            slot = (slot + 1) & mask
        }
    }

    private mutating func grow(_ tree: NodeTree) {
        let old = slots
        slots = Array(repeating: -1, count: old.count * 2)
        mask = slots.count - 1
        for index in old where index >= 0 {
            let node = tree.nodes[Int(index)]
            var slot = Self.hash(tree.idBytes, Int(node.idStart), Int(node.idLength)) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = index
        }
    }

    /// Seeded once per process at random, so that no client can send ids crafted to
    /// collide and turn the table into a list.
    private static let seed = UInt64.random(in: .min ... .max)

    /// A multiply-rotate hash over 8-byte words (short ids make SipHash's set-up cost
    /// dominate), keyed by the random seed.
    @inline(__always)
    private static func hash(_ bytes: [UInt8], _ start: Int, _ length: Int) -> Int {
        bytes.withUnsafeBytes { raw in
            var hash = seed ^ (UInt64(length) &* 0x9E37_79B9_7F4A_7C15)
            var offset = start
            let end = start + length
            while offset + 8 <= end {
                let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                hash = ((hash ^ word) &* 0xBF58_476D_1CE4_E5B9).rotated(by: 31)
                offset += 8
            }
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while offset < end {
                tail |= UInt64(raw[offset]) << shift
                shift += 8
                offset += 1
            }
            hash = ((hash ^ tail) &* 0x94D0_49BB_1331_11EB).rotated(by: 29)
            hash ^= hash >> 32
            hash &*= 0xD6E8_FEB8_6659_FD93
            hash ^= hash >> 32
            return Int(truncatingIfNeeded: hash)
        }
    }
}

extension UInt64 {
    @inline(__always)
    func rotated(by amount: UInt64) -> UInt64 { (self << amount) | (self >> (64 - amount)) }
}
