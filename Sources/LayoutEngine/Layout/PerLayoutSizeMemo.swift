/// Per-node memo of recent (proposal → size) answers within one layout: lives and dies
/// with one `LayoutComputer`, keyed by node index. (Across requests, by structural hash,
/// sizes live in the `SharedMeasurementCache`; flex containers keep their own per-layout
/// memo keyed by Taffy's inputs, `FlexMemo`.) A stack asks each child several times (its
/// minimum, its maximum, its share, and again when placing); without a memo nested stacks
/// would cost exponentially in depth. Eight slots per node, replaced round-robin.
///
/// Like Taffy's per-node cache, this one wrapper serves every node kind (`LayoutComputer.size`).
/// `FlexMemo` stays apart: its key is seven words (known and available sizes, parent
/// sizes, sizing mode) where this one's is a proposal's two, it keeps four slots, and
/// only for flex containers with children. One generic memo would make every SwiftUI
/// lookup compare seven words, or every flex lookup lose inputs it must key on.
struct PerLayoutSizeMemo {
    private static let slots = 8
    /// Proposal per slot, unspecified encoded as -1 (proposals are never negative);
    /// -2 marks an empty slot.
    private var keys: [Double]
    private var values: [Size]
    private var nextSlot: [UInt8]

    init(nodeCount: Int) {
        keys = Array(repeating: -2, count: nodeCount * Self.slots * 2)
        values = Array(repeating: .zero, count: nodeCount * Self.slots)
        nextSlot = Array(repeating: 0, count: nodeCount)
    }

    @inline(__always)
    private static func encode(_ value: Double?) -> Double { value ?? -1 }

    @inline(__always)
    func lookup(_ node: Int, _ proposal: ProposedSize) -> Size? {
        let width = Self.encode(proposal.width), height = Self.encode(proposal.height)
        let base = node * Self.slots
        for slot in base..<base + Self.slots where keys[slot * 2] == width && keys[slot * 2 + 1] == height {
            return values[slot]
        }
        return nil
    }

    @inline(__always)
    mutating func store(_ node: Int, _ proposal: ProposedSize, _ size: Size) {
        let slot = node * Self.slots + Int(nextSlot[node])
        nextSlot[node] = (nextSlot[node] + 1) % UInt8(Self.slots)
        keys[slot * 2] = Self.encode(proposal.width)
        keys[slot * 2 + 1] = Self.encode(proposal.height)
        values[slot] = size
    }
}
