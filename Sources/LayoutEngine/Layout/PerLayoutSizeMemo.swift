/// Per-node memo of recent (proposal → size) answers within one layout: lives and dies
/// with one `LayoutComputer`, keyed by node index. (Across requests, by structural hash,
/// sizes live in the `SharedMeasurementCache`; flex containers keep their own per-layout
/// memo keyed by Taffy's inputs, `FlexMemo`.) A stack asks each child several times (its
/// minimum, its maximum, its share, and again when placing); without a memo nested stacks
/// would cost exponentially in depth. Eight slots per node, replaced round-robin.
///
/// A node's slots are allocated when it is first measured: a relayout that reuses most of
/// the previous layout measures a few hundred nodes of a large tree, and zero-filling
/// slots for every node (2.5 MB per memo on 10,000 nodes) cost more than the relayout.
///
/// Like Taffy's per-node cache, this one wrapper serves every node kind (`LayoutComputer.size`).
/// `FlexMemo` stays apart: its key is seven words (known and available sizes, parent
/// sizes, sizing mode) where this one's is a proposal's two, it keeps four slots, and
/// only for flex containers with children. One generic memo would make every SwiftUI
/// lookup compare seven words, or every flex lookup lose inputs it must key on.
struct PerLayoutSizeMemo {
    private static let slots = 8
    /// Per node: its block of slots, or -1 before its first answer.
    private var blockOf: [Int32]
    /// Proposal per slot, unspecified encoded as -1 (proposals are never negative);
    /// -2 marks an empty slot.
    private var keys: [Double] = []
    private var values: [Size] = []
    private var nextSlot: [UInt8] = []

    /// `expectedNodes`: how many nodes the layout will likely measure (storage reserved up front).
    init(nodeCount: Int, expectedNodes: Int? = nil) {
        blockOf = Array(repeating: -1, count: nodeCount)
        let blocks = expectedNodes ?? nodeCount
        keys.reserveCapacity(blocks * Self.slots * 2)
        values.reserveCapacity(blocks * Self.slots)
        nextSlot.reserveCapacity(blocks)
    }

    @inline(__always)
    private static func encode(_ value: Double?) -> Double { value ?? -1 }

    @inline(__always)
    func lookup(_ node: Int, _ proposal: ProposedSize) -> Size? {
        let block = Int(blockOf[node])
        guard block >= 0 else { return nil }
        let width = Self.encode(proposal.width), height = Self.encode(proposal.height)
        let base = block * Self.slots
        for slot in base..<base + Self.slots where keys[slot * 2] == width && keys[slot * 2 + 1] == height {
            return values[slot]
        }
        return nil
    }

    @inline(__always)
    mutating func store(_ node: Int, _ proposal: ProposedSize, _ size: Size) {
        var block = Int(blockOf[node])
        if block < 0 {
            block = nextSlot.count
            blockOf[node] = Int32(truncatingIfNeeded: block)
            nextSlot.append(0)
            keys.append(contentsOf: repeatElement(-2, count: Self.slots * 2))
            values.append(contentsOf: repeatElement(.zero, count: Self.slots))
        }
        let slot = block * Self.slots + Int(nextSlot[block])
        nextSlot[block] = (nextSlot[block] + 1) % UInt8(Self.slots)
        keys[slot * 2] = Self.encode(proposal.width)
        keys[slot * 2 + 1] = Self.encode(proposal.height)
        values[slot] = size
    }
}
