/// Finds duplicate node ids as they are made: an open-addressing hash set of node
/// indices keyed by their id bytes (no String per node).
struct IdIndex: Sendable {
    /// Per slot: the node index plus one in the low 32 bits (0: empty), and the high half
    /// of the id's hash in the high 32 bits, so that a probe compares id bytes (two more
    /// cache misses, in the node and in the id arena) only when the hashes agree.
    private var slots: [UInt64]
    private var mask: Int
    private var count = 0

    init(expectedCount: Int) {
        var capacity = 16
        while capacity < expectedCount * 2 { capacity <<= 1 }
        slots = Array(repeating: 0, count: capacity)
        mask = capacity - 1
    }

    /// The nodes and id bytes an index reads: the finished tree's arrays, or the
    /// resolver's buffers while it decodes.
    struct Ids {
        let nodes: UnsafeBufferPointer<Node>
        let bytes: UnsafeRawBufferPointer

        @inline(__always)
        func span(of index: Int) -> (start: Int, length: Int) {
            let node = nodes[index]
            return (Int(node.idStart), Int(node.idLength))
        }
    }

    /// Inserts nodes `first..<end` in order; returns the first one whose id an earlier
    /// node already has, with that node. Hashing the batch first lets the probes' cache
    /// misses overlap: inserted one by one between two nodes' decoding, each one waited
    /// alone for its random slot (a tenth of decoding a large tree).
    mutating func insert(from first: Int, to end: Int, in ids: Ids) -> (node: Int32, existing: Int32)? {
        var hashes = InlineArray<64, UInt64>(repeating: 0)
        var batchStart = first
        while batchStart < end {
            let batchEnd = min(end, batchStart + hashes.count)
            while (count + batchEnd - batchStart) * 2 > slots.count { grow(ids) }
            for index in batchStart..<batchEnd {
                let (start, length) = ids.span(of: index)
                hashes[index - batchStart] = Self.hash(ids.bytes, start, length)
            }
            // The table written through one pointer: each array write checked that the
            // table was not shared.
            let mask = self.mask, first = batchStart
            var inserted = 0
            let duplicate: (node: Int32, existing: Int32)? = slots.withUnsafeMutableBufferPointer { table in
                for index in first..<batchEnd {
                    let (start, length) = ids.span(of: index)
                    let hash = hashes[index - first]
                    let (slot, existing) = Self.probe(
                        hash, ids.bytes, start: start, length: length, in: ids, table: UnsafeBufferPointer(table),
                        mask: mask)
                    if let existing { return (Int32(truncatingIfNeeded: index), existing) }
                    table[slot] = Self.slotValue(Int32(truncatingIfNeeded: index), hash)
                    inserted += 1
                }
                return nil
            }
            count += inserted
            if let duplicate { return duplicate }
            batchStart = batchEnd
        }
        return nil
    }

    /// The node whose id is `bytes[start..<start + length]`, if any.
    func lookup(_ bytes: [UInt8], start: Int, length: Int, in tree: NodeTree) -> Int32? {
        tree.nodes.withUnsafeBufferPointer { nodes in
            tree.idBytes.withUnsafeBytes { idBytes in
                bytes.withUnsafeBytes { key in
                    let ids = Ids(nodes: nodes, bytes: idBytes)
                    return slots.withUnsafeBufferPointer { table in
                        Self.probe(
                            Self.hash(key, start, length), key, start: start, length: length, in: ids, table: table,
                            mask: mask
                        ).existing
                    }
                }
            }
        }
    }

    @inline(__always)
    private static func slotValue(_ index: Int32, _ hash: UInt64) -> UInt64 {
        (hash & 0xFFFF_FFFF_0000_0000) | UInt64(UInt32(bitPattern: index &+ 1))
    }

    /// Walks the probe sequence of an id: the node holding it, or the empty slot where it
    /// would go.
    @inline(__always)
    private static func probe(
        _ hash: UInt64, _ key: UnsafeRawBufferPointer, start: Int, length: Int, in ids: Ids,
        table slots: UnsafeBufferPointer<UInt64>, mask: Int
    ) -> (slot: Int, existing: Int32?) {
        let tag = hash & 0xFFFF_FFFF_0000_0000
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let value = slots[slot]
            if value == 0 { return (slot, nil) }
            if value & 0xFFFF_FFFF_0000_0000 == tag {
                let existing = Int32(truncatingIfNeeded: value & 0xFFFF_FFFF) &- 1
                let (otherStart, otherLength) = ids.span(of: Int(existing))
                if otherLength == length {
                    var same = true
                    for offset in 0..<length where ids.bytes[otherStart + offset] != key[start + offset] {
                        same = false
                        break
                    }
                    if same { return (slot, existing) }
                }
            }
            slot = (slot + 1) & mask
        }
    }

    private mutating func grow(_ ids: Ids) {
        let old = slots
        slots = Array(repeating: 0, count: old.count * 2)
        mask = slots.count - 1
        for value in old where value != 0 {
            let (start, length) = ids.span(of: Int(Int32(truncatingIfNeeded: value & 0xFFFF_FFFF) &- 1))
            var slot = Self.hash(ids.bytes, start, length) & UInt64(mask)
            while slots[Int(slot)] != 0 { slot = (slot + 1) & UInt64(mask) }
            slots[Int(slot)] = value
        }
    }

    /// Seeded once per process at random, so that no client can send ids crafted to
    /// collide and turn the table into a list.
    private static let seed = UInt64.random(in: .min ... .max)

    /// A multiply-rotate hash over 8-byte words (short ids make SipHash's set-up cost
    /// dominate), keyed by the random seed.
    @inline(__always)
    private static func hash(_ raw: UnsafeRawBufferPointer, _ start: Int, _ length: Int) -> UInt64 {
        var hash = seed ^ (UInt64(length) &* 0x9E37_79B9_7F4A_7C15)
        var offset = start
        let end = start + length
        while offset + 8 <= end {
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            hash = ((hash ^ word) &* 0xBF58_476D_1CE4_E5B9).rotated(by: 31)
            offset += 8
        }
        // The last 0...7 bytes as a little-endian word, in at most three loads (ids are
        // mostly shorter than a word: byte by byte this loop was a tenth of the index).
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        if end - offset >= 4 {
            tail = UInt64(raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
            shift = 32
            offset += 4
        }
        if end - offset >= 2 {
            tail |= UInt64(raw.loadUnaligned(fromByteOffset: offset, as: UInt16.self)) << shift
            shift += 16
            offset += 2
        }
        if offset < end { tail |= UInt64(raw[offset]) << shift }
        hash = ((hash ^ tail) &* 0x94D0_49BB_1331_11EB).rotated(by: 29)
        hash ^= hash >> 32
        hash &*= 0xD6E8_FEB8_6659_FD93
        hash ^= hash >> 32
        return hash
    }
}

extension UInt64 {
    @inline(__always)
    func rotated(by amount: UInt64) -> UInt64 { (self << amount) | (self >> (64 - amount)) }
}
